import {
  ZAlertJob,
  ZAlertJobResult,
  ZAlpacaUniverseJob,
  ZAlpacaUniverseResult,
  ZMlScoreJob,
  ZPortfolioBacktestJob,
  ZPortfolioBacktestJobResult,
  ZMlScoreResult,
  ZProviderRefreshJob,
  ZProviderRefreshResult,
  ZNewsRefreshJob,
  ZNewsRefreshResult,
  ZMarketImportJob,
  ZMarketImportResult,
  ZMetricsRefreshJob,
  ZMetricsRefreshResult,
  ZScreenerJob,
  ZBacktestJob,
  ZBacktestJobResult,
  ZBotTickJob,
  ZBotTickResult,
  ZScreenerJobResult,
  ZSendMailJob,
  ZSendMailResult,
} from '@tradebot/api-contract';
import { defineQueue } from './queue.js';

/** Mail delivery: the message is stored in the outbox first; the job delivers it by id. */
export const mailQueue = defineQueue({
  name: 'mail',
  payload: ZSendMailJob,
  result: ZSendMailResult,
  defaultJobOptions: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { count: 1_000 },
    removeOnFail: { count: 1_000 },
  },
  // BullMQ's defaults (30 s lock, a stall check every 30 s) left a mail whose worker was
  // killed unsent for up to 90 s: a job is moved back to wait by a stall check that finds it
  // marked by the previous check and its lock expired. A 5 s lock (renewed every 2.5 s while
  // the job runs, however long it takes) and a check every second hand it on within about
  // 5–7 s. maxStalledCount 3: a mail survives a few crashes or deploys, but one that kills its
  // worker each time still ends failed instead of looping. The lock is renewed from the event
  // loop, so CPU-heavy work must not share this process's main thread.
  workerOptions: { lockDuration: 5_000, stalledInterval: 1_000, maxStalledCount: 3 },
});

/**
 * ML score training of one universe: weekly (a Job Scheduler per universe) and at worker start
 * when the universe has no model; a start-up job's id is `ml-score:{universe}:{training date}`, so
 * restarts on the same market day add nothing. The training is CPU work of a few seconds (on
 * 520 symbols: one synchronous dataset build of about 3 s, then the forest, which yields to the
 * event loop every few trees): a 60 s lock, renewed every 30 s from the event loop, has a wide
 * margin over the longest synchronous stretch; a killed worker's job moves on within a minute or
 * two, soon enough for a weekly job. One retry: a second failure is a bug to read, not to loop on.
 */
export const mlScoreQueue = defineQueue({
  name: 'ml-score',
  payload: ZMlScoreJob,
  result: ZMlScoreResult,
  defaultJobOptions: {
    attempts: 2,
    backoff: { type: 'fixed', delay: 60_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 100 },
  },
  workerOptions: { lockDuration: 60_000, stalledInterval: 30_000, maxStalledCount: 2 },
});

/**
 * The daily fundamentals refresh from FMP (apps/worker provider-refresh.processor.ts), started by
 * a Job Scheduler only when FMP_API_KEY is set. A failed run (FMP down) is retried twice, an hour
 * apart; the refresh is idempotent, so a retry or an overlapping manual run only rewrites rows.
 */
export const providerRefreshQueue = defineQueue({
  name: 'provider-refresh',
  payload: ZProviderRefreshJob,
  result: ZProviderRefreshResult,
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'fixed', delay: 60 * 60_000 },
    removeOnComplete: { count: 30 },
    removeOnFail: { count: 30 },
  },
});

/**
 * News refresh: a Job Scheduler adds one job per NEWS_REFRESH_MINUTES slot (its job id names the
 * slot, so a slot runs once however many workers upsert the scheduler); the job fetches news for
 * every user's monitored symbols into the PostgreSQL cache. A failed slot is not retried: the
 * next slot fetches the same window again.
 */
export const newsQueue = defineQueue({
  name: 'news',
  payload: ZNewsRefreshJob,
  result: ZNewsRefreshResult,
  defaultJobOptions: {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 100 },
  },
});

/** The id of the news queue's Job Scheduler (one per deployment). */
export const NEWS_SCHEDULER_ID = 'news-refresh';

