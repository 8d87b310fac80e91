import {
  dayFromIso,
  isoFromDay,
  lastCompletedTradingDay,
  newYorkDayOf,
  newYorkInstant,
  nextTradingDay,
  sessionOf,
  sessionsBetween,
  type TradingSession,
} from '@tradebot/market/calendar';

/**
 * The market behind the e2e fake Alpaca (fake-alpaca.ts): a movable market clock, daily bars
 * (seeded per symbol, or set by the test), and the price at any instant inside a session (a
 * straight line from the open to the close). Prices are what fake-alpaca-book.ts fills at.
 */
export interface DailyBar {
  day: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

const FIRST_DAY = dayFromIso('2019-01-02');

/** mulberry32: a small seeded generator, so a symbol's bars are the same in every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (x: number) => Math.round(x * 100) / 100;

/** One listing of `GET /v2/assets` (the fields Alpaca documents for an asset). */
export interface FakeAsset {
  symbol: string;
  name: string;
  exchange: string;
  tradable?: boolean;
  shortable?: boolean;
  easy_to_borrow?: boolean;
  fractionable?: boolean;
}

/** The listings the fake serves until a test sets its own (`setAssets`). */
export const DEFAULT_FAKE_ASSETS: FakeAsset[] = [
  { symbol: 'AAPL', name: 'Apple Inc. Common Stock', exchange: 'NASDAQ' },
  { symbol: 'MSFT', name: 'Microsoft Corporation Common Stock', exchange: 'NASDAQ' },
  { symbol: 'AMZN', name: 'Amazon.com, Inc. Common Stock', exchange: 'NASDAQ' },
  { symbol: 'JPM', name: 'JPMorgan Chase & Co. Common Stock', exchange: 'NYSE' },
  { symbol: 'KO', name: 'Coca-Cola Company (The) Common Stock', exchange: 'NYSE' },
  { symbol: 'XOM', name: 'Exxon Mobil Corporation Common Stock', exchange: 'NYSE' },
  { symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust', exchange: 'ARCA' },
  { symbol: 'TSLA', name: 'Tesla, Inc. Common Stock', exchange: 'NASDAQ' },
];

/** Alpaca's bar timestamp of a day: midnight New York, as RFC 3339 without milliseconds. */
export const barTime = (day: number) =>
  new Date(newYorkInstant(day, 0)).toISOString().replace('.000Z', 'Z');

export class FakeAlpacaMarket {
  private fixedNow: number | null;
  private readonly generated = new Map<string, DailyBar[]>();
  private readonly given = new Map<string, DailyBar[]>();
  private listed: FakeAsset[] = DEFAULT_FAKE_ASSETS;

  constructor(now?: number) {
    this.fixedNow = now ?? null;
  }

  /** Market time: the time the test set (moved with `advance`), else the wall clock. */
  now(): number {
    return this.fixedNow ?? Date.now();
  }

  setTime(ms: number): void {
    this.fixedNow = ms;
  }

  advance(ms: number): void {
    this.fixedNow = this.now() + ms;
  }

  /** Back to the wall clock (a test that moved the time leaves the fake as it found it). */
  useWallClock(): void {
    this.fixedNow = null;
  }

  /** Replaces a symbol's bars (dates YYYY-MM-DD, trading days only, ascending). */
  setBars(symbol: string, rows: { date: string; o: number; h: number; l: number; c: number }[]) {
    this.given.set(
      symbol.toUpperCase(),
      rows.map((r) => ({ day: dayFromIso(r.date), o: r.o, h: r.h, l: r.l, c: r.c, v: 1_000_000 })),
    );
  }

  /** Every bar of the symbol up to and including `toDay` (seeded walk unless set). */
  bars(symbol: string, toDay: number): DailyBar[] {
    const sym = symbol.toUpperCase();
    const given = this.given.get(sym);
    if (given) return given.filter((b) => b.day <= toDay);
    let rows = this.generated.get(sym);
    if (!rows || rows[rows.length - 1]!.day < toDay) {
      rows = this.generate(sym, Math.max(toDay, nextTradingDay(newYorkDayOf(this.now()))));
      this.generated.set(sym, rows);
    }
    return rows.filter((b) => b.day <= toDay);
  }

  private generate(symbol: string, toDay: number): DailyBar[] {
    let hash = 2166136261;
    for (const ch of symbol) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
    const random = seeded(hash);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    let close = 20 + random() * 200;
    return sessionsBetween(FIRST_DAY, toDay).map((s) => {
      const o = cents(close * (1 + normal() * 0.005));
      const c = cents(Math.max(1, o * (1 + 0.0003 + normal() * 0.015)));
      const h = cents(Math.max(o, c) * (1 + random() * 0.01));
      const l = cents(Math.min(o, c) * (1 - random() * 0.01));
      close = c;
      return { day: s.day, o, h, l, c, v: Math.round(500_000 + random() * 2_000_000) };
    });
  }

  bar(symbol: string, day: number): DailyBar | null {
    const rows = this.bars(symbol, day);
    const last = rows[rows.length - 1];
    return last && last.day === day ? last : null;
  }

  /** The price at instant `t`: inside a session the line from open to close, else the last close. */
  priceAt(symbol: string, t: number): number | null {
    const session = sessionOf(newYorkDayOf(t));
    if (session && t >= session.open && t < session.close) {
      const b = this.bar(symbol, session.day);
      if (b)
        return cents(b.o + ((b.c - b.o) * (t - session.open)) / (session.close - session.open));
    }
    const rows = this.bars(symbol, lastCompletedTradingDay(t));
    return rows.length ? rows[rows.length - 1]!.c : null;
  }

  /**
   * The price range traded in [from, to] inside one session, and the open when `from` is before
   * it (a gap is filled at the open). A whole session is its bar's low and high.
   */
  rangeIn(symbol: string, s: TradingSession, from: number, to: number) {
    const b = this.bar(symbol, s.day);
    if (!b) return null;
    const start = Math.max(from, s.open);
    const end = Math.min(to, s.close);
    if (start >= end) return null;
    if (start === s.open && end === s.close) return { open: b.o, low: b.l, high: b.h };
    const p1 = this.priceAt(symbol, start) ?? b.o;
    const p2 = end === s.close ? b.c : (this.priceAt(symbol, end) ?? b.c);
    return {
      open: start === s.open ? b.o : null,
      low: Math.min(p1, p2),
      high: Math.max(p1, p2),
    };
  }

  /** Sessions whose hours overlap (from, to]. */
  sessionsIn(from: number, to: number): TradingSession[] {
    return sessionsBetween(newYorkDayOf(from), newYorkDayOf(to)).filter(
      (s) => s.close > from && s.open <= to,
    );
  }

  /** `GET /v2/calendar` rows for [from, to] (YYYY-MM-DD). */
  calendar(from: string, to: string) {
    return sessionsBetween(dayFromIso(from), dayFromIso(to)).map((s) => ({
      date: isoFromDay(s.day),
      open: '09:30',
      close: s.earlyClose ? '13:00' : '16:00',
      session_open: '0400',
      session_close: '2000',
      settlement_date: isoFromDay(nextTradingDay(s.day)),
    }));
  }

  /** Replaces the listings of `GET /v2/assets`. */
  setAssets(assets: FakeAsset[]): void {
    this.listed = assets;
  }

  /** `GET /v2/assets` (active US equities): Alpaca's asset objects. */
  assetsJson() {
    return this.listed.map((a, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      class: 'us_equity',
      exchange: a.exchange,
      symbol: a.symbol,
      name: a.name,
      status: 'active',
      tradable: a.tradable ?? true,
      marginable: true,
      maintenance_margin_requirement: 30,
      shortable: a.shortable ?? true,
      easy_to_borrow: a.easy_to_borrow ?? true,
      fractionable: a.fractionable ?? true,
      attributes: [],
    }));
  }

  /**
   * `GET /v2/stocks/bars` with `symbols`, daily: the completed bars of each symbol in
   * [start, end], ordered by symbol then time, `limit` bars a page (over all symbols, as Alpaca
   * counts) with an opaque `next_page_token`. Unknown symbols are left out of `bars`.
   */
  barsManyJson(query: URLSearchParams) {
    const symbols = (query.get('symbols') ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    const from = dayFromIso(query.get('start')?.slice(0, 10) ?? '2019-01-01');
    const end = query.get('end');
    const last = lastCompletedTradingDay(this.now());
    // A date alone (YYYY-MM-DD) includes that day, as Alpaca reads it; else an instant.
    const endDay = !end
      ? last
      : end.length === 10
        ? dayFromIso(end)
        : newYorkDayOf(Date.parse(end));
    const to = Math.min(endDay, last);
    const limit = Math.min(10_000, Math.max(1, Number(query.get('limit') ?? 1000)));
    const token = query.get('page_token');
    const [afterSymbol, afterTime] = token
      ? Buffer.from(token, 'base64url').toString('utf8').split('|')
      : ['', ''];
    const rows: { symbol: string; bar: Record<string, unknown> }[] = [];
    for (const symbol of [...new Set(symbols)].sort()) {
      if (token && symbol < afterSymbol!) continue;
      for (const b of this.bars(symbol, to)) {
        if (b.day < from) continue;
        const t = barTime(b.day);
        if (token && symbol === afterSymbol && t <= afterTime!) continue;
        rows.push({ symbol, bar: { t, o: b.o, h: b.h, l: b.l, c: b.c, v: b.v, n: 1000, vw: b.c } });
      }
    }
    const page = rows.slice(0, limit);
    const bars: Record<string, unknown[]> = {};
    for (const { symbol, bar } of page) (bars[symbol] ??= []).push(bar);
    const tail = page[page.length - 1];
    const next =
      rows.length > limit && tail
        ? Buffer.from(`${tail.symbol}|${String(tail.bar.t)}`).toString('base64url')
        : null;
    return { bars, next_page_token: next };
  }
}
