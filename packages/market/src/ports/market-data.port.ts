import type { Bars } from '@tradebot/strategy';
import type { TradingSession } from '../calendar/nyse.js';

/**
 * The active market's clock. Everything that trades, schedules or stamps market events reads time
 * here, never from the wall clock: the demo market runs its own (faster) clock, Alpaca's adapter
 * follows the wall clock. Synchronous, because the NYSE calendar is computed (calendar/), not
 * fetched.
 */
export interface MarketClock {
  /** Market time, ms since the epoch. */
  now(): number;
  /** True while a regular NYSE session is in progress at `now()`. */
  isOpen(): boolean;
  /** Opening instant of the next session that opens after `now()`. */
  nextOpen(): number;
  /** Closing instant of the session in progress, or else of the next one. */
  nextClose(): number;
}

/** Inclusive range of trading dates, `YYYY-MM-DD` (New York dates). */
export interface DateRange {
  from: string;
  to: string;
}

/** A last trade, as the broker's data feed reports it. */
export interface LatestTrade {
  symbol: string;
  price: number;
  size: number;
  /** ms since the epoch (market time). */
  time: number;
}

/** The best bid and offer. */
export interface LatestQuote {
  symbol: string;
  bid: number;
  ask: number;
  bidSize: number;
  askSize: number;
  time: number;
}

/** One news item. */
export interface NewsItem {
  id: string;
  symbol: string;
  title: string;
  description: string;
  url: string;
  source: string;
  /** ms since the epoch (market time). */
  publishedAt: number;
  /** The tone the item was written with, in [-1, 1]: known for generated (demo) news only. */
  knownTone?: number;
}

export interface NewsQuery {
  symbols: readonly string[];
  /** Only items published at or after this instant (ms). Default: one week before now. */
  since?: number;
  /** At most this many items, newest first. Default 50. */
  limit?: number;
}

/**
 * The market data port: daily bars, latest trade and quote, the clock and calendar, news.
 *
 * Bars are returned as the strategy package's `Bars` (parallel typed arrays, time = midnight UTC
 * of the trading date, oldest first), because that is what the backtester and the bot's Decider
 * consume; `toBarRows`/`fromBarRows` (bar-rows.ts) convert to and from plain objects for JSON.
 * Only **completed** sessions are bars: a session becomes a bar at its close by the market clock,
 * so a caller never sees a bar that will still change.
 */
export interface MarketDataPort {
  readonly clock: MarketClock;
  /** Completed daily bars of `symbol` with dates in `range`; empty for an unknown symbol. */
  getDailyBars(symbol: string, range: DateRange): Promise<Bars>;
  /** Latest trade at the clock's now; null for an unknown symbol. */
  getLatestTrade(symbol: string): Promise<LatestTrade | null>;
  /** Latest quote at the clock's now; null for an unknown symbol. */
  getLatestQuote(symbol: string): Promise<LatestQuote | null>;
  /** NYSE sessions with dates in `range` (holidays and weekends absent). */
  getCalendar(range: DateRange): Promise<TradingSession[]>;
  /** News about `symbols` published up to the clock's now, newest first. */
  getNews(query: NewsQuery): Promise<NewsItem[]>;
}
