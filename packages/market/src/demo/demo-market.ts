import { allocBars, type Bars } from '@tradebot/strategy';
import { DAY_MS, dayFromIso, isoFromDay } from '../calendar/days.js';
import {
  currentOrNextSession,
  lastCompletedTradingDay,
  nextTradingDay,
  sessionOf,
  sessionsBetween,
  type TradingSession,
} from '../calendar/nyse.js';
import type { CompanyFundamentals, FundamentalsPort } from '../ports/fundamentals.port.js';
import type {
  DateRange,
  LatestQuote,
  LatestTrade,
  MarketClock,
  MarketDataPort,
  NewsItem,
  NewsQuery,
} from '../ports/market-data.port.js';
import { generateFactors, type MarketFactors } from './factors.js';
import { fundamentalsAt } from './fundamentals.js';
import { headlineFor } from './news.js';
import { generateSeries, type SymbolSeries } from './prices.js';
import { generateUniverse, type DemoCompany } from './universe.js';

export interface DemoMarketOptions {
  seed: number;
  /** Listings in the universe (≥ 50); default 520. */
  size?: number;
  /** First trading date of the history, `YYYY-MM-DD`; default 2016-01-04. Bar 0 is its session. */
  historyStart?: string;
  /** The market's clock; usually a `DemoClock`. */
  clock: MarketClock;
  /**
   * Symbols whose generated series are kept in memory (least recently used go); default: every
   * listing. The metrics refresh and the universe's fundamentals read every listing once per
   * completed session: a cache smaller than the universe regenerates all of them on each pass.
   */
  cacheSize?: number;
}

/** Companies make news; funds and blank-check shells have no results or outlooks to report. */
function hasNews(c: DemoCompany): boolean {
  return c.profile.asset_type === 'stock' || c.profile.asset_type === 'reit';
}

/** The name the demo market's index goes by in charts and results. */
export const INDEX_SYMBOL = 'Demo market index';

/** Trading days generated beyond the current one, so a running clock rarely regenerates. */
const HEADROOM = 260;

/**
 * The demo market: the market-data and fundamentals ports over a generated universe and its own
 * clock. Bars, fundamentals and news are pure functions of (seed, size, historyStart, symbol,
 * trading day); the clock only decides how many of them are visible. A session's bar appears at
 * its close, and its headlines five minutes later.
 */
export class DemoMarket implements MarketDataPort, FundamentalsPort {
  readonly clock: MarketClock;
  readonly seed: number;
  private readonly companies: DemoCompany[];
  private readonly bySymbol: Map<string, DemoCompany>;
  private readonly days: number[];
  private readonly cacheSize: number;
  private factors: MarketFactors;
  private readonly series = new Map<string, SymbolSeries>();
  private universeCache: { completed: number; list: CompanyFundamentals[] } | null = null;

  constructor(options: DemoMarketOptions) {
    this.seed = options.seed >>> 0;
    this.clock = options.clock;
    this.companies = generateUniverse({ seed: this.seed, size: options.size ?? 520 });
    this.cacheSize = options.cacheSize ?? this.companies.length;
    this.bySymbol = new Map(this.companies.map((c) => [c.profile.symbol, c]));
    const start = dayFromIso(options.historyStart ?? '2016-01-04');
    this.days = [sessionOf(start) === null ? nextTradingDay(start) : start];
    this.factors = generateFactors(this.seed, 1);
    if (this.completedCount() < 1) {
      throw new RangeError('the demo clock must be after the close of the first history session');
    }
  }

  /** The listings (profiles and model parameters), in symbol order. */
  listings(): readonly DemoCompany[] {
    return this.companies;
  }

  /** Trading date (day number) of bar index t. */
  dayAt(t: number): number {
    this.ensureDays(t + 1);
    return this.days[t] as number;
  }

  /** Number of completed sessions (visible bars) at the clock's now. */
  completedCount(): number {
    const last = lastCompletedTradingDay(this.clock.now());
    const first = this.days[0] as number;
    if (last < first) return 0;
    while ((this.days[this.days.length - 1] as number) < last) this.extendDays();
    return this.indexOfDayAtOrBefore(last) + 1;
  }

