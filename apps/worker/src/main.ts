import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createCoreRuntime } from '@tradebot/core';
import { createRedis, mailQueue, screenerQueue, startWorker } from '@tradebot/jobs';
import { loadEnv } from './env.js';
import { mailProcessor } from './mail.processor.js';
import { screenerProcessor } from './screener.processor.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
const runtime = createCoreRuntime(env);
const connection = createRedis(env.REDIS_URL, { forWorker: true });

const workers = [
  startWorker(
    mailQueue,
    mailProcessor(runtime.services),
    connection,
    runtime.namespace,
    env.MAIL_CONCURRENCY,
  ),
  // A run reads the universe in one query and screens it in memory: two at once is plenty.
  startWorker(screenerQueue, screenerProcessor(runtime.services), connection, runtime.namespace, 2),
];
for (const worker of workers) {
  worker.on('failed', (job, error) =>
    console.error(`[worker] ${worker.name} job ${job?.id} failed: ${error.message}`),
  );
  worker.on('stalled', (jobId) =>
    console.warn(
      `[worker] ${worker.name} job ${jobId} stalled (its worker stopped renewing the lock): retrying`,
    ),
  );
  worker.on('error', (error) => console.error(`[worker] ${worker.name}: ${error.message}`));
}
const outboxNote = env.SMTP_URL ? '' : ' (mail kept in the dev outbox: SMTP_URL is not set)';
console.log(
  `[worker] running queues: ${workers.map((worker) => worker.name).join(', ')}${outboxNote}`,
);

/**
 * Drain: take no new jobs, give the running ones SHUTDOWN_GRACE_MS to finish (worker.close()
 * waits for them), then close the connections and exit 0. A job still running after the grace
 * period is returned rather than finished: its lock expires and another worker retries it.
 */
const shutdown = async (signal: string) => {
  console.log(`[worker] ${signal}: finishing current jobs`);
  const closed = Promise.all(workers.map((worker) => worker.close())).then(() => true);
  const finished = await Promise.race([closed, sleep(env.SHUTDOWN_GRACE_MS).then(() => false)]);
  if (!finished)
    console.warn(`[worker] jobs still running after ${env.SHUTDOWN_GRACE_MS} ms: returning them`);
  connection.disconnect();
  await runtime.close();
  console.log('[worker] stopped');
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
