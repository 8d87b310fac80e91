import { marketData, trading } from '@alpacahq/alpaca-trade-api/rest';
import type { Bars } from '@tradebot/strategy';
import { DAY_MS, dayFromIso } from '../calendar/days.js';
import { lastCompletedTradingDay, type TradingSession } from '../calendar/nyse.js';
import type {
  DateRange,
  LatestQuote,
  LatestTrade,
  MarketDataPort,
  NewsItem,
  NewsQuery,
} from '../ports/market-data.port.js';
import { systemWallTime } from '../wall-time.js';
import { AlpacaClock } from './clock.js';
import { AlpacaPayloadError } from './errors.js';
import { barsFromAlpaca, newsFromAlpaca, sessionFromAlpaca } from './mappers.js';
import {
  ZBarsPage,
  ZCalendar,
  ZClock,
  ZLatestQuote,
  ZLatestTrade,
  ZNewsPage,
  parsePayload,
} from './schemas.js';
import {
  resolveAlpacaConnection,
  type AlpacaConnection,
  type AlpacaConnectionOptions,
} from './settings.js';
import { callAlpaca, type AlpacaRequestLimiter, type RetryPolicy } from './transport.js';
import { dailyBarsMany, listAlpacaAssets } from './universe-data.js';
import type { BrokerAsset, SymbolBarRow, UniverseDataPort } from '../ports/universe-data.port.js';

export interface AlpacaMarketDataOptions extends AlpacaConnectionOptions {
  /** Split and dividend adjustment of bars; default `all` (what backtests and indicators want). */
  adjustment?: 'raw' | 'split' | 'dividend' | 'all';
  /** Retries after a 429/5xx/network failure before giving up; default 3. */
  maxRetries?: number;
  /** Longest single wait between attempts, ms; default 60 000. */
  maxRetryWaitMs?: number;
  /** How to wait between attempts; tests inject one that returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Wall time source; default `systemWallTime`. */
  wallTime?: () => number;
  /** Bars per page (Alpaca allows up to 10 000); default 10 000. */
  pageSize?: number;
  /**
   * The key's request budget shared by every client of the key (core's Redis limiter): each
   * HTTP request, page and retry waits for it, and the SDK's own per-client limiter is off.
   * Without it, the SDK's token bucket limits this one client only.
   */
  limiter?: AlpacaRequestLimiter | undefined;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const NEWS_PAGE_MAX = 50;
const NOON = DAY_MS / 2;
const RATE_LIMIT = { maxRequests: 200, intervalMs: 60_000 };

/**
 * The market data port over Alpaca's REST APIs, through `@alpacahq/alpaca-trade-api` 4.x's
 * generated clients pointed at the configured addresses. Each call takes the raw response and
 * validates it with zod (schemas.ts) before mapping, so a malformed payload never yields data.
 * The clock is a refreshed snapshot: call `refreshClock()` (or build with `connect`).
 */
export class AlpacaMarketData implements MarketDataPort, UniverseDataPort {
  readonly clock: AlpacaClock;
  readonly connection: Omit<AlpacaConnection, 'keyId' | 'secret'>;
  private readonly stocks: marketData.StockApi;
  private readonly newsApi: marketData.NewsApi;
  private readonly clockApi: trading.ClockApi;
  private readonly calendarApi: trading.CalendarApi;
  private readonly assetsApi: trading.AssetsApi;
  private readonly policy: RetryPolicy;
  private readonly adjustment: string;
  private readonly pageSize: number;

