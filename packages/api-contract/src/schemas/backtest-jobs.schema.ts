import { z } from 'zod';
import { ZUniverseName } from './common.schema.js';
import { server } from '../messages.js';
import { ZBacktestRobustness } from './backtest-robustness.schema.js';
import { ZBacktestSettings } from './backtest-settings.schema.js';
import { ZStockParameters } from './stock-lists.schema.js';

/** Ticker format (as ZSymbols): trimmed and upper-cased first. */
export const ZSymbol = z
  .string(server.symbolMustBeText)
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => /^[A-Z][A-Z0-9.-]{0,9}$/.test(s), { error: server.symbolRequired });

/** POST /api/run-backtester: one symbol per request, as the spec's client sends them. */
export const ZRunBacktesterInput = z.object({ symbol: ZSymbol });
export type TRunBacktesterInput = z.infer<typeof ZRunBacktesterInput>;

export const ZRunBacktesterOutput = z.object({
  message: z.string(),
  run_id: z.number().int(),
  batch_id: z.number().int(),
  /** False when this symbol's backtest was already queued or running (the same run is returned). */
  queued: z.boolean(),
});
export type TRunBacktesterOutput = z.infer<typeof ZRunBacktesterOutput>;

export const BACKTEST_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/**
 * GET /api/backtest/progress: the user's latest batch (the runs queued while any of them was
 * active), so a reloaded page shows where it is; batch_id null when the user never ran one.
 */
export const ZBacktestProgress = z.object({
  batch_id: z.number().int().nullable(),
  completed: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  runs: z.array(
    z.object({
      symbol: z.string(),
      status: z.enum(BACKTEST_RUN_STATUSES),
      /** What a running job is doing, e.g. "optimizing fold 2 of 4"; null when queued or done. */
      phase: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type TBacktestProgress = z.infer<typeof ZBacktestProgress>;

/** A backtest's headline figures over one window (money in the account's currency). */
export const ZBacktestFigures = z.object({
  profit: z.number(),
  return_pct: z.number(),
  /** Annualised Sharpe ratio of the daily equity returns (0 when flat). */
  sharpe: z.number(),
  /** Largest fall from a peak, as a fraction (0.12 = 12 %). */
  max_drawdown: z.number(),
  trades: z.number().int(),
  /** Share of round trips with a positive net result (null without trades). */
  win_rate: z.number().nullable(),
});

/** One round trip of the chosen parameters (dates YYYY-MM-DD of the fills). */
export const ZBacktestTrade = z.object({
  side: z.enum(['long', 'short']),
  entry_date: z.string(),
  exit_date: z.string(),
  entry_price: z.number(),
  exit_price: z.number(),
  quantity: z.number(),
  net_pnl: z.number(),
  reason: z.enum([
    'signal',
    'stop_loss',
    'take_profit',
    'trailing_stop',
    'max_drawdown',
    'end_of_data',
  ]),
});

/**
 * Which bars a backtest read: the universe they came from (the demo market, the Alpaca cache
 * with the feed that filled it, or the offline csv import), the first and last bar the plan used
 * (warm-up and training included) and the tested window. Dates YYYY-MM-DD.
 */
export const ZBacktestData = z.object({
  source: ZUniverseName,
  feed: z.enum(['iex', 'sip']).nullable(),
  from: z.string(),
  to: z.string(),
  tested_from: z.string(),
  tested_to: z.string(),
});

/**
 * GET /api/backtest/result/{symbol}: the latest completed backtest of one stock, as the detail
 * view needs it to judge the result before trusting money to it. Every curve has one point per
 * entry of `dates` (the `period` months the settings ask for, or less when the history is short).
 */
export const ZBacktestResult = z.object({
  symbol: z.string(),
  completed_at: z.string(),
  universe: ZUniverseName,
  settings: ZBacktestSettings,
  /** The chosen parameters (what Optimized Parameters received) and the defaults they replace. */
  parameters: ZStockParameters,
  default_parameters: ZStockParameters,
  verdict: z.object({
    no_robust_edge: z.boolean(),
    /** Each failed check in plain words, e.g. "It made money in the past but lost out of sample." */
    reasons: z.array(z.string()),
    /** One sentence a trader reads first. */
    summary: z.string(),
    deflated_sharpe: z.number().nullable(),
  }),
  /** Walk-forward: each fold's winner tested on the months after its training window. */
  out_of_sample: z.object({
    profit: z.number(),
    sharpe: z.number(),
    trades: z.number().int().nullable(),
    folds: z.number().int(),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  in_sample: z.object({
    profit: z.number(),
    trades: z.number().int().nullable(),
    min_trades: z.number().int(),
  }),
  trials: z.number().int(),
  /** Months actually tested (less than settings.period when the history is shorter). */
  months: z.number(),
  dates: z.array(z.string()),
  /** Equity per date: the chosen parameters (fitted on part of this window: in-sample), the
   *  defaults, buy-and-hold, and the walk-forward (out-of-sample, fold winners chained). */
  equity: z.object({
    chosen: z.array(z.number()),
    defaults: z.array(z.number()),
    buy_and_hold: z.array(z.number()),
    walk_forward: z.array(z.number().nullable()),
  }),
  figures: z.object({
    chosen: ZBacktestFigures,
    defaults: ZBacktestFigures,
    buy_and_hold: ZBacktestFigures,
  }),
  /** Daily bars of the window, for the price chart with the trades' markers. */
  bars: z.object({
    open: z.array(z.number()),
    high: z.array(z.number()),
    low: z.array(z.number()),
    close: z.array(z.number()),
  }),
  trades: z.array(ZBacktestTrade),
  /** The bars used; absent in results stored before it was recorded. */
  data: ZBacktestData.optional(),
  /** How the out-of-sample result changes around the chosen parameters; absent in results stored before it was computed. */
  robustness: ZBacktestRobustness.optional(),
});
export type TBacktestResult = z.infer<typeof ZBacktestResult>;
export type TBacktestData = z.infer<typeof ZBacktestData>;

export const ZBacktestResultInput = z.object({ symbol: ZSymbol });