  /**
   * Daily log returns of the simulated market index over the completed sessions (what the
   * listings' betas load on); element t belongs to bar t.
   */
  indexReturns(): Float64Array {
    const n = this.completedCount();
    return this.marketFactors(n).market.slice(0, n);
  }

  /**
   * The simulated market index as bars over `range` (completed sessions only): its level starts
   * at 100 before the history's first session and compounds `indexReturns`; open, high, low and
   * close are the level, volume 0. What the demo market's own "market" line is drawn from.
   */
  indexBars(range: DateRange): Bars {
    const n = this.completedCount();
    const returns = this.marketFactors(n).market;
    const from = this.indexOfDayAtOrBefore(dayFromIso(range.from) - 1) + 1;
    const to = Math.min(n - 1, this.indexOfDayAtOrBefore(dayFromIso(range.to)));
    const bars = allocBars(INDEX_SYMBOL, Math.max(0, to - from + 1));
    let level = 100;
    for (let t = 0; t <= to; t++) {
      level *= Math.exp(returns[t] as number);
      if (t < from) continue;
      const i = t - from;
      bars.time[i] = (this.days[t] as number) * DAY_MS;
      bars.open[i] = level;
      bars.high[i] = level;
      bars.low[i] = level;
      bars.close[i] = level;
    }
    return bars;
  }

  /** The market factors for at least `length` bars: internal, they run ahead of the clock. */
  private marketFactors(length: number): MarketFactors {
    if (this.factors.length < length) {
      this.factors = generateFactors(this.seed, length + HEADROOM);
      this.series.clear();
    }
    return this.factors;
  }

  /** A listing's generated series, at least `length` bars long: internal, it runs ahead of the clock. */
  private seriesOf(company: DemoCompany, length: number): SymbolSeries {
    const f = this.marketFactors(length);
    const key = company.profile.symbol;
    let s = this.series.get(key);
    if (s === undefined || s.length < length) s = generateSeries(this.seed, company, f, f.length);
    this.series.delete(key);
    this.series.set(key, s);
    if (this.series.size > this.cacheSize) {
      this.series.delete(this.series.keys().next().value as string);
    }
    return s;
  }

  private extendDays(): void {
    this.days.push(nextTradingDay(this.days[this.days.length - 1] as number));
  }

  private ensureDays(n: number): void {
    while (this.days.length < n) this.extendDays();
  }

