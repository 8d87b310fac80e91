/**
 * Per-stock strategy parameters (spec §3 "Per-stock strategy parameters", defaults and bounds
 * from spec §9). Where the spec gives no bound, the bound below is ours and is documented in
 * README.md. `search` is the narrower range the optimizer explores inside the hard bounds.
 */
export interface StockParams {
  atr_multiplier: number;
  atr_period: number;
  macd_crossover: boolean;
  macd_crossunder: boolean;
  macd_fast: number;
  macd_slow: number;
  max_drawdown: number;
  risk_per_trade: number;
  rsi_buy_threshold: number;
  rsi_period: number;
  rsi_sell_threshold: number;
  short_stop_loss_percentage: number;
  short_take_profit_percentage: number;
  sma_period: number;
  stop_loss_percentage: number;
  take_profit_percentage: number;
}

export type NumericParam = {
  [K in keyof StockParams]: StockParams[K] extends number ? K : never;
}[keyof StockParams];

export interface ParamBound {
  min: number;
  max: number;
  integer: boolean;
  /** Range the optimizer samples; always inside [min, max]. */
  search: readonly [number, number];
  description: string;
}

export const STOCK_PARAM_DEFAULTS: Readonly<StockParams> = {
  atr_multiplier: 2,
  atr_period: 14,
  macd_crossover: true,
  macd_crossunder: true,
  macd_fast: 12,
  macd_slow: 26,
  max_drawdown: 0.2,
  risk_per_trade: 0.02,
  rsi_buy_threshold: 30,
  rsi_period: 14,
  rsi_sell_threshold: 70,
  short_stop_loss_percentage: 2,
  short_take_profit_percentage: 5,
  sma_period: 50,
  stop_loss_percentage: 2,
  take_profit_percentage: 5,
};

export const STOCK_PARAM_BOUNDS: Readonly<Record<NumericParam, ParamBound>> = {
  atr_multiplier: {
    min: 0.1,
    max: 10,
    integer: false,
    search: [1, 4],
    description: 'Stop distance in ATRs used to size a position.',
  },
  atr_period: {
    min: 5,
    max: 50,
    integer: true,
    search: [5, 50],
    description: 'Bars in the Wilder ATR.',
  },
  macd_fast: {
    min: 5,
    max: 50,
    integer: true,
    search: [5, 20],
    description: 'Fast EMA period of the MACD line.',
  },
  macd_slow: {
    min: 10,
    max: 100,
    integer: true,
    search: [20, 60],
    description: 'Slow EMA period of the MACD line; kept above the fast period.',
  },
  max_drawdown: {
    min: 0,
    max: 1,
    integer: false,
    search: [0.1, 0.3],
    description: 'Stop trading the symbol once equity falls this fraction below its peak.',
  },
  risk_per_trade: {
    min: 0,
    max: 1,
    integer: false,
    search: [0.005, 0.05],
    description: 'Fraction of equity risked on one trade.',
  },
  rsi_buy_threshold: {
    min: 0,
    max: 100,
    integer: false,
    search: [15, 45],
    description:
      'Oversold level: a long needs RSI below it within the last 15 bars; RSI crossing back above it is the buy signal when the MACD crossover is off; RSI crossing below it covers a short.',
  },
  rsi_period: {
    min: 5,
    max: 50,
    integer: true,
    search: [5, 30],
    description: 'Bars in the Wilder RSI.',
  },
  rsi_sell_threshold: {
    min: 0,
    max: 100,
    integer: false,
    search: [55, 85],
    description:
      'Overbought level: a short needs RSI above it within the last 15 bars; RSI crossing back below it is the short signal when the MACD crossunder is off; RSI crossing above it exits a long.',
  },
  short_stop_loss_percentage: {
    min: 0,
    max: 100,
    integer: false,
    search: [1, 10],
    description: 'Stop-loss for shorts, percent above entry.',
  },
  short_take_profit_percentage: {
    min: 0,
    max: 100,
    integer: false,
    search: [1, 20],
    description: 'Take-profit for shorts, percent below entry.',
  },
  sma_period: {
    min: 10,
    max: 100,
    integer: true,
    search: [10, 100],
    description:
      'Bars in the moving average a trade reverts to: a long exits when the close crosses above it, a short when the close crosses below it.',
  },
  stop_loss_percentage: {
    min: 0,
    max: 100,
    integer: false,
    search: [1, 10],
    description: 'Stop-loss for longs, percent below entry.',
  },
  take_profit_percentage: {
    min: 0,
    max: 100,
    integer: false,
    search: [1, 20],
    description: 'Take-profit for longs, percent above entry.',
  },
};

/** Backtest settings (spec §3, defaults and bounds from spec §9). */
export interface BacktestSettings {
  commission_per_share: number;
  initial_balance: number;
  partial_fill_probability: number;
  /** Months of history to test. */
  period: number;
  risk_per_trade: number;
  slippage_percent: number;
  trailing_stop_pct: number;
}

export const BACKTEST_SETTINGS_DEFAULTS: Readonly<BacktestSettings> = {
  commission_per_share: 0.005,
  initial_balance: 10_000,
  partial_fill_probability: 0.1,
  period: 12,
  risk_per_trade: 0.02,
  slippage_percent: 0.1,
  trailing_stop_pct: 0.02,
};

export const BACKTEST_SETTINGS_BOUNDS: Readonly<
  Record<keyof BacktestSettings, { min: number; max: number }>
> = {
  commission_per_share: { min: 0, max: 0.1 },
  initial_balance: { min: 1000, max: 1_000_000 },
  partial_fill_probability: { min: 0, max: 1 },
  period: { min: 1, max: 120 },
  risk_per_trade: { min: 0, max: 1 },
  slippage_percent: { min: 0, max: 10 },
  trailing_stop_pct: { min: 0, max: 1 },
};
