import type { Bars } from '../bars.js';
import type { ExitReason } from '../backtest/types.js';
import type { StockParams } from '../params.js';

/** One stock of the list: its daily bars (warm-up included) and the parameters the bot trades it with. */
export interface PortfolioStock {
  bars: Bars;
  /** `risk_per_trade` is the trading settings' risk, as the bot sets it. */
  params: StockParams;
  /**
   * When the list changed: the sessions the stock is on it, each span with its parameters
   * (ascending, `from` inclusive, `to` exclusive, session times). Absent: always, with `params`.
   */
  periods?: readonly StockPeriod[];
}

/** Sessions from `from` up to `to` (exclusive) the stock is decided with `params`. */
export interface StockPeriod {
  from: number;
  to: number;
  params: StockParams;
}

/** The account and the general settings the bot trades the list with. */
export interface PortfolioSettings {
  /** Cash at the start: the account's equity and peak before the first close. */
  initialCash: number;
  slippage_percent: number;
  commission_per_share: number;
  partial_fill_probability: number;
  /** Trailing stop as a fraction (0: off). */
  trailing_stop_pct: number;
  /** Seeds the account's one partial-fill RNG (the simulated broker's). */
  seed: number;
  shortAtrThreshold: number;
  allowShort?: boolean;
  /** The account-level drawdown halt (trading settings' max_drawdown). */
  max_drawdown: number;
}

/** Bars from `from` to `to` (ms, inclusive) are traded; earlier ones only warm the indicators. */
export interface PortfolioWindow {
  from: number;
  to?: number;
}

/** One round trip of one stock on the shared account. Prices are fills, slippage included. */
export interface PortfolioTrade {
  symbol: string;
  side: 'long' | 'short';
  /** Times of the entry and exit bars (ms UTC, midnight of the trading date). */
  entryTime: number;
  exitTime: number;
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  /** Commission paid on entry and exit. */
  fees: number;
  /** Gross: (exitPrice − entryPrice) × quantity × (1 long, −1 short). */
  pnl: number;
  netPnl: number;
  reason: ExitReason;
}

/** The close at which the account fell below its peak × (1 − max_drawdown). */
export interface PortfolioHalt {
  time: number;
  equity: number;
  peak: number;
}

/** Entries the Decider asked for that no order followed, by the bot's reason. */
export interface SkippedEntries {
  halted: number;
  busy: number;
  too_big: number;
}

export interface PortfolioRun {
  /** Each traded session's time and the account's equity at its close. */
  times: Float64Array;
  equity: Float64Array;
  /** Positions held at each close. */
  positions: Uint16Array;
  trades: PortfolioTrade[];
  halt: PortfolioHalt | null;
  skipped: SkippedEntries;
  initialCash: number;
  finalEquity: number;
}
