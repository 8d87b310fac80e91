import { parseArgs } from 'node:util';
import { createCoreRuntime } from '@tradebot/core';
import type { Job } from 'bullmq';
import { BENCH_SIZE_OPTIONS, benchLists, benchSizes, seedBenchBots } from './bench-bots.js';
import { loadEnv } from './env.js';

/**
 * The bot tick across worker processes, for bench/bot-tick-scale.ts:
 *   bot-tick-scale.cli.ts --seed --users 1000 --symbols 20 --pool 100   gives each user a running
 *       demo bot with 20 symbols on the Final Trading List (from the first `--pool` demo stocks,
 *       lists overlapping as users' do) that ticks once an hour: the worker processes started
 *       next give every bot its Job Scheduler, whose first tick runs at once;
 *   bot-tick-scale.cli.ts --users 1000   waits until every user's first tick has completed and
 *       prints `RESULT {json}`: from the first tick's start to the last one's end, per worker.
 */
const { values } = parseArgs({ options: { ...BENCH_SIZE_OPTIONS, seed: { type: 'boolean' } } });
const sizes = benchSizes(values, 1000);
const USERS = sizes.users;
// An hour between ticks: each user ticks once while the bench watches.
const SLEEP_INTERVAL = 3600;
// The bot queue keeps the last 1,000 completed jobs: the watch reads them all.
if (!(USERS >= 1 && USERS <= 1000)) throw new Error('--users must be from 1 to 1000');

const runtime = await createCoreRuntime(loadEnv());
await runtime.ready();

async function seed() {
  const names = Array.from({ length: USERS }, (_, u) => `tickscale${u}`);
  await seedBenchBots(runtime, names, benchLists(runtime, sizes), SLEEP_INTERVAL);
}

/** Every user's first tick, once all are done: their span and who ran them. */
async function watch() {
  const queue = runtime.deps.botQueue;
  let jobs: Job[] = [];
  for (;;) {
    const counts = await queue.getJobCounts('completed', 'failed');
    if (counts.completed! + counts.failed! >= USERS) {
      jobs = (await queue.getJobs(['completed', 'failed'], 0, -1)) as Job[];
      if (new Set(jobs.map((j) => (j.data as { userId: number }).userId)).size >= USERS) break;
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  const first = Math.min(...jobs.map((j) => j.processedOn ?? Infinity));
  const last = Math.max(...jobs.map((j) => j.finishedOn ?? 0));
  const perWorker: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  let orders = 0;
  for (const job of jobs) {
    perWorker[job.processedBy ?? '?'] = (perWorker[job.processedBy ?? '?'] ?? 0) + 1;
    const result = job.returnvalue as { outcome: string; orders_sent: number } | null;
    const outcome = result?.outcome ?? 'error';
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    orders += result?.orders_sent ?? 0;
  }
  const ticks = jobs.map((j) => (j.finishedOn ?? 0) - (j.processedOn ?? 0)).sort((a, b) => a - b);
  const p50 = ticks[Math.floor(ticks.length / 2)] ?? 0;
  const result = { ticks: jobs.length, first, last, ms: last - first, p50, perWorker, outcomes };
  console.log(`RESULT ${JSON.stringify({ ...result, orders })}`);
}

try {
  if (values.seed) await seed();
  else await watch();
} finally {
  await runtime.close();
}
