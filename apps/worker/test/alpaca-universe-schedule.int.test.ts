import { alpacaUniverseJobService, createCipher } from '@tradebot/core';
import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { alpacaUniverseQueue, createRedis, openQueue } from '@tradebot/jobs';
import { server } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleAlpacaUniverse } from '../src/alpaca-universe.processor.js';
import { capturedLog } from './captured-log.js';
import { TEST_NAMESPACE } from './worker-process.js';

/** The worker's start: the Job Scheduler after each close, and a load now when one is due. */
const db = createDb(process.env.DATABASE_URL ?? '');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const connection = createRedis(redisUrl, { forWorker: true });
const queue = openQueue(alpacaUniverseQueue, connection, TEST_NAMESPACE);
const universe = {
  importQueue: queue,
  alpacaQueue: queue,
  alpacaDataKey: undefined as { keyId: string; secret: string; mode: 'paper' | 'live' } | undefined,
};
const services = {
  alpacaUniverse: alpacaUniverseJobService({
    db,
    cipher: createCipher('a'.repeat(64)),
    events: { publish: async () => undefined },
    universe,
    // Wednesday 2026-11-25, 17:00 New York: that day's session has closed.
    now: () => new Date('2026-11-25T22:00:00Z'),
  }),
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

describe('scheduleAlpacaUniverse', () => {
  it('schedules loads after each close and asks for one now only when a key exists', async () => {
    const { log, lines } = capturedLog();
    await scheduleAlpacaUniverse(queue, services, log);
    const [scheduler] = await queue.getJobSchedulers();
    expect(scheduler).toMatchObject({
      key: 'alpaca-universe-after-close',
      pattern: '30 16,20 * * 1-5',
      tz: 'America/New_York',
    });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        queue: 'alpaca-universe',
        msg: server.alpacaUniverseNoKeys,
      }),
    ]);
    expect(await queue.getJob('alpaca-universe-2026-11-25')).toBeUndefined();

    // The scheduler's tick (its job has no load) queues the load under the session's id.
    const tick = { loadId: null, requestedBy: null, keyUserId: null };
    expect(await services.alpacaUniverse.run(tick)).toEqual({ loadId: null, status: 'skipped' });
    expect(await queue.getJob('alpaca-universe-2026-11-25')).toBeUndefined();
    universe.alpacaDataKey = { keyId: 'k', secret: 's', mode: 'paper' };
    expect(await services.alpacaUniverse.run(tick)).toEqual({ loadId: null, status: 'skipped' });
    const job = await queue.getJob('alpaca-universe-2026-11-25');
    const load = await db.alpacaUniverseLoad.findFirstOrThrow({
      select: { id: true, status: true },
    });
    expect(job?.data).toEqual({ loadId: load.id, requestedBy: null, keyUserId: null });
    expect(load.status).toBe('queued');
    // A worker start while it is queued adds nothing, and there is still one scheduler.
    await scheduleAlpacaUniverse(queue, services, log);
    expect(lines.at(-1)?.msg).toBe(server.alpacaUniverseAlreadyRunning);
    expect(await queue.getJobSchedulers()).toHaveLength(1);
    expect(await db.alpacaUniverseLoad.count()).toBe(1);
  });
});
