/**
 * Per-stock strategy parameters (the product's defaults and bounds). Where the product spec gives no bound, the bound below is ours and is documented in
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
    description:
      "Sizes each position: the bot buys as many shares as lose the risk budget (equity × risk per trade) over a move of this many ATRs (the stock's average daily range). Raise it for smaller positions, lower it for larger ones (never more than the cash pays for).",
  },
  atr_period: {
    min: 5,
    max: 50,
    integer: true,
    search: [5, 50],
    description:
      'How many days the ATR (average daily range) used for position size averages over. Longer reacts more slowly to a change in how much the stock moves; shorter follows recent days more closely.',
  },
  macd_fast: {
    min: 5,
    max: 50,
    integer: true,
    search: [5, 20],
    description:
      'Days of the fast average in the MACD momentum line. Lower makes the MACD turn (and so the buy or sell signal) come sooner but more often falsely; higher makes it slower and steadier. Keep it below the slow period (the optimizer always does).',
  },
  macd_slow: {
    min: 10,
    max: 100,
    integer: true,
    search: [20, 60],
    description:
      'Days of the slow average in the MACD momentum line. Higher makes momentum turns rarer and later; lower makes them more frequent. Keep it above the fast period (the optimizer always does).',
  },
  max_drawdown: {
    min: 0,
    max: 1,
    integer: false,
    search: [0.1, 0.3],
    description:
      "Safety halt: if this stock's trading loses this much of its best equity so far, the bot closes the position and stops trading the stock. Lower halts sooner; higher tolerates deeper losses.",
  },
  risk_per_trade: {
    min: 0,
    max: 1,
    integer: false,
    search: [0.005, 0.05],
    description:
      'How much of your equity one trade may lose over the ATR move used for sizing. Raise it for bigger positions and bigger swings in your account; lower it for smaller ones.',
  },
  rsi_buy_threshold: {
    min: 0,
    max: 100,
    integer: false,
    search: [15, 45],
    description:
      'Oversold level. A long needs the RSI below it on one of the last 15 days; it then buys on the MACD turning up (or, with the MACD crossover off, on the RSI climbing back above this level). The RSI falling below it also closes a short. Raise it for more, earlier buys on shallower dips; lower it for fewer, deeper ones.',
  },
  rsi_period: {
    min: 5,
    max: 50,
    integer: true,
    search: [5, 30],
    description:
      'How many days the RSI averages over. Shorter makes the RSI swing more, so it reaches the buy and sell levels more often; longer makes it calmer and signals rarer.',
  },
  rsi_sell_threshold: {
    min: 0,
    max: 100,
    integer: false,
    search: [55, 85],
    description:
      'Overbought level. The RSI rising above it closes a long. A short needs the RSI above it on one of the last 15 days, then the MACD turning down (or, with the MACD crossunder off, the RSI falling back below this level). Lower it to take profits sooner; raise it to let winners run.',
  },
  short_stop_loss_percentage: {
    min: 0,
    max: 100,
    integer: false,
    search: [1, 10],
    description:
      'Shorts only: the position is bought back when the price rises this many percent above the entry. Lower cuts losses sooner but is hit more often by normal swings.',
  },
  short_take_profit_percentage: {
    min: 0,
    max: 100,
    integer: false,
    search: [1, 20],
    description:
      'Shorts only: the position is bought back when the price falls this many percent below the entry. Lower takes smaller profits more often; higher waits for a bigger fall.',
  },
  sma_period: {
    min: 10,
    max: 100,
    integer: true,
    search: [10, 100],
    description:
      'Days of the moving average a trade aims for: a long is sold when the close rises above it, a short bought back when the close falls below it. Longer averages give trades more room to run; shorter ones close them sooner.',
  },
  stop_loss_percentage: {
    min: 0,
    max: 100,
    integer: false,
    search: [1, 10],
    description:
      'Longs: the position is sold when the price falls this many percent below the entry (a trailing stop from the backtest settings may close it earlier). Lower cuts losses sooner but is hit more often by normal swings.',
  },
  take_profit_percentage: {
    min: 0,
    max: 100,
    integer: false,
    search: [1, 20],
    description:
      'Longs: the position is sold when the price rises this many percent above the entry. Lower takes smaller profits more often; higher waits for a bigger rise.',
  },
};

/** The two MACD gates of the per-stock parameters: what each switches (the tooltip text). */
export const STOCK_PARAM_FLAGS: Readonly<
  Record<'macd_crossover' | 'macd_crossunder', { description: string }>
> = {
  macd_crossover: {
    description:
      'On: after an oversold dip, buy only when the MACD line crosses above its signal line (momentum turning up); this crossing also closes a short. Off: buy when the RSI climbs back above the buy threshold instead.',
  },
  macd_crossunder: {
    description:
      'On: a long is also sold when the MACD line crosses below its signal line (momentum turning down), and a short opens on this crossing after an overbought spike. Off: shorts open when the RSI falls back below the sell threshold, and longs no longer exit on the MACD.',
  },
};

/** Backtest settings (the product's defaults and bounds). */
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
