import { server, userEventsChannel } from '@tradebot/api-contract';
import { backtestJobId, createRedis, TRACE_KEY } from '@tradebot/jobs';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type Reply, type TestApi } from './harness.js';

/**
 * POST /api/run-backtester queues one job per (user, symbol) run, GET /api/backtest/progress
 * and /api/backtest/result/{symbol} read them. No worker runs here (the jobs stay queued), so
 * the queue's content is what is checked; apps/worker/test runs them.
 */
let api: TestApi;
let subscriber: Redis;
const events: { userId: number; message: Record<string, unknown> }[] = [];
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

const SYMBOLS = ['BTA', 'BTB', 'BTC', 'BTD', 'BTE', 'BTF'];

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  await api.runtime.deps.backtestQueue.obliterate({ force: true });
  alice = await signUpAndLogIn(api, 'alicebt', '10.0.9.1');
  bob = await signUpAndLogIn(api, 'bobbt', '10.0.9.2');
  for (const user of [alice, bob])
    await api.http.post('/api/use-demo-market', undefined, user.token);
  await api.runtime.db.company.createMany({
    data: [
      ...SYMBOLS.map((symbol) => ({ source: 'demo' as const, symbol, companyName: symbol })),
      { source: 'csv' as const, symbol: 'REALBT', companyName: 'Real' },
    ],
  });
  subscriber = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
  await subscriber.subscribe(userEventsChannel(api.runtime.namespace, alice.userId));
  subscriber.on('message', (_channel, text) =>
    events.push({ userId: 0, message: JSON.parse(text) }),
  );
});
afterAll(async () => {
  subscriber.disconnect();
  await api.close();
});

const run = (token: string, symbol: unknown): Promise<Reply> =>
  api.http.post('/api/run-backtester', { symbol }, token);

