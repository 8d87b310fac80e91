import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis, enqueue, openQueue, screenerJobId, screenerQueue } from '@tradebot/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWorkerProcess,
  TEST_NAMESPACE,
  waitFor,
  type WorkerProcess,
} from './worker-process.js';

/** The worker as production starts it (main.ts) runs the screener queue. */
const db = createDb(process.env.DATABASE_URL ?? '');
const redis = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
const queue = openQueue(screenerQueue, redis, TEST_NAMESPACE);
let worker: WorkerProcess;

beforeAll(async () => {
  await resetDatabase(db);
  await redis.flushdb();
  worker = await startWorkerProcess({});
});
afterAll(async () => {
  worker?.child.kill('SIGTERM');
  await worker?.exited;
  await queue.close();
  redis.disconnect();
  await db.$disconnect();
});

describe('the screener queue in the worker process', () => {
  it('runs a queued run to completion with its notification', async () => {
    expect(worker.output.join('')).toContain('screener');
    const user = await db.user.create({
      data: {
        username: 'screenw',
        email: 'screenw@example.com',
        passwordHash: 'x',
        country: 'US',
        tosAcceptedAt: new Date(),
      },
    });
    const company = await db.company.create({
      data: { source: 'demo', symbol: 'WRKA', companyName: 'Worker A', price: 10 },
    });
    await db.stockMetrics.create({
      data: {
        companyId: company.id,
        rsi: 40,
        atrPercent: 5,
        averageVolume: 2e6,
        beta: 2,
        lastPrice: 10,
        refreshedAt: new Date(),
      },
    });
    const run = await db.screenerRun.create({
      data: { userId: user.id, universe: 'demo', criteria: {}, templateName: 'Custom Template' },
    });
    await enqueue(
      queue,
      screenerQueue,
      { runId: run.id },
      { jobId: screenerJobId(user.id, run.id) },
    );
    const finished = async () =>
      (await db.screenerRun.findUniqueOrThrow({ where: { id: run.id } })).status === 'completed';
    await waitFor(finished, 15_000, 'the screener run to complete');
    const notification = await db.notification.findFirstOrThrow({ where: { userId: user.id } });
    expect(notification).toMatchObject({
      status: 'completed',
      message: 'Screener completed (Custom Template): 1 stocks, 0 excluded for missing data',
    });
  });
});
