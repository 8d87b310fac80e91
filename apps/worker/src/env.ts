import {
  coreEnvShape,
  metricsToken,
  parseEnv,
  resolveEncryptionKey,
  type CoreEnv,
} from '@tradebot/core';
import { z } from 'zod';

/** The only place apps/worker reads process.env (eslint.config.js holds every other file to it). */
export const workerEnvShape = {
  ...coreEnvShape,
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** How often the news cache is refreshed for every user's monitored symbols. */
  NEWS_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /**
   * Minutes between metrics refreshes of the demo universe (the csv universe is refreshed daily);
   * both also run once at start. 0 turns the schedule and the start run off (tests of other
   * queues); the admin trigger still works.
   */
  METRICS_REFRESH_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  /**
   * Train the ML score at start for a universe that has no model yet (1, the default) or only on
   * the weekly schedule (0: tests of other queues, whose timings the training's CPU would skew).
   */
  ML_SCORE_AT_START: z.enum(['0', '1']).default('1'),
  /** Listings per metrics batch (one transaction and one checkpoint each). */
  METRICS_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(250),
  /**
   * Backtests: evaluations per optimisation run (a symbol runs one per walk-forward fold, up to
   * 4, plus the final window). 150 measured ~0.6 s per symbol on this 2-CPU machine, about 100
   * symbols a minute per worker process when the machine is otherwise idle (bench/backtest-jobs.ts).
   */
  BACKTEST_EVALUATIONS: z.coerce.number().int().min(10).max(5000).default(150),
  /** Wall time cap per symbol, shared by its optimisation runs (below the queue's 15 s lock). */
  BACKTEST_TIME_BUDGET_MS: z.coerce.number().int().min(100).max(8_000).default(3_000),
  /** Backtest jobs at once per worker process: the work is CPU-bound, one per core. */
  BACKTEST_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** Bot ticks at once per worker process: each is mostly waiting on the broker and PostgreSQL. */
  BOT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** On SIGTERM, how long running jobs may take to finish (below Docker's 10 s stop timeout). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
  /** Financial Modeling Prep: with a key, the real universe's fundamentals are refreshed daily. */
  FMP_API_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional()),
  /** FMP's stable API address (unset: FMP's own); tests and mirrors point it elsewhere. */
  FMP_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The bearer token of the worker's GET /metrics; unset, the worker serves no metrics. */
  METRICS_TOKEN: metricsToken,
  /** Where the worker serves /metrics (with METRICS_TOKEN set). */
  WORKER_METRICS_HOST: z.string().default('127.0.0.1'),
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).default(9464),
};

export type WorkerEnv = CoreEnv & Omit<z.infer<z.ZodObject<typeof workerEnvShape>>, keyof CoreEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const env = parseEnv(workerEnvShape, source, 'apps/worker');
  return { ...env, ENCRYPTION_KEY: resolveEncryptionKey(env) };
}
