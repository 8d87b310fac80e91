import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createCoreRuntime } from '@tradebot/core';
import { ensureDatabase, migrate } from '@tradebot/db';
import {
  alpacaUniverseQueue,
  backtestQueue,
  botQueue,
  createRedis,
  mailQueue,
  alertQueue,
  marketImportQueue,
  metricsQueue,
  mlScoreQueue,
  newsQueue,
  openQueue,
  portfolioQueue,
  screenerQueue,
  startWorker,
} from '@tradebot/jobs';
import { loadEnv } from './env.js';
import { logJobs, workerLogger } from './job-log.js';
import { startMetricsServer } from './metrics-server.js';
import { mailProcessor } from './mail.processor.js';
import { mlScoreProcessor, scheduleMlScore } from './ml-score.processor.js';
import { newsProcessor, scheduleNewsRefresh } from './news.processor.js';
import { startProviderRefresh } from './provider-refresh.processor.js';
import { metricsProcessor } from './metrics-refresh.processor.js';
import { scheduleMetricsRefresh } from './metrics-schedule.js';
import { marketImportProcessor } from './market-import.processor.js';
import { alpacaUniverseProcessor, scheduleAlpacaUniverse } from './alpaca-universe.processor.js';
import { screenerProcessor } from './screener.processor.js';
import { backtestProcessor } from './backtest.processor.js';
import { portfolioProcessor } from './portfolio.processor.js';
import { botProcessor, startBotSchedulerHealing } from './bot.processor.js';
import { alertProcessor, startAlertSweep } from './alert.processor.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
const log = workerLogger(env.LOG_LEVEL);
// The worker may start before the API (or alone): both apply pending migrations first, one at a
// time under the migrator's advisory lock, so neither reads a table that does not exist yet.
await ensureDatabase(env.DATABASE_URL);
await migrate(env.DATABASE_URL);
const runtime = await createCoreRuntime(env);
await runtime.ready();
const connection = createRedis(env.REDIS_URL, { forWorker: true });
const mlQueue = openQueue(mlScoreQueue, connection, runtime.queueNamespace);

const workers = [
  startWorker(
    mailQueue,
    mailProcessor(runtime.services),
    connection,
    runtime.queueNamespace,
    env.MAIL_CONCURRENCY,
  ),
  // One training at a time: it is CPU work, and this machine has two cores.
  startWorker(
    mlScoreQueue,
    mlScoreProcessor(runtime.services),
    connection,
    runtime.queueNamespace,
    1,
  ),
  // One refresh at a time: it walks every user's symbols and shares Alpaca's rate limit.
  startWorker(
    newsQueue,
    newsProcessor(runtime.services, log),
    connection,
    runtime.queueNamespace,
    1,
  ),
  // One refresh at a time: it is CPU work on this process's main thread.
  startWorker(
    metricsQueue,
    metricsProcessor(runtime.services, { batchSize: env.METRICS_BATCH_SIZE }, log),
    connection,
    runtime.queueNamespace,
    1,
  ),
  // One import at a time (the service also allows only one queued or running).
  startWorker(
    marketImportQueue,
    marketImportProcessor(runtime.services),
    connection,
    runtime.queueNamespace,
    1,
  ),
  // One load at a time (the service also allows only one queued or running): it shares the
  // key's Alpaca rate limit.
  startWorker(
    alpacaUniverseQueue,
    alpacaUniverseProcessor(runtime.services, mlQueue),
    connection,
    runtime.queueNamespace,
    1,
  ),
  // A run reads the universe in one query and screens it in memory: two at once is plenty.
  startWorker(
    screenerQueue,
    screenerProcessor(runtime.services),
    connection,
    runtime.queueNamespace,
    2,
  ),
  // Walk-forward optimisation is CPU-bound on this process's main thread: one job per core.
  startWorker(
    backtestQueue,
    backtestProcessor(runtime.services, {
      evaluations: env.BACKTEST_EVALUATIONS,
      timeMs: env.BACKTEST_TIME_BUDGET_MS,
    }),
    connection,
    runtime.queueNamespace,
    env.BACKTEST_CONCURRENCY,
  ),
  // A preview is a second or two of CPU on the main thread: one at a time.
  startWorker(
    portfolioQueue,
    portfolioProcessor(runtime.services),
    connection,
    runtime.queueNamespace,
    1,
  ),
  // Bot ticks wait on the broker and PostgreSQL; each holds one pooled connection (its lock).
  startWorker(
    botQueue,
    botProcessor(runtime.services),
    connection,
    runtime.queueNamespace,
    env.BOT_CONCURRENCY,
  ),
  // Alerts wait on receivers (HTTP, the mail outbox), not on the CPU.
  startWorker(alertQueue, alertProcessor(runtime.services), connection, runtime.queueNamespace, 8),
];
// Running bots get their Job Schedulers back from PostgreSQL (a Redis flush), now and every 15 s.
const stopBotHealing = startBotSchedulerHealing(runtime.services, log);
// Alert events written outside a tick, and the daily summaries after each close.
const stopAlertSweep = startAlertSweep(runtime.db, runtime.deps.alertQueue, runtime.services, log);
// Daily fundamentals refresh from FMP, only when FMP_API_KEY is set (provider-refresh.processor.ts).
const providerRefresh = await startProviderRefresh(env, runtime, connection, log);
if (providerRefresh) workers.push(providerRefresh);
const news = openQueue(newsQueue, connection, runtime.queueNamespace);
await scheduleNewsRefresh(news, env.NEWS_REFRESH_MINUTES);

