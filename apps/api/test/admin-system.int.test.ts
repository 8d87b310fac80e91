import { server } from '@tradebot/api-contract';
import { enqueue, newsQueue, providerRefreshQueue, startWorker, workerName } from '@tradebot/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, expectForbidden, type Caller } from './callers/caller.js';
import { signUpAdmin, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

const HOUR_MS = 3_600_000;

let api: TestApi;
let admin: Caller;
let user: Caller;
let adminToken = '';
let userToken = '';
let umaId = 0;

beforeAll(async () => {
  // A slow running demo clock (about 2 market ms per wall ms): the admin's skip can be measured.
  api = await startTestApi({ env: { DEMO_TRADING_DAYS_PER_MINUTE: '0.001' } });
  await api.reset();
  const root = await signUpAdmin(api, 'root', '10.0.7.1');
  const uma = await signUpAndLogIn(api, 'uma', '10.0.7.2');
  adminToken = root.token;
  userToken = uma.token;
  umaId = uma.userId;
  admin = await callerFor(api, root.token);
  user = await callerFor(api, uma.token);
});
afterAll(async () => api.close());

const queueNamed = (status: Awaited<ReturnType<Caller['admin']['system']>>, name: string) =>
  status.queues.find((queue) => queue.name === name);

describe('admin system status', () => {
  it('is refused to a user who is not an admin, over tRPC and REST', async () => {
    await expectForbidden(user.admin.system());
    const reply = await api.http.get('/api/admin/system', userToken);
    expect(reply).toMatchObject({ status: 403, body: { detail: server.forbidden } });
  });

  it('counts waiting jobs with the age of the oldest, and lists live workers only', async () => {
    const queues = api.runtime.deps.queues;
    const news = queues.find((queue) => queue.name === newsQueue.name);
    const provider = queues.find((queue) => queue.name === providerRefreshQueue.name);
    if (!news || !provider) throw new Error('queues missing from the runtime');
    const addedAt = Date.now();
    const clockBefore = api.clock.ms;
    await enqueue(news, newsQueue, {});
    await enqueue(news, newsQueue, {});
    await enqueue(news, newsQueue, {}, { delay: 60 * 60_000 });
    await enqueue(provider, providerRefreshQueue, {}, { attempts: 1 });

    const connection = api.runtime.redis.duplicate({ maxRetriesPerRequest: null });
    const worker = startWorker(
      providerRefreshQueue,
      () => Promise.reject(new Error('provider down')),
      connection,
      api.runtime.queueNamespace,
      1,
    );
    try {
      await expect
        .poll(async () => queueNamed(await admin.admin.system(), 'provider-refresh')?.failed, {
          timeout: 10_000,
        })
        .toBe(1);
      // Queue ages are wall time: the services' clock is put 90 s after the jobs were added.
      api.clock.ms = addedAt + 90_000;
      const status = await admin.admin.system();
      expect(queueNamed(status, 'news')).toMatchObject({
        waiting: 2,
        active: 0,
        delayed: 1,
        failed: 0,
        workers: 0,
      });
      const age = queueNamed(status, 'news')?.oldest_waiting_ms ?? 0;
      expect(age).toBeGreaterThanOrEqual(85_000);
      expect(age).toBeLessThanOrEqual(90_000);
      expect(queueNamed(status, 'provider-refresh')).toMatchObject({
        waiting: 0,
        failed: 1,
        workers: 1,
        oldest_waiting_ms: null,
      });
      expect(status.workers).toContainEqual(
        expect.objectContaining({ name: workerName(), queues: ['provider-refresh'] }),
      );
      expect(status.queues.map((queue) => queue.name)).toContain('bot');
    } finally {
      api.clock.ms = clockBefore;
      await worker.close();
      connection.disconnect();
    }
    // A closed worker's connection is gone, and with it the worker.
    const after = await admin.admin.system();
    expect(after.workers).toEqual([]);
    expect(queueNamed(after, 'provider-refresh')?.workers).toBe(0);
  });

  it('shows running bots with their last tick, and recent broker and alert errors', async () => {
    const db = api.runtime.db;
    const tick = new Date('2026-03-02T15:30:00.000Z');
    await db.botState.create({
      data: {
        userId: umaId,
        running: true,
        market: 'demo',
        mode: 'demo',
        lastTickAt: tick,
        lastError: 'Market data unavailable',
      },
    });
    await db.botOrder.create({
      data: {
        userId: umaId,
        clientOrderId: 'tb-1-entry',
        symbol: 'DMA',
        purpose: 'entry',
        side: 'buy',
        qty: 3,
        request: {},
        status: 'failed',
        lastError: 'insufficient buying power',
        createdAt: tick,
      },
    });
    await db.alertDelivery.create({
      data: {
        userId: umaId,
        channel: 'webhook',
        status: 'failed',
        windowStart: tick,
        lastError: 'HTTP 500 from the webhook',
      },
    });
    const status = await admin.admin.system();
    expect(status.bots).toEqual([
      {
        user_id: umaId,
        username: 'uma',
        email: 'uma@example.com',
        market: 'demo',
        mode: 'demo',
        last_tick_at: tick.toISOString(),
        outcome: 'failed',
        detail: 'Market data unavailable',
      },
    ]);
    expect(status.broker_errors).toEqual([
      expect.objectContaining({
        username: 'uma',
        symbol: 'DMA',
        side: 'buy',
        status: 'failed',
        error: 'insufficient buying power',
      }),
    ]);
    expect(status.alert_errors).toEqual([
      {
        user_id: umaId,
        username: 'uma',
        channel: 'webhook',
        status: 'failed',
        error: 'HTTP 500 from the webhook',
        at: tick.toISOString(),
      },
    ]);
    const reply = await api.http.get('/api/admin/system', adminToken);
    expect(reply.status).toBe(200);
    expect(reply.body.bots[0]).toMatchObject({ username: 'uma', outcome: 'failed' });
  });

  it('skips the demo clock ahead for an admin, and refuses a bad skip', async () => {
    const before = Date.parse((await admin.admin.system()).demo_clock.market_time);
    const skipped = await admin.admin.advanceDemoClock({ hours: 5 });
    const after = Date.parse((await admin.admin.system()).demo_clock.market_time);
    expect(Date.parse(skipped.market_time)).toBeGreaterThanOrEqual(before + 5 * HOUR_MS);
    expect(after - before).toBeGreaterThanOrEqual(5 * HOUR_MS);
    // The clock runs at about 2 market ms per wall ms: far less than a minute drifts here.
    expect(after - before).toBeLessThan(5 * HOUR_MS + 60_000);
    const clock = (await admin.admin.system()).demo_clock;
    expect(clock.trading_days_per_minute).toBeCloseTo(0.001, 6);
    await expect(admin.admin.advanceDemoClock({ hours: -1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expectForbidden(user.admin.advanceDemoClock({ hours: 1 }));
  });
});