/**
 * The technical metrics refresh of a universe (stock_metrics), in batches with a checkpoint in
 * the job's progress. A killed worker's job comes back within about 15–17 s and resumes after
 * its last committed batch. The lock is longer than mail's 5 s: the refresh is CPU work on the
 * event loop that renews the lock, and on a loaded machine a 5 s lock expired under a running
 * refresh (a second run of the job; harmless, as batches are upserts, but wasted).
 */
export const metricsQueue = defineQueue({
  name: 'metrics',
  payload: ZMetricsRefreshJob,
  result: ZMetricsRefreshResult,
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 5_000 },
    // Kept so that the deterministic id dedupes a trigger for a date already refreshed.
    removeOnComplete: { count: 200 },
    removeOnFail: { count: 200 },
  },
  workerOptions: { lockDuration: 15_000, stalledInterval: 2_000, maxStalledCount: 3 },
});

/**
 * The admin's market-data import (one job per `market_data_imports` row, id `market-import-{id}`,
 * so a re-sent enqueue of the same row runs once). One attempt: the import is idempotent, and a
 * failure is shown to the admin, who starts it again; a stalled job (killed worker) is retried
 * once, re-running the files from the start (whole files are upserts, so no duplicates).
 */
export const marketImportQueue = defineQueue({
  name: 'market-import',
  payload: ZMarketImportJob,
  result: ZMarketImportResult,
  defaultJobOptions: {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 100 },
  },
  workerOptions: { lockDuration: 30_000, stalledInterval: 15_000, maxStalledCount: 1 },
});

/** The deterministic job id of an import row. */
export const marketImportJobId = (importId: number) => `market-import-${importId}`;

/**
 * Screener runs. One attempt: a run that fails is marked failed with a notification saying why,
 * and the user starts another (a silent retry would leave the client's 30 s wait guessing).
 * The job id is `screener-{user}-{run}` (BullMQ refuses most ids with a colon), so a run is
 * queued once.
 */
export const screenerQueue = defineQueue({
  name: 'screener',
  payload: ZScreenerJob,
  result: ZScreenerJobResult,
  defaultJobOptions: {
    attempts: 1,
    removeOnComplete: { count: 1_000 },
    removeOnFail: { count: 1_000 },
  },
});

export const screenerJobId = (userId: number, runId: number) => `screener-${userId}-${runId}`;

/**
 * Backtests, one job per (user, symbol) run: the job id is `backtest-{user}-{run}` and a
 * partial unique index allows one active run per (user, symbol), so a double click or a retried
 * request never queues the same backtest twice. Jobs are added with a priority that interleaves
 * users (see core/src/backtest/backtest-jobs.service.ts), so one user's 500 symbols do not
 * starve another's 5. Retried after a crash (the result is written in one transaction, so a
 * killed worker leaves nothing half-written); a failure the job reports itself is final.
 */
export const backtestQueue = defineQueue({
  name: 'backtest',
  payload: ZBacktestJob,
  result: ZBacktestJobResult,
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'fixed', delay: 1_000 },
    removeOnComplete: { count: 5_000 },
    removeOnFail: { count: 5_000 },
  },
  // A job's search is synchronous CPU work on the event loop that renews the lock, capped by
  // BACKTEST_TIME_BUDGET_MS (default 3 s, at most 8 s): a 15 s lock keeps a wide margin on a
  // loaded machine, and a stall check every 2 s hands a killed worker's job on within ~15–17 s.
  workerOptions: { lockDuration: 15_000, stalledInterval: 2_000, maxStalledCount: 2 },
});

export const backtestJobId = (userId: number, runId: number) => `backtest-${userId}-${runId}`;

/**
 * Bot ticks: one Job Scheduler per running user, id `bot:{userId}` (BOT_SCHEDULER_ID), every
 * `sleep_interval` seconds (POST /api/start upserts it, /api/stop removes it). A tick is cheap
 * and idempotent (orders carry deterministic client order ids recorded before they are sent),
 * so a failed tick is not retried: the next one reconciles. A killed worker's tick is handed on
 * within about 10 s (10 s lock, stall check every 2 s) and simply runs again.
 */
