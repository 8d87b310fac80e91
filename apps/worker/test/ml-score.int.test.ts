import { mlScoreService, type MarketDeps } from '@tradebot/core';
import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis, mlScoreQueue, openQueue, startWorker } from '@tradebot/jobs';
import { DemoClock, DemoMarket } from '@tradebot/market';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mlScoreProcessor, scheduleMlScore } from '../src/ml-score.processor.js';
import { TEST_NAMESPACE } from './worker-process.js';

const db = createDb(process.env.DATABASE_URL ?? '');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const connection = createRedis(redisUrl, { forWorker: true });
const queue = openQueue(mlScoreQueue, connection, TEST_NAMESPACE);
// Friday 2026-11-20, 17:00 in New York: that day's session has closed.
const clock = new DemoClock({ start: Date.UTC(2026, 10, 20, 22), speed: 0 });
const market = {
  source: 'demo',
  demo: { clock, market: new DemoMarket({ seed: 11, clock, size: 60 }) },
  alpacaEnv: {},
} as MarketDeps;
const services = {
  mlScore: mlScoreService({ db, market, now: () => new Date('2026-11-21T12:00:00Z') }),
};

beforeAll(async () => {
  await resetDatabase(db);
  await connection.flushdb();
});
afterAll(async () => {
  await queue.close();
  connection.disconnect();
  await db.$disconnect();
});

describe('ml-score queue', () => {
  it('schedules weekly trainings, trains a universe without a model at start, and is idempotent', async () => {
    await scheduleMlScore(queue, services);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual([
      'ml-score-weekly-alpaca',
      'ml-score-weekly-csv',
      'ml-score-weekly-demo',
    ]);
    expect(schedulers.every((s) => s.pattern === '0 6 * * 6')).toBe(true);
    const demoJob = await queue.getJob('ml-score:demo:2026-11-20');
    const csvJob = await queue.getJob('ml-score:csv:2026-11-20');
    expect(demoJob?.data).toEqual({ universe: 'demo' });
    expect(csvJob?.data).toEqual({ universe: 'csv' });
    const alpacaJob = await queue.getJob('ml-score:alpaca:2026-11-20');
    expect(alpacaJob?.data).toEqual({ universe: 'alpaca' });

    const events = new QueueEvents(mlScoreQueue.name, {
      connection: createRedis(redisUrl, { forWorker: true }),
      prefix: `${TEST_NAMESPACE}:bull`,
    });
    await events.waitUntilReady();
    const worker = startWorker(
      mlScoreQueue,
      mlScoreProcessor(services),
      createRedis(redisUrl, { forWorker: true }),
      TEST_NAMESPACE,
      1,
    );
    const demo = await demoJob!.waitUntilFinished(events, 60_000);
    expect(demo).toMatchObject({ trained: true, version: 'rf1-2026-11-20', scored: 60 });
    // No csv bars were imported: the job says so and stores nothing.
    const csv = await csvJob!.waitUntilFinished(events, 60_000);
    expect(csv).toMatchObject({ trained: false, version: null, scored: 0 });
    expect(csv.note).toContain('too little history');
    expect(await services.mlScore.modelInfo('csv')).toBeNull();
    // No Alpaca bars were loaded either.
    const alpaca = await alpacaJob!.waitUntilFinished(events, 60_000);
    expect(alpaca).toMatchObject({ trained: false, version: null, scored: 0 });
    const info = await services.mlScore.modelInfo('demo');
    expect(info?.test_period.to.startsWith('2026-')).toBe(true);

    // A restart the same day: the demo universe has its model, the csv job id already exists.
    await scheduleMlScore(queue, services);
    expect((await queue.getJobs(['waiting', 'active', 'completed'])).length).toBe(3);
    // The weekly run on a day already trained leaves the model alone.
    await expect(services.mlScore.train('demo', { skipIfCurrent: true })).resolves.toMatchObject({
      trained: false,
      version: 'rf1-2026-11-20',
    });
    await worker.close();
    await events.close();
  }, 90_000);
});
