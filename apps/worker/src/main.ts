import { existsSync } from 'node:fs';
import { createCoreRuntime } from '@tradebot/core';
import { createRedis, mailQueue, startWorker } from '@tradebot/jobs';
import { loadEnv } from './env.js';
import { mailProcessor } from './mail.processor.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
const runtime = createCoreRuntime(env);
const connection = createRedis(env.REDIS_URL, { forWorker: true });

const workers = [
  startWorker(mailQueue, mailProcessor(runtime.services), connection, env.MAIL_CONCURRENCY),
];
for (const worker of workers) {
  worker.on('failed', (job, error) =>
    console.error(`[worker] ${worker.name} job ${job?.id} failed: ${error.message}`),
  );
}
const outboxNote = env.SMTP_URL ? '' : ' (mail kept in the dev outbox: SMTP_URL is not set)';
console.log(
  `[worker] running queues: ${workers.map((worker) => worker.name).join(', ')}${outboxNote}`,
);

/** Finish the jobs in hand, then exit; BullMQ returns unfinished ones to the queue. */
const shutdown = async (signal: string) => {
  console.log(`[worker] ${signal}: finishing current jobs`);
  await Promise.all(workers.map((worker) => worker.close()));
  connection.disconnect();
  await runtime.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
