import { z } from 'zod';
import { server } from '../messages.js';
import { ZSymbol } from './backtest-jobs.schema.js';

/** The most stocks one portfolio preview takes (the Final Trading List's own limit is below it). */
export const MAX_PORTFOLIO_SYMBOLS = 200;

/**
 * POST /api/portfolio/backtest: the stocks (default: the Final Trading List, each with its
 * parameters; a stock not on it trades with the defaults) and the months to test (default: the
 * backtest settings' period).
 */
export const ZPortfolioBacktestInput = z
  .object({
    symbols: z
      .array(ZSymbol, server.symbolsMustBeList)
      .min(1, server.portfolioNoSymbols)
      .max(MAX_PORTFOLIO_SYMBOLS, server.tooManySymbols(MAX_PORTFOLIO_SYMBOLS))
      .optional(),
    months: z
      .number(server.portfolioMonths)
      .int(server.portfolioMonths)
      .min(1, server.portfolioMonths)
      .max(120, server.portfolioMonths)
      .optional(),
  })
  .strict();
export type TPortfolioBacktestInput = z.infer<typeof ZPortfolioBacktestInput>;

export const ZPortfolioBacktestStarted = z.object({ id: z.string() });
export type TPortfolioBacktestStarted = z.infer<typeof ZPortfolioBacktestStarted>;

/** GET /api/portfolio/backtest/{id}. */
export const ZPortfolioBacktestIdInput = z.object({
  id: z
    .string(server.portfolioUnknown)
    .regex(/^portfolio-\d{1,10}-[0-9a-f-]{36}$/, server.portfolioUnknown),
});
export type TPortfolioBacktestIdInput = z.infer<typeof ZPortfolioBacktestIdInput>;

const ZPoint = z.object({ date: z.string(), value: z.number() });
const ZGroup = z.object({
  trades: z.number().int(),
  wins: z.number().int(),
  net_pnl: z.number(),
  win_rate: z.number().nullable(),
});
const ZExitReason = z.enum([
  'signal',
  'stop_loss',
  'take_profit',
  'trailing_stop',
  'max_drawdown',
  'end_of_data',
]);

/** The figures traders compare (fractions, not percent; null where a ratio has no denominator). */
export const ZPortfolioMetrics = z.object({
  cagr: z.number(),
  sharpe: z.number().nullable(),
  sortino: z.number().nullable(),
  calmar: z.number().nullable(),
  max_drawdown: z.number(),
  /** Calendar days. */
  max_drawdown_duration: z.number(),
  profit_factor: z.number().nullable(),
  expectancy: z.number().nullable(),
  exposure: z.number(),
  win_rate: z.number().nullable(),
  trades_per_year: z.number(),
  longest_win_streak: z.number().int(),
  longest_loss_streak: z.number().int(),
});

const ZQuantiles = z.object({ p5: z.number(), p50: z.number(), p95: z.number() });

/**
 * Monte Carlo risk of the next year: the preview's daily returns resampled into many paths
 * from the preview's starting cash. `ok: false` when the returns cannot feed it (the reason, worded).
 */
export const ZPortfolioMonteCarlo = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    paths: z.number().int(),
    days: z.number().int(),
    seed: z.number().int(),
    mean_block_length: z.number(),
    start_equity: z.number(),
    /** The account's max_drawdown (fraction) the halt probability is measured against. */
    halt_drawdown: z.number(),
    /** Equity quantiles about once a week: `day` 0 is the start, the last is `days`. */
    bands: z.array(ZQuantiles.extend({ day: z.number().int() })),
    final_equity: ZQuantiles,
    max_drawdown: z.object({
      p5: z.number(),
      p25: z.number(),
      p50: z.number(),
      p75: z.number(),
      p95: z.number(),
      mean: z.number(),
      histogram: z.object({ bin_width: z.number(), counts: z.array(z.number().int()) }),
    }),
    halt_probability: z.number(),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type TPortfolioMonteCarlo = z.infer<typeof ZPortfolioMonteCarlo>;

export const ZPortfolioResult = z.object({
  symbols: z.array(z.string()),
  months: z.number().int(),
  initial_cash: z.number(),
  final_equity: z.number(),
  equity: z.array(ZPoint),
  benchmarks: z.object({
    equal_weight: z.array(ZPoint),
    /**
     * Buy-and-hold of the market from the same cash: SPY when the universe has its bars, the
     * demo market's index on the demo market; null when the universe has neither.
     */
    market: z.object({ name: z.string(), points: z.array(ZPoint) }).nullable(),
  }),
  metrics: ZPortfolioMetrics,
  /** When the account fell below its peak × (1 − max_drawdown): no entries after it. */
  halt: z.object({ date: z.string(), equity: z.number(), peak: z.number() }).nullable(),
  per_symbol: z.array(ZGroup.extend({ symbol: z.string() })),
  per_exit_reason: z.array(ZGroup.extend({ reason: ZExitReason })),
  trades: z.array(
    z.object({
      symbol: z.string(),
      side: z.enum(['long', 'short']),
      entry_date: z.string(),
      exit_date: z.string(),
      quantity: z.number(),
      entry_price: z.number(),
      exit_price: z.number(),
      fees: z.number(),
      pnl: z.number(),
      net_pnl: z.number(),
      exit_reason: ZExitReason,
    }),
  ),
  monte_carlo: ZPortfolioMonteCarlo,
});
export type TPortfolioResult = z.infer<typeof ZPortfolioResult>;

export const ZPortfolioBacktestStatus = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  error: z.string().nullable(),
  result: ZPortfolioResult.nullable(),
});
export type TPortfolioBacktestStatus = z.infer<typeof ZPortfolioBacktestStatus>;