describe('POST /api/run-backtester', () => {
  it('has no progress and no result before the first run', async () => {
    const progress = await api.http.get('/api/backtest/progress', alice.token);
    expect(progress.status).toBe(200);
    expect(progress.body).toEqual({ batch_id: null, completed: 0, failed: 0, total: 0, runs: [] });
    const result = await api.http.get('/api/backtest/result/BTA', alice.token);
    expect(result.status).toBe(404);
    expect(result.body.detail).toBe(server.noBacktestResult('BTA'));
  });

  it('queues one job per symbol; a double click returns the same run and adds nothing', async () => {
    events.length = 0;
    const first = await run(alice.token, ' bta ');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      message: server.backtestQueued('BTA'),
      run_id: expect.any(Number),
      batch_id: first.body.run_id,
      queued: true,
    });
    const again = await run(alice.token, 'BTA');
    expect(again.body).toEqual({
      message: server.backtestAlreadyQueued('BTA'),
      run_id: first.body.run_id,
      batch_id: first.body.run_id,
      queued: false,
    });
    const job = await api.runtime.deps.backtestQueue.getJob(
      backtestJobId(alice.userId, first.body.run_id),
    );
    // With the ids of the request that queued it (the worker logs them).
    expect(job?.data).toEqual({
      runId: first.body.run_id,
      [TRACE_KEY]: { requestId: first.headers['x-request-id'], userId: alice.userId },
    });
    expect(job?.opts.priority).toBe(1);
    expect(await api.runtime.deps.backtestQueue.count()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.map((e) => e.message)).toContainEqual({
      type: 'progress',
      task: 'backtest',
      completed: 0,
      total: 1,
      symbol: 'BTA',
      phase: 'queued',
      message: server.backtestQueued('BTA'),
    });
  });

  it('makes one run and one job of concurrent requests for one symbol', async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => run(alice.token, 'BTB')));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.run_id)).size).toBe(1);
    expect(replies.filter((r) => r.body.queued)).toHaveLength(1);
    const runs = await api.runtime.db.backtestRun.count({
      where: { userId: alice.userId, symbol: 'BTB' },
    });
    expect(runs).toBe(1);
    expect(await api.runtime.deps.backtestQueue.count()).toBe(2);
  });

  it("joins the user's active batch and gives each user's k-th job priority k", async () => {
    const c = await run(alice.token, 'BTC');
    const first = await api.runtime.db.backtestRun.findFirstOrThrow({
      where: { userId: alice.userId, symbol: 'BTA' },
    });
    expect(c.body.batch_id).toBe(first.id);
    const b = await run(bob.token, 'BTA');
    expect(b.body.batch_id).toBe(b.body.run_id);
    const queue = api.runtime.deps.backtestQueue;
    const priority = async (userId: number, runId: number) =>
      (await queue.getJob(backtestJobId(userId, runId)))?.opts.priority;
    expect(await priority(alice.userId, c.body.run_id)).toBe(3);
    expect(await priority(bob.userId, b.body.run_id)).toBe(1);
    // bob's first job waits ahead of alice's second and third.
    const waiting = (await queue.getPrioritized()).map((j) => j.id);
    expect(waiting.indexOf(backtestJobId(bob.userId, b.body.run_id))).toBeLessThan(
      waiting.indexOf(backtestJobId(alice.userId, c.body.run_id)),
    );
  });

  it('refuses a bad symbol, one outside the market and one on the Final Trading List', async () => {
    const bad = await run(alice.token, 'no way!');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(server.symbolRequired);
    const missing = await api.http.post('/api/run-backtester', {}, alice.token);
    expect(missing.status).toBe(400);
    const unknown = await run(alice.token, 'REALBT');
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(server.unknownSymbols(['REALBT']));
    await api.runtime.db.finalTradingListEntry.create({
      data: { userId: alice.userId, symbol: 'BTD', parameters: {} },
    });
    const final = await run(alice.token, 'BTD');
    expect(final.status).toBe(400);
    expect(final.body.detail).toBe(server.onFinalTradingList(['BTD']));
    expect(
      await api.runtime.db.backtestRun.count({ where: { userId: alice.userId, symbol: 'BTD' } }),
    ).toBe(0);
  });

  it("shows the latest batch's runs as progress, and no result while queued", async () => {
    const progress = await api.http.get('/api/backtest/progress', alice.token);
    expect(progress.body).toMatchObject({ completed: 0, failed: 0, total: 3 });
    expect(progress.body.runs).toEqual(
      ['BTA', 'BTB', 'BTC'].map((symbol) => ({
        symbol,
        status: 'queued',
        phase: null,
        error: null,
      })),
    );
    const result = await api.http.get('/api/backtest/result/BTA', alice.token);
    expect(result.status).toBe(404);
  });

  it('ends the progress of an old run whose job failed outside the processor (stalled too often)', async () => {
    const queue = api.runtime.deps.backtestQueue;
    const f = await run(alice.token, 'BTF');
    const job = await queue.getJob(backtestJobId(alice.userId, f.body.run_id));
    await job?.remove();
    // Young: still shown as queued (its request may still be adding the job).
    const young = await api.http.get('/api/backtest/progress', alice.token);
    expect(young.body.runs).toContainEqual(
      expect.objectContaining({ symbol: 'BTF', status: 'queued' }),
    );
    await api.runtime.db.backtestRun.update({
      where: { id: f.body.run_id },
      data: { createdAt: new Date(Date.now() - 10 * 60_000) },
    });
    const progress = await api.http.get('/api/backtest/progress', alice.token);
    expect(progress.body.runs).toContainEqual(
      expect.objectContaining({
        symbol: 'BTF',
        status: 'failed',
        error: server.backtestInternalError(f.body.run_id),
      }),
    );
    const note = await api.runtime.db.notification.findFirst({
      where: { userId: alice.userId, status: 'failed' },
      orderBy: { id: 'desc' },
    });
    expect(note?.message).toBe(
      server.backtestFailed('BTF', server.backtestInternalError(f.body.run_id)),
    );
  });

  it('replaces an active run whose job is gone (Redis lost it) instead of waiting forever', async () => {
    const queue = api.runtime.deps.backtestQueue;
    const e = await run(alice.token, 'BTE');
    await (await queue.getJob(backtestJobId(alice.userId, e.body.run_id)))?.remove();
    // A young run is left alone (its request may still be adding the job)…
    expect((await run(alice.token, 'BTE')).body.run_id).toBe(e.body.run_id);
    // …an old one without its job is replaced.
    await api.runtime.db.backtestRun.update({
      where: { id: e.body.run_id },
      data: { createdAt: new Date(Date.now() - 10 * 60_000) },
    });
    const again = await run(alice.token, 'BTE');
    expect(again.body.queued).toBe(true);
    expect(again.body.run_id).not.toBe(e.body.run_id);
    const old = await api.runtime.db.backtestRun.findUniqueOrThrow({
      where: { id: e.body.run_id },
    });
    expect(old.status).toBe('failed');
    expect(await queue.getJob(backtestJobId(alice.userId, again.body.run_id))).toBeTruthy();
  });
});