  constructor(options: AlpacaMarketDataOptions) {
    const c = resolveAlpacaConnection(options);
    this.connection = {
      paper: c.paper,
      feed: c.feed,
      tradingUrl: c.tradingUrl,
      dataUrl: c.dataUrl,
    };
    const wallTime = options.wallTime ?? systemWallTime;
    this.clock = new AlpacaClock(wallTime);
    this.policy = {
      maxRetries: options.maxRetries ?? 3,
      maxWaitMs: options.maxRetryWaitMs ?? 60_000,
      sleep: options.sleep ?? realSleep,
      wallTime,
      limiter: options.limiter,
    };
    this.adjustment = options.adjustment ?? 'all';
    this.pageSize = options.pageSize ?? 10_000;
    // The SDK's retry is off: transport.ts is the one retry policy. Exactly one limiter: the key's
    // shared budget when given (transport.ts waits for it), else the SDK's per-client token
    // bucket at Alpaca's ~200 requests/minute, so bursts wait, not draw 429s.
    const rateLimit = options.limiter ? undefined : RATE_LIMIT;
    const shared = { keyId: c.keyId, secret: c.secret, retry: undefined, rateLimit };
    const tradingConfig = new trading.Configuration({ ...shared, basePath: c.tradingUrl });
    const dataConfig = new marketData.Configuration({ ...shared, basePath: c.dataUrl });
    this.stocks = new marketData.StockApi(dataConfig);
    this.newsApi = new marketData.NewsApi(dataConfig);
    this.clockApi = new trading.ClockApi(tradingConfig);
    this.calendarApi = new trading.CalendarApi(tradingConfig);
    this.assetsApi = new trading.AssetsApi(tradingConfig);
  }

  /** An adapter whose clock has been fetched once. */
  static async connect(options: AlpacaMarketDataOptions): Promise<AlpacaMarketData> {
    const adapter = new AlpacaMarketData(options);
    await adapter.refreshClock();
    return adapter;
  }

  /** Fetches `GET /v2/clock` into `clock`; on failure the previous snapshot stays. */
  async refreshClock(): Promise<void> {
    const call = 'GET /v2/clock';
    const text = await callAlpaca(call, () => this.clockApi.legacyClockRaw(), this.policy);
    const received = this.policy.wallTime();
    const c = parsePayload(ZClock, text, call);
    this.clock.update(
      { timestamp: c.timestamp, isOpen: c.is_open, nextOpen: c.next_open, nextClose: c.next_close },
      received,
    );
  }

  async getDailyBars(symbol: string, range: DateRange): Promise<Bars> {
    const sym = symbol.toUpperCase();
    const call = `GET /v2/stocks/${sym}/bars`;
    const fromDay = dayFromIso(range.from);
    const toDay = dayFromIso(range.to);
    const lastCompletedDay = lastCompletedTradingDay(this.clock.now());
    const endDay = Math.min(toDay, lastCompletedDay);
    const rows = [];
    if (fromDay <= endDay) {
      let pageToken: string | undefined;
      do {
        const text = await callAlpaca(
          call,
          () =>
            this.stocks.stockBarSingleRaw({
              symbol: sym,
              timeframe: '1Day',
              start: new Date(fromDay * DAY_MS),
              // The whole last day (UTC), which holds its bar stamped at midnight New York.
              end: new Date((endDay + 1) * DAY_MS - 1000),
              adjustment: this.adjustment,
              feed: this.connection.feed,
              limit: this.pageSize,
              sort: 'asc',
              pageToken,
            }),
          this.policy,
        );
        const page = parsePayload(ZBarsPage, text, call);
        if (page.symbol.toUpperCase() !== sym) {
          throw new AlpacaPayloadError(call, [`symbol: expected ${sym}, received ${page.symbol}`]);
        }
        rows.push(...(page.bars ?? []));
        pageToken = page.next_page_token ?? undefined;
      } while (pageToken !== undefined);
    }
    return barsFromAlpaca(sym, rows, { fromDay, toDay, lastCompletedDay }, call);
  }

  /** Active, tradable US equities (`GET /v2/assets`). */
  listAssets(): Promise<BrokerAsset[]> {
    return listAlpacaAssets(this.assetsApi, this.policy);
  }