for (const worker of workers) logJobs(worker, log);
const metricsServer = env.METRICS_TOKEN
  ? await startMetricsServer({
      token: env.METRICS_TOKEN,
      host: env.WORKER_METRICS_HOST,
      port: env.WORKER_METRICS_PORT,
    })
  : null;
scheduleMlScore(mlQueue, runtime.services, {
  trainMissingNow: env.ML_SCORE_AT_START === '1',
}).catch((error: Error) =>
  log.error({ error: error.message }, 'scheduling the ML score training failed'),
);
await scheduleMetricsRefresh(runtime, env.METRICS_REFRESH_MINUTES, log);
// Alpaca's listings and bars after each close, and now when the universe is empty or stale.
await scheduleAlpacaUniverse(runtime.deps.universe.alpacaQueue, runtime.services, log).catch(
  (error: Error) => log.error({ error: error.message }, 'scheduling the Alpaca universe failed'),
);
// Tests, benches and start-up timing wait for this message: its text stays as it is.
log.info(
  {
    queues: workers.map((worker) => worker.name),
    mail: env.SMTP_URL ? 'smtp' : 'dev outbox (SMTP_URL is not set)',
    ...(metricsServer
      ? { metrics: `http://${env.WORKER_METRICS_HOST}:${env.WORKER_METRICS_PORT}/metrics` }
      : {}),
  },
  '[worker] running queues',
);

/**
 * Drain: take no new jobs, give the running ones SHUTDOWN_GRACE_MS to finish (worker.close()
 * waits for them), then close the connections and exit 0. A job still running after the grace
 * period is returned rather than finished: its lock expires and another worker retries it.
 */
const shutdown = async (signal: string) => {
  log.info({ signal }, 'finishing current jobs');
  stopBotHealing();
  stopAlertSweep();
  metricsServer?.close();
  const closing = [...workers.map((worker) => worker.close()), news.close(), mlQueue.close()];
  const closed = Promise.all(closing).then(() => true);
  const finished = await Promise.race([closed, sleep(env.SHUTDOWN_GRACE_MS).then(() => false)]);
  if (!finished)
    log.warn(
      { graceMs: env.SHUTDOWN_GRACE_MS },
      'jobs still running after the grace period: returning them',
    );
  connection.disconnect();
  await runtime.close();
  log.info('stopped');
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
