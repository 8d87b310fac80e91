import type { BacktestSettings } from '../params.js';

/**
 * What a backtest run needs beyond the per-stock parameters: the backtest settings plus
 * the run's seed and general options. `risk_per_trade` and `max_drawdown` are **not** read from here:
 * they are per-stock parameters (`StockParams`); the settings' `risk_per_trade` is only the value a
 * caller should put into a stock's parameters when the stock has none of its own. `period` is not
 * read by the kernel either: the caller turns it into a window (`periodWindow`).
 */
export type BacktestConfig = BacktestSettings & {
  /** Seeds the partial-fill RNG (mulberry32); same seed, same run. */
  seed: number;
  /** General setting: take short entries (default true). */
  allowShort?: boolean;
  /** General setting: minimum 100·ATR/close for a short (default 1.5). */
  shortAtrThreshold?: number;
  /** Bars in a year, to annualise Sharpe (default 252: daily bars; 98,280 for one-minute bars). */
  barsPerYear?: number;
};

export type ExitReason =
  'signal' | 'stop_loss' | 'take_profit' | 'trailing_stop' | 'max_drawdown' | 'end_of_data';

/** One round trip. Prices are fill prices, slippage included; indices are bar indices of the input. */
export interface Trade {
  side: 'long' | 'short';
  entryIndex: number;
  exitIndex: number;
  /** The bar whose close decided the entry (fills come at the next open): entryIndex − 1. */
  entryDecisionIndex: number;
  /**
   * The bar that decided the exit: the close before the fill for an exit signal or the drawdown
   * halt; the exit bar itself for a protective exit (decided inside it) and for the end of data.
   */
  exitDecisionIndex: number;
  entryTime: number;
  exitTime: number;
  entryPrice: number;
  exitPrice: number;
  quantity: number;
  /** Commission paid on entry and exit. */
  fees: number;
  /** Gross: (exitPrice − entryPrice) × quantity × (1 long, −1 short). */
  pnl: number;
  /** pnl − fees: what the trade added to cash. */
  netPnl: number;
  reason: ExitReason;
}

/** Half-open range of bars [start, end) to trade in; earlier bars only warm indicators up. */
export interface SimWindow {
  start: number;
  end: number;
}

/** `true`: trades, equity and returns; `'returns'`: equity and returns only (what the optimizer needs). */
export type Recording = boolean | 'returns';

export interface SimResult {
  /** finalEquity − initial_balance. */
  profit: number;
  finalEquity: number;
  /** Completed round trips. */
  trades: number;
  /**
   * mean/sd of the per-bar close-to-close equity returns of the window (sample sd, n − 1; the first
   * return is against the initial balance) × √barsPerYear; 0 when sd is 0.
   */
  sharpe: number;
  /** Fraction of the window's bars with a position held after the bar's open fills. */
  exposure: number;
  tradeList?: Trade[];
  /** Equity at each close of the window (after an end_of_data fill on the last bar). */
  equity?: Float64Array;
  /** equity[k]/equity[k−1] − 1, with equity[−1] = initial balance. */
  returns?: Float64Array;
}