  /**
   * Completed daily bars of many symbols through `GET /v2/stocks/bars`, page by page; only
   * sessions completed by this adapter's clock (refresh it first: `connect`).
   */
  getDailyBarsMany(
    symbols: readonly string[],
    range: DateRange,
    onPage: (rows: SymbolBarRow[]) => Promise<void>,
  ): Promise<void> {
    const lastCompletedDay = lastCompletedTradingDay(this.clock.now());
    const query = { adjustment: this.adjustment, feed: this.connection.feed, limit: this.pageSize };
    return dailyBarsMany(
      this.stocks,
      this.policy,
      query,
      { symbols, range, lastCompletedDay },
      onPage,
    );
  }

  async getLatestTrade(symbol: string): Promise<LatestTrade | null> {
    const sym = symbol.toUpperCase();
    const call = `GET /v2/stocks/${sym}/trades/latest`;
    const text = await callAlpaca(
      call,
      () => this.stocks.stockLatestTradeSingleRaw({ symbol: sym, feed: this.connection.feed }),
      this.policy,
      () => null,
    );
    if (text === null) return null;
    const { trade } = parsePayload(ZLatestTrade, text, call);
    return { symbol: sym, price: trade.p, size: trade.s, time: trade.t };
  }

  async getLatestQuote(symbol: string): Promise<LatestQuote | null> {
    const sym = symbol.toUpperCase();
    const call = `GET /v2/stocks/${sym}/quotes/latest`;
    const text = await callAlpaca(
      call,
      () => this.stocks.stockLatestQuoteSingleRaw({ symbol: sym, feed: this.connection.feed }),
      this.policy,
      () => null,
    );
    if (text === null) return null;
    const { quote } = parsePayload(ZLatestQuote, text, call);
    return {
      symbol: sym,
      bid: quote.bp,
      ask: quote.ap,
      bidSize: quote.bs,
      askSize: quote.as,
      time: quote.t,
    };
  }

  async getCalendar(range: DateRange): Promise<TradingSession[]> {
    const call = 'GET /v2/calendar';
    const fromDay = dayFromIso(range.from);
    const toDay = dayFromIso(range.to);
    if (fromDay > toDay) return [];
    const text = await callAlpaca(
      call,
      () =>
        // The SDK sends start/end as UTC timestamps; Alpaca documents dates. Asking from noon
        // UTC of the day before to noon UTC of the day after is right whether the server reads
        // the date part or the instant (in UTC or New York); the rows are then cut to the range.
        this.calendarApi.legacyCalendarRaw({
          start: new Date((fromDay - 1) * DAY_MS + NOON),
          end: new Date((toDay + 1) * DAY_MS + NOON),
        }),
      this.policy,
    );
    return parsePayload(ZCalendar, text, call)
      .map(sessionFromAlpaca)
      .filter((s) => s.day >= fromDay && s.day <= toDay)
      .sort((a, b) => a.day - b.day);
  }

  async getNews(query: NewsQuery): Promise<NewsItem[]> {
    const wanted = new Set(query.symbols.map((s) => s.toUpperCase()));
    const limit = query.limit ?? 50;
    if (wanted.size === 0 || limit <= 0) return [];
    const call = 'GET /v1beta1/news';
    const now = this.clock.now();
    const since = query.since ?? now - 7 * DAY_MS;
    const items: NewsItem[] = [];
    let pageToken: string | undefined;
    do {
      const text = await callAlpaca(
        call,
        () =>
          this.newsApi.newsRaw({
            symbols: [...wanted].join(','),
            start: new Date(since),
            end: new Date(now),
            sort: 'desc',
            limit: NEWS_PAGE_MAX,
            pageToken,
          }),
        this.policy,
      );
      const page = parsePayload(ZNewsPage, text, call);
      for (const article of page.news ?? []) {
        if (article.created_at >= since && article.created_at <= now) {
          items.push(...newsFromAlpaca(article, wanted));
        }
      }
      pageToken = page.next_page_token ?? undefined;
    } while (pageToken !== undefined && items.length < limit);
    items.sort((a, b) => b.publishedAt - a.publishedAt || (a.symbol < b.symbol ? -1 : 1));
    return items.slice(0, limit);
  }
}