export const botQueue = defineQueue({
  name: 'bot',
  payload: ZBotTickJob,
  result: ZBotTickResult,
  defaultJobOptions: {
    attempts: 1,
    removeOnComplete: { count: 1_000 },
    removeOnFail: { count: 1_000 },
  },
  workerOptions: { lockDuration: 10_000, stalledInterval: 2_000, maxStalledCount: 5 },
});

/** The Job Scheduler id of a user's bot. */
export const botSchedulerId = (userId: number) => `bot:${userId}`;
/** A tick asked for now (Start, Restart): one per user and second of market time. */
export const botTickNowJobId = (userId: number, at: number) => `bot-now-${userId}-${at}`;

/**
 * Loads of the Alpaca universe (listings and daily bars, core alpaca-universe-job.service.ts).
 * The Job Scheduler's tick after each close (ALPACA_UNIVERSE_SCHEDULE; its job has no `loadId`)
 * and every request (the worker's start, an admin, an Alpaca user's visit to an empty or stale
 * universe) queue the load as `alpaca-universe-{session}`, so a session is loaded once. A load is resumable (each listing continues from its last stored
 * bar): a killed worker's job is handed on within about a minute and goes on from there; a
 * failure (Alpaca down) is retried twice, ten minutes apart.
 */
export const alpacaUniverseQueue = defineQueue({
  name: 'alpaca-universe',
  payload: ZAlpacaUniverseJob,
  result: ZAlpacaUniverseResult,
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'fixed', delay: 10 * 60_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 100 },
  },
  workerOptions: { lockDuration: 30_000, stalledInterval: 15_000, maxStalledCount: 3 },
});

/** The deterministic job id of a load up to `session` (YYYY-MM-DD). */
export const alpacaUniverseJobId = (session: string) => `alpaca-universe-${session}`;
/** The Job Scheduler of the loads: 16:30 and 20:30 New York on weekdays (after each close). */
export const ALPACA_UNIVERSE_SCHEDULER_ID = 'alpaca-universe-after-close';
export const ALPACA_UNIVERSE_SCHEDULE = { pattern: '30 16,20 * * 1-5', tz: 'America/New_York' };

/**
 * Alerts outside the app (core/src/alerts): an `event` job per alert notification (id
 * `alert-event-{notificationId}`) fans out to the user's channels, and a `deliver` job per
 * (event, channel) (id `alert-{notificationId}-{channel}`) sends it. The delivered state is kept
 * in PostgreSQL (alert_deliveries), so a retry after a crash never sends twice what was marked.
 * Five attempts with exponential back-off (2 s, 4 s, 8 s, 16 s); a short lock hands a killed
 * worker's delivery on within seconds, as for mail.
 */
export const alertQueue = defineQueue({
  name: 'alerts',
  payload: ZAlertJob,
  result: ZAlertJobResult,
  defaultJobOptions: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { count: 5_000 },
    removeOnFail: { count: 1_000 },
  },
  workerOptions: { lockDuration: 10_000, stalledInterval: 2_000, maxStalledCount: 3 },
});

export const alertEventJobId = (eventId: number) => `alert-event-${eventId}`;
export const alertDeliveryJobId = (key: string, channel: string) => `alert-${key}-${channel}`;

/**
 * Portfolio previews (core/src/portfolio): one job per request, id `portfolio-{user}-{uuid}`,
 * which is also the id the client polls. The result is the job's return value, kept an hour
 * (a preview is recomputed on request, not stored). One attempt: the work is a second or two of
 * CPU, and a failure is shown to the user, who starts another.
 */
export const portfolioQueue = defineQueue({
  name: 'portfolio',
  payload: ZPortfolioBacktestJob,
  result: ZPortfolioBacktestJobResult,
  defaultJobOptions: {
    attempts: 1,
    removeOnComplete: { age: 3_600 },
    removeOnFail: { age: 3_600 },
  },
  workerOptions: { lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 1 },
});

export const portfolioJobId = (userId: number, uuid: string) => `portfolio-${userId}-${uuid}`;

/** Every queue, for what watches them all (the API's queue depth metrics). */
export const allQueues = [
  mailQueue,
  mlScoreQueue,
  providerRefreshQueue,
  newsQueue,
  metricsQueue,
  marketImportQueue,
  screenerQueue,
  backtestQueue,
  botQueue,
  alpacaUniverseQueue,
  alertQueue,
  portfolioQueue,
] as const;
