import { server, userEventsChannel } from '@tradebot/api-contract';
import { ALPACA_UNIVERSE_TASK, memoryUniverseData } from '@tradebot/core';
import {
  alpacaUniverseQueue,
  createRedis,
  mlScoreQueue,
  openQueue,
  startWorker,
} from '@tradebot/jobs';
import { dayFromIso, isoFromDay, tradingDaysBetween } from '@tradebot/market';
import type { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The worker's own processor, so the job runs exactly as in production (tests may cross apps).
import { alpacaUniverseProcessor } from '../../worker/src/alpaca-universe.processor.js';
import { signUpAdmin, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * The Alpaca universe through the API: the admin's POST|GET /api/admin/alpaca-universe, the load
 * run by the worker's processor against an in-memory Alpaca (assets and multi-symbol bars),
 * progress over the admin's websocket channel, and an Alpaca user's explorer reading the
 * Alpaca listings (or being told why there are none).
 */
let api: TestApi;
let admin: { token: string; userId: number };
let user: { token: string; userId: number };
let mlQueue: Queue;
const fake = memoryUniverseData({ pageSize: 300 });
// The harness's clock: Monday 2026-01-05, 10:00 New York; the last completed session is Friday's.
const SESSION = '2026-01-02';
const HISTORY = tradingDaysBetween(dayFromIso('2024-01-02'), dayFromIso(SESSION)).map(isoFromDay);

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  admin = await signUpAdmin(api, 'alpacaadmin', '10.0.8.1');
  user = await signUpAndLogIn(api, 'alpacauser', '10.0.8.2');
  mlQueue = openQueue(mlScoreQueue, api.runtime.redis, api.runtime.queueNamespace);
  for (const [i, symbol] of ['AAPL', 'MSFT', 'SPY'].entries()) {
    fake.list(symbol, { exchange: symbol === 'SPY' ? 'ARCA' : 'NASDAQ' });
    fake.setBars(symbol, HISTORY, 100 + i);
  }
});
afterAll(async () => {
  await mlQueue.close();
  await api.close();
});

async function finished() {
  for (let i = 0; i < 150; i++) {
    const status = await api.http.get('/api/admin/alpaca-universe', admin.token);
    if (['completed', 'failed'].includes(status.body.last?.status)) return status.body;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the load did not finish');
}

describe('the Alpaca universe', () => {
  it('is for admins only', async () => {
    expect((await api.http.post('/api/admin/alpaca-universe', {}, user.token)).status).toBe(403);
    expect((await api.http.get('/api/admin/alpaca-universe', user.token)).status).toBe(403);
    expect((await api.http.get('/api/admin/alpaca-universe')).status).toBe(401);
  });

  it('tells the Alpaca user and the admin why nothing is loaded when no key exists', async () => {
    const status = await api.http.get('/api/admin/alpaca-universe', admin.token);
    expect(status.body).toEqual({
      key_source: 'none',
      listings: 0,
      complete_through: null,
      last: null,
    });
    const count = await api.http.get('/api/stocks/count', user.token);
    expect(count.body).toEqual({ count: 0, notice: server.alpacaUniverseNoKeys });
    const start = await api.http.post('/api/admin/alpaca-universe', {}, admin.token);
    expect(start.status).toBe(400);
    expect(start.body.detail).toBe(server.alpacaUniverseNoKeys);
  });

  it('loads with the data key as one job for a double click, with progress, then serves it', async () => {
    api.runtime.deps.universe.alpacaDataKey = {
      keyId: 'data-key',
      secret: 'data-secret',
      mode: 'paper',
    };
    const used: string[] = [];
    api.runtime.deps.universe.alpacaData = (keys) => {
      used.push(keys.keyId);
      return fake.port;
    };
    const first = await api.http.post('/api/admin/alpaca-universe', {}, admin.token);
    const second = await api.http.post('/api/admin/alpaca-universe', {}, admin.token);
    expect(first.body).toEqual({
      message: server.alpacaUniverseQueued,
      job_id: `alpaca-universe-${SESSION}`,
    });
    expect(second.body).toEqual({
      message: server.alpacaUniverseAlreadyRunning,
      job_id: first.body.job_id,
    });
    // While the first load has not run, the Alpaca user's explorer says it is loading.
    const loading = await api.http.get('/api/stocks/count', user.token);
    expect(loading.body.notice).toBe(server.alpacaUniverseLoading(0, 0));

    const subscriber = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
    const events: { task: string; completed: number; total: number }[] = [];
    subscriber.on('message', (_channel, text: string) => events.push(JSON.parse(text)));
    await subscriber.subscribe(userEventsChannel(api.runtime.namespace, admin.userId));
    const worker: Worker = startWorker(
      alpacaUniverseQueue,
      alpacaUniverseProcessor(api.runtime.services, mlQueue),
      createRedis(process.env.REDIS_URL ?? '', { forWorker: true }),
      api.runtime.queueNamespace,
      1,
    );
    try {
      const done = await finished();
      expect(done).toMatchObject({
        key_source: 'data_key',
        listings: 3,
        complete_through: SESSION,
        last: {
          job_id: first.body.job_id,
          session: SESSION,
          status: 'completed',
          symbols_done: 3,
          symbols_total: 3,
          error: null,
        },
      });
      expect(done.last.report).toMatchObject({ assets: 3, symbolsLoaded: 3, delisted: 0 });
      expect(done.last.report.bars.inserted).toBe(3 * HISTORY.length);
      expect(used).toEqual(['data-key']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const progress = events.filter((e) => e.task === ALPACA_UNIVERSE_TASK);
      expect(progress.map((e) => [e.completed, e.total])).toEqual([
        [0, 3],
        [3, 3],
        [3, 3],
      ]);
      // After the load: the universe's metrics and ML score are queued.
      expect(await api.runtime.deps.metricsQueue.getJob(`metrics-alpaca-${SESSION}`)).toBeTruthy();
      expect(await mlQueue.getJob(`ml-score:alpaca:${SESSION}`)).toBeTruthy();

      // The Alpaca user now explores the Alpaca listings.
      const count = await api.http.get('/api/stocks/count', user.token);
      expect(count.body).toEqual({ count: 3, notice: null });
      const rows = await api.http.post('/api/stocks/explore', { search: 'SP' }, user.token);
      expect(rows.body.map((r: { symbol: string }) => r.symbol)).toEqual(['SPY']);

      // Loaded through the last session: another click has nothing to do.
      const again = await api.http.post('/api/admin/alpaca-universe', {}, admin.token);
      expect(again.body).toEqual({ message: server.alpacaUniverseUpToDate(SESSION), job_id: null });

      // A session later (Tuesday after the close), a visit asks for the top-up and does not wait
      // for it. (The service directly: the sessions of this test would expire over 31 hours.)
      api.clock.advance(31 * 3_600_000);
      expect(await api.runtime.services.alpacaUniverse.notice(user.userId)).toBeNull();
      const topUp = { body: await api.runtime.services.alpacaUniverse.status() };
      expect(topUp.body.last).toMatchObject({
        job_id: 'alpaca-universe-2026-01-06',
        session: '2026-01-06',
      });
      expect(['queued', 'running', 'completed']).toContain(topUp.body.last?.status);
    } finally {
      await worker.close();
      subscriber.disconnect();
    }
  });
});