  /** Index of the last history day ≤ `day` (days must already reach it); -1 before the start. */
  private indexOfDayAtOrBefore(day: number): number {
    let lo = 0;
    let hi = this.days.length - 1;
    if (day < (this.days[0] as number)) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.days[mid] as number) <= day) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private company(symbol: string): DemoCompany | undefined {
    return this.bySymbol.get(symbol.trim().toUpperCase());
  }

  async getDailyBars(symbol: string, range: DateRange): Promise<Bars> {
    const c = this.company(symbol);
    const n = this.completedCount();
    if (c === undefined || n === 0) return allocBars(symbol.toUpperCase(), 0);
    const from = this.indexOfDayAtOrBefore(dayFromIso(range.from) - 1) + 1;
    const to = Math.min(n - 1, this.indexOfDayAtOrBefore(dayFromIso(range.to)));
    const s = this.seriesOf(c, n);
    const bars = allocBars(c.profile.symbol, Math.max(0, to - from + 1));
    for (let t = from, i = 0; t <= to; t++, i++) {
      bars.time[i] = (this.days[t] as number) * DAY_MS;
      bars.open[i] = s.open[t] as number;
      bars.high[i] = s.high[t] as number;
      bars.low[i] = s.low[t] as number;
      bars.close[i] = s.close[t] as number;
      bars.volume[i] = s.volume[t] as number;
    }
    return bars;
  }

  /**
   * The last trade: during a session, a price on the way from the day's open to its close (a
   * smooth wiggle, kept inside the day's high and low); otherwise the last close.
   */
  async getLatestTrade(symbol: string): Promise<LatestTrade | null> {
    const c = this.company(symbol);
    if (c === undefined) return null;
    const now = this.clock.now();
    const n = this.completedCount();
    const session = currentOrNextSession(now);
    if (now < session.open) {
      const last = sessionOf(this.dayAt(n - 1)) as TradingSession;
      const s = this.seriesOf(c, n);
      return {
        symbol: c.profile.symbol,
        price: s.close[n - 1] as number,
        size: 100,
        time: last.close,
      };
    }
    const s = this.seriesOf(c, n + 1);
    const f = (now - session.open) / (session.close - session.open);
    const o = s.open[n] as number;
    const cl = s.close[n] as number;
    const wiggle = Math.sin(Math.PI * f) * Math.sin(7 * Math.PI * f) * 0.5;
    const p = o * Math.pow(cl / o, f) + wiggle * ((s.high[n] as number) - (s.low[n] as number));
    const price =
      Math.round(Math.min(s.high[n] as number, Math.max(s.low[n] as number, p)) * 100) / 100;
    return { symbol: c.profile.symbol, price, size: 100, time: now };
  }

  /** The opening price of the session in progress at the clock's now; null outside one. */
  async getSessionOpen(symbol: string): Promise<number | null> {
    const c = this.company(symbol);
    if (c === undefined) return null;
    const now = this.clock.now();
    const session = currentOrNextSession(now);
    if (now < session.open || now >= session.close) return null;
    const n = this.completedCount();
    return this.seriesOf(c, n + 1).open[n] as number;
  }

  async getLatestQuote(symbol: string): Promise<LatestQuote | null> {
    const trade = await this.getLatestTrade(symbol);
    if (trade === null) return null;
    const spread = Math.max(0.01, Math.round(trade.price * 0.0008 * 100) / 100);
    const bid = Math.round((trade.price - spread / 2) * 100) / 100;
    return {
      symbol: trade.symbol,
      bid,
      ask: Math.round((bid + spread) * 100) / 100,
      bidSize: 3,
      askSize: 2,
      time: trade.time,
    };
  }

  async getCalendar(range: DateRange): Promise<TradingSession[]> {
    return sessionsBetween(dayFromIso(range.from), dayFromIso(range.to));
  }

  async getNews(query: NewsQuery): Promise<NewsItem[]> {
    const now = this.clock.now();
    const since = query.since ?? now - 7 * DAY_MS;
    const n = this.completedCount();
    const first = Math.max(0, this.indexOfDayAtOrBefore(Math.floor(since / DAY_MS) - 1));
    const items: NewsItem[] = [];
    for (const symbol of query.symbols) {
      const c = this.company(symbol);
      if (c === undefined || !hasNews(c)) continue;
      const s = this.seriesOf(c, n);
      for (let t = first; t < n; t++) {
        const h = headlineFor(this.seed, c.profile, t, s.ret[t] as number, s.z[t] as number);
        if (h === null) continue;
        const day = this.days[t] as number;
        const publishedAt = (sessionOf(day) as TradingSession).close + 5 * 60_000;
        if (publishedAt < since || publishedAt > now) continue;
        const iso = isoFromDay(day);
        items.push({
          id: `demo-${c.profile.symbol}-${iso}`,
          symbol: c.profile.symbol,
          title: h.title,
          description: h.description,
          url: `https://news.example/${c.profile.symbol.toLowerCase()}/${iso}`,
          source: 'Demo Wire',
          publishedAt,
          knownTone: h.tone,
        });
      }
    }
    items.sort((a, b) => b.publishedAt - a.publishedAt || (a.symbol < b.symbol ? -1 : 1));
    return items.slice(0, query.limit ?? 50);
  }

  async listUniverse(): Promise<CompanyFundamentals[]> {
    const n = this.completedCount();
    if (this.universeCache?.completed !== n) {
      const time = (sessionOf(this.dayAt(n - 1)) as TradingSession).close;
      const list = this.companies.map((c) => fundamentalsAt(c, this.seriesOf(c, n), n, time));
      this.universeCache = { completed: n, list };
    }
    return this.universeCache.list.map((f) => ({ ...f }));
  }

  async getCompany(symbol: string): Promise<CompanyFundamentals | null> {
    const c = this.company(symbol);
    if (c === undefined) return null;
    const n = this.completedCount();
    const time = (sessionOf(this.dayAt(n - 1)) as TradingSession).close;
    return fundamentalsAt(c, this.seriesOf(c, n), n, time);
  }
}
