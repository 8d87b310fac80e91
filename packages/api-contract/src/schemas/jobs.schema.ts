import { z } from 'zod';
import { ZUniverseName } from './common.schema.js';
import { MAX_PORTFOLIO_SYMBOLS, ZPortfolioResult } from './portfolio.schema.js';

/** Job payload schemas; queue definitions live in packages/jobs. */
export const ZSendMailJob = z.object({ mailId: z.number().int().positive() });
export type TSendMailJob = z.infer<typeof ZSendMailJob>;
export const ZSendMailResult = z.object({
  delivered: z.boolean(),
  transport: z.enum(['smtp', 'outbox']),
});
export type TSendMailResult = z.infer<typeof ZSendMailResult>;

/** ML score training of one universe (weekly, and at worker start when it has no model). */
export const ZMlScoreJob = z.object({ universe: ZUniverseName });
export type TMlScoreJob = z.infer<typeof ZMlScoreJob>;
export const ZMlScoreResult = z.object({
  /** False when the universe had too little history to train on (nothing stored). */
  trained: z.boolean(),
  version: z.string().nullable(),
  scored: z.number().int(),
  beats_baseline: z.boolean().nullable(),
  note: z.string(),
});
export type TMlScoreResult = z.infer<typeof ZMlScoreResult>;
/** The daily fundamentals refresh of the real universe from FMP (only with FMP_API_KEY). */
export const ZProviderRefreshJob = z.object({}).strict();
export type TProviderRefreshJob = z.infer<typeof ZProviderRefreshJob>;
export const ZProviderRefreshResult = z.object({
  symbols: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  failedCount: z.number().int().nonnegative(),
  /** The first failures (symbol and reason), so the job's result stays small. */
  failed: z.array(z.object({ symbol: z.string(), reason: z.string() })).max(50),
});
export type TProviderRefreshResult = z.infer<typeof ZProviderRefreshResult>;
/** The scheduled news refresh: one job per refresh slot, for every user's monitored symbols. */
export const ZNewsRefreshJob = z.object({});
export type TNewsRefreshJob = z.infer<typeof ZNewsRefreshJob>;
export const ZNewsRefreshResult = z.object({
  /** Distinct symbols asked of each market. */
  demo_symbols: z.number().int(),
  alpaca_symbols: z.number().int(),
  /** Items new in the cache (a re-run inserts none). */
  inserted: z.number().int(),
  pruned: z.number().int(),
  /** Users whose Alpaca keys were missing or failed, with the reason (never the keys). */
  skipped_users: z.array(z.object({ user_id: z.number().int(), reason: z.string() })),
});
export type TNewsRefreshResult = z.infer<typeof ZNewsRefreshResult>;
/**
 * The metrics refresh (apps/worker, core/src/market-universe/metrics-refresh.service.ts). With
 * `as_of` (a trading date) it refreshes that universe as of that date; without it (the
 * scheduler's tick) it only enqueues the refresh for the universe's current as-of date under
 * the deterministic id `metrics:{universe}:{as_of}`, so a second trigger for the same date does
 * not run it twice.
 */
export const ZMetricsRefreshJob = z.object({
  universe: ZUniverseName,
  as_of: z.iso.date().optional(),
});
export type TMetricsRefreshJob = z.infer<typeof ZMetricsRefreshJob>;
export const ZMetricsRefreshResult = z.object({
  universe: ZUniverseName,
  /** null: the universe has no bars yet (nothing enqueued or refreshed). */
  as_of: z.string().nullable(),
  /** Tick: whether a new refresh job was added (false: one with that id exists). */
  enqueued: z.boolean().optional(),
  /** Refresh: companies written by this attempt, and the count the checkpoint skipped. */
  written: z.number().int().optional(),
  resumed_after: z.number().int().optional(),
});
export type TMetricsRefreshResult = z.infer<typeof ZMetricsRefreshResult>;
/** POST /api/admin/refresh-metrics: one universe, or all of them when left out. */
export const ZRefreshMetricsInput = z
  .object({ universe: ZUniverseName.optional() })
  .strict()
  .optional();
/** A screener run, by its screener_runs row (the criteria and universe are stored there). */
export const ZScreenerJob = z.object({ runId: z.number().int().positive() });
export type TScreenerJob = z.infer<typeof ZScreenerJob>;
export const ZScreenerJobResult = z.object({
  status: z.enum(['completed', 'failed', 'skipped']),
  passed: z.number().int().nonnegative(),
});
export type TScreenerJobResult = z.infer<typeof ZScreenerJobResult>;

/** One symbol's backtest, by its backtest_runs row (symbol, settings and universe are stored there). */
export const ZBacktestJob = z.object({ runId: z.number().int().positive() });
export type TBacktestJob = z.infer<typeof ZBacktestJob>;
export const ZBacktestJobResult = z.object({
  symbol: z.string(),
  status: z.enum(['completed', 'failed']),
  profit: z.number().nullable(),
  no_robust_edge: z.boolean().nullable(),
});
export type TBacktestJobResult = z.infer<typeof ZBacktestJobResult>;

/** One bot tick of one user (the Job Scheduler `bot:{userId}` adds one every sleep_interval). */
export const ZBotTickJob = z.object({ userId: z.number().int().positive() });
export type TBotTickJob = z.infer<typeof ZBotTickJob>;
export const ZBotTickResult = z.object({
  /** ran: a full tick; stopped: the bot was stopped meanwhile; busy: another tick held the lock. */
  outcome: z.enum(['ran', 'stopped', 'busy', 'failed']),
  orders_sent: z.number().int().nonnegative(),
  market_open: z.boolean().nullable(),
});
export type TBotTickResult = z.infer<typeof ZBotTickResult>;

/** The queue's payload: what the request resolved, so the job reads no request state. */
export const ZPortfolioBacktestJob = z.object({
  userId: z.number().int().positive(),
  universe: ZUniverseName,
  symbols: z.array(z.string()).min(1).max(MAX_PORTFOLIO_SYMBOLS),
  months: z.number().int().min(1).max(120),
});
export type TPortfolioBacktestJob = z.infer<typeof ZPortfolioBacktestJob>;
export const ZPortfolioBacktestJobResult = ZPortfolioResult;
