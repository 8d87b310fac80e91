import { server, userEventsChannel, type TMlModelInfo } from '@tradebot/api-contract';
import { screenerService } from '@tradebot/core';
import { createRedis, screenerJobId, screenerQueue, startWorker } from '@tradebot/jobs';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The worker's own processor, so the job runs exactly as in production (apps import no app;
// a test may).
import { screenerProcessor } from '../../worker/src/screener.processor.js';
import { signUpAndLogIn, startTestApi, type Reply, type TestApi } from './harness.js';

/**
 * Screener runs (templates: screener-templates.int.test.ts): POST /api/run-screener
 * queues a BullMQ job that a real worker processor runs against the test database; the client
 * then finds the "Screener completed" notification and GET /api/get-screener-output.
 */
let api: TestApi;
let worker: Worker;
let subscriber: Redis;
const events: { userId: number; message: Record<string, unknown> }[] = [];
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
let carol: { token: string; userId: number };

/** Metrics that pass the defaults (RSI ≤ 60, ATR ≥ 3 %, 500,000 shares, beta 1.2–5). */
const PASSING = { rsi: 40, atrPercent: 4, averageVolume: 1_000_000, beta: 1.5 };

async function seedUniverse() {
  const db = api.runtime.db;
  const company = (symbol: string, extra: Record<string, unknown> = {}) => ({
    source: 'demo' as const,
    symbol,
    companyName: `${symbol} Corp`,
    domain: `${symbol.toLowerCase()}.example`,
    price: 50,
    ...extra,
  });
  await db.company.createMany({
    data: [
      company('PASSA', { peRatio: 10, pbRatio: 1 }),
      company('PASSB'),
      company('HOTRS'),
      company('THINV'),
      // No metrics yet: its RSI is unknown, so the defaults count it as missing data.
      company('NOMET'),
      company('VALUC', { peRatio: 8, pbRatio: 1.5 }),
      // The Alpaca universe: never screened for a demo user.
      { ...company('REALX'), source: 'alpaca' as const },
      // The CSV snapshot: an offline universe, never an Alpaca user's.
      { ...company('CSVX'), source: 'csv' as const },
    ],
  });
  const ids = new Map(
    (await db.company.findMany({ select: { id: true, symbol: true } })).map((c) => [
      c.symbol,
      c.id,
    ]),
  );
  const asOf = new Date('2026-01-02T21:00:00Z');
  const metrics = (symbol: string, m: Partial<typeof PASSING> = {}) => ({
    companyId: ids.get(symbol) as number,
    asOf,
    lastPrice: 50,
    atr: 2,
    macd: 0.5,
    refreshedAt: asOf,
    ...PASSING,
    ...m,
  });
  await db.stockMetrics.createMany({
    data: [
      metrics('PASSA'),
      metrics('PASSB', { beta: 2 }),
      metrics('HOTRS', { rsi: 80 }),
      metrics('THINV', { averageVolume: 1000 }),
      metrics('VALUC', { rsi: 75 }),
      metrics('REALX'),
    ],
  });
}

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  alice = await signUpAndLogIn(api, 'alicescr', '10.0.7.1');
  bob = await signUpAndLogIn(api, 'bobscr', '10.0.7.2');
  carol = await signUpAndLogIn(api, 'carolscr', '10.0.7.3');
  await api.http.post('/api/use-demo-market', undefined, alice.token);
  await api.http.post('/api/use-demo-market', undefined, bob.token);
  // carol stays on the real market, where nothing has been imported.
  await seedUniverse();
  subscriber = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
  for (const user of [alice, bob, carol])
    await subscriber.subscribe(userEventsChannel(api.runtime.namespace, user.userId));
  subscriber.on('message', (channel, text) => {
    const userId = Number(channel.split(':').pop());
    events.push({ userId, message: JSON.parse(text) });
  });
  worker = startWorker(
    screenerQueue,
    screenerProcessor(api.runtime.services),
    createRedis(process.env.REDIS_URL ?? '', { forWorker: true }),
    api.runtime.queueNamespace,
  );
});
afterAll(async () => {
  await worker.close();
  subscriber.disconnect();
  await api.close();
});

/** The user's newest notification once one with `status` exists beyond `seen` (10 s at most). */
async function notificationAfter(token: string, seen: number) {
  for (let i = 0; i < 200; i++) {
    const list: Reply = await api.http.get('/api/notifications', token);
    if (list.body.length > seen) return list.body[0] as { message: string; status: string };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no notification within 10 s');
}

async function runAndWait(token: string, body?: unknown) {
  const before: Reply = await api.http.get('/api/notifications', token);
  const started = await api.http.post('/api/run-screener', body, token);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const notification = await notificationAfter(token, before.body.length);
  return { started: started.body, notification };
}

describe('the screener', () => {
  it('has no output before the first run', async () => {
    const output = await api.http.get('/api/get-screener-output', alice.token);
    expect(output.status).toBe(200);
    expect(output.body).toMatchObject({ symbols: [], completed_at: null, ml_model: null });
  });

  it('runs the defaults with no body: job, progress over /ws, notification, output', async () => {
    events.length = 0;
    const { started, notification } = await runAndWait(alice.token);
    expect(started).toEqual({ message: server.screenerStarted, run_id: expect.any(Number) });
    expect(notification).toMatchObject({
      status: 'completed',
      message: server.screenerCompleted(null, 2, 1),
    });
    expect(notification.message).toContain('Screener completed');
    const output = await api.http.get('/api/get-screener-output', alice.token);
    expect(output.body).toMatchObject({
      saved_to_backtest: 0,
      excluded_for_missing_data: 1,
      total: 6,
      template_name: null,
      market_as_of: '2026-01-02T21:00:00.000Z',
      ml_model: null,
    });
    // NOMET has no metrics yet: each technical criterion names it, and why.
    expect(output.body.missing_criteria).toContainEqual({
      criterion: 'max_rsi',
      missing: 1,
      unavailable: false,
      reason: server.criterionNoMetrics,
    });
    expect(output.body.completed_at).toEqual(expect.any(String));
    expect(output.body.symbols).toEqual([
      {
        symbol: 'PASSA',
        company_name: 'PASSA Corp',
        domain: 'passa.example',
        last_price: 50,
        rsi: 40,
        atr: 2,
        atr_percent: 4,
        macd: 0.5,
        ml_score: null,
      },
      expect.objectContaining({ symbol: 'PASSB', ml_score: null }),
    ]);
    const progress = events
      .filter((e) => e.userId === alice.userId && e.message.task === 'screener')
      .map((e) => [e.message.completed, e.message.total]);
    expect(progress[0]).toEqual([0, 6]);
    expect(progress.at(-1)).toEqual([6, 6]);
    // Something in between, so a progress bar moves.
    expect(progress.some(([done]) => (done as number) > 0 && (done as number) < 6)).toBe(true);
    expect(events.some((e) => e.userId !== alice.userId)).toBe(false);
  });

  it('takes stocks saved to the backtesting list out of the results, and counts them', async () => {
    const saved = await api.http.post('/api/backtest/stocks', { symbols: ['PASSA'] }, alice.token);
    expect(saved.status).toBe(200);
    const output = await api.http.get('/api/get-screener-output', alice.token);
    expect(output.body.symbols.map((s: { symbol: string }) => s.symbol)).toEqual(['PASSB']);
    // Two passed: one shown, one saved; a second save of the same stock counts it once.
    expect(output.body.saved_to_backtest).toBe(1);
    await api.http.post('/api/backtest/stocks', { symbols: ['PASSA'] }, alice.token);
    const again = await api.http.get('/api/get-screener-output', alice.token);
    expect(again.body).toMatchObject({ saved_to_backtest: 1, total: 6 });
    expect(again.body.symbols).toHaveLength(1);
    // A stored row without atr_percent (an older run) gets it from ATR and the last price.
    const run = await api.runtime.db.screenerRun.findFirstOrThrow({
      where: { userId: alice.userId, status: 'completed' },
      orderBy: { id: 'desc' },
    });
    const rows = run.results as { atr_percent?: number }[];
    await api.runtime.db.screenerRun.update({
      where: { id: run.id },
      data: { results: rows.map(({ atr_percent: _, ...row }) => row) },
    });
    const older = await api.http.get('/api/get-screener-output', alice.token);
    expect(older.body.symbols[0]).toMatchObject({ symbol: 'PASSB', atr: 2, atr_percent: 4 });
    // Every stock that passed saved: none shown, both counted.
    await api.http.post('/api/backtest/stocks', { symbols: ['PASSB'] }, alice.token);
    const none = await api.http.get('/api/get-screener-output', alice.token);
    expect(none.body).toMatchObject({ symbols: [], saved_to_backtest: 2 });
  });

  it('runs a template by name, and a later run without a body repeats it', async () => {
    const value = await runAndWait(alice.token, { template_name: 'Value' });
    // Value: P/E ≤ 15, P/B ≤ 2, EV/EBITDA ≤ 10, …: every listing lacks some of those figures.
    expect(value.notification.message).toBe(server.screenerCompleted('Value', 0, 6));
    const again = await runAndWait(alice.token);
    expect(again.notification.message).toBe(server.screenerCompleted('Value', 0, 6));
    const output = await api.http.get('/api/get-screener-output', alice.token);
    expect(output.body.template_name).toBe('Value');
  });

  it('takes a run as the dashboard sends it: a JSON content type and no body at all', async () => {
    const before: Reply = await api.http.get('/api/notifications', alice.token);
    const reply = await api.app.inject({
      method: 'POST',
      url: '/api/run-screener',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const notification = await notificationAfter(alice.token, before.body.length);
    // The last run's criteria again (the Value template).
    expect(notification.message).toBe(server.screenerCompleted('Value', 0, 6));
    // Broken JSON is still refused.
    const broken = await api.app.inject({
      method: 'POST',
      url: '/api/run-screener',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      payload: '{"criteria":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('runs criteria from the body, labelled with the template name given', async () => {
    const { notification } = await runAndWait(alice.token, {
      criteria: { max_rsi: 90, min_atr_percent: null, min_average_volume: null },
      template_name: 'My Picks',
    });
    // RSI ≤ 90 and beta 1.2–5: all five with metrics; NOMET lacks an RSI.
    expect(notification.message).toBe(server.screenerCompleted('My Picks', 5, 1));
    const output = await api.http.get('/api/get-screener-output', alice.token);
    expect(output.body.symbols.map((s: { symbol: string }) => s.symbol)).toEqual([
      'HOTRS',
      'PASSA',
      'PASSB',
      'THINV',
      'VALUC',
    ]);
  });

  it('a second click while a run is queued returns that run and queues no second job', async () => {
    await worker.pause();
    const queue = api.runtime.deps.screenerQueue;
    const [first, second] = await Promise.all([
      api.http.post('/api/run-screener', undefined, bob.token),
      api.http.post('/api/run-screener', undefined, bob.token),
    ]);
    const third = await api.http.post('/api/run-screener', { template_name: 'Value' }, bob.token);
    expect(first.body.run_id).toEqual(expect.any(Number));
    expect(second.body.run_id).toBe(first.body.run_id);
    expect(third.body.run_id).toBe(first.body.run_id);
    const waiting = await queue.getJobs(['waiting', 'prioritized', 'active']);
    expect(waiting.map((job) => job.id)).toEqual([screenerJobId(bob.userId, first.body.run_id)]);
    const runs = await api.runtime.db.screenerRun.count({ where: { userId: bob.userId } });
    expect(runs).toBe(1);
    await worker.resume();
    const notification = await notificationAfter(bob.token, 0);
    expect(notification.status).toBe('completed');
  });

  it('refuses criteria out of bounds or unknown with a 400 naming the field, queuing nothing', async () => {
    const before = await api.runtime.db.screenerRun.count();
    const bounds = await api.http.post(
      '/api/run-screener',
      { criteria: { max_rsi: 500 } },
      alice.token,
    );
    expect(bounds.status).toBe(400);
    expect(bounds.body.detail).toBe(server.screeningCriterionBounds('Max RSI', 0, 100));
    const typed = await api.http.post(
      '/api/run-screener',
      { criteria: { min_beta: 'high' } },
      alice.token,
    );
    expect(typed.status).toBe(400);
    expect(typed.body.detail).toContain(server.screeningCriterionBounds('Min beta', 0, 10));
    expect(typed.body.detail).not.toContain('min_beta');
    const unknown = await api.http.post(
      '/api/run-screener',
      { criteria: { max_pe: 10 } },
      alice.token,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(server.unknownCriteria(['max_pe']));
    const template = await api.http.post(
      '/api/run-screener',
      { template_name: 'Nope' },
      alice.token,
    );
    expect(template.status).toBe(404);
    expect(template.body.detail).toBe(server.templateNotFound('Nope'));
    expect(await api.runtime.db.screenerRun.count()).toBe(before);
  });

  it("screens the user's own market's universe, and says why when none is loaded", async () => {
    // carol is on the Alpaca market: only the Alpaca listing is hers to screen.
    const real = await runAndWait(carol.token);
    expect(real.notification.message).toBe(server.screenerCompleted(null, 1, 0));
    const realOutput = await api.http.get('/api/get-screener-output', carol.token);
    expect(realOutput.body.symbols.map((s: { symbol: string }) => s.symbol)).toEqual(['REALX']);
    const first = await api.runtime.db.screenerRun.findFirstOrThrow({
      where: { userId: carol.userId },
      orderBy: { id: 'desc' },
    });
    expect(first).toMatchObject({ status: 'completed', universe: 'alpaca' });
    // A fundamentals criterion no Alpaca listing has a value for is unavailable, with the reason.
    await runAndWait(carol.token, { criteria: { max_pe_ratio: 30 } });
    const fundamentals = await api.http.get('/api/get-screener-output', carol.token);
    expect(fundamentals.body).toMatchObject({ symbols: [], excluded_for_missing_data: 1 });
    expect(fundamentals.body.missing_criteria).toContainEqual({
      criterion: 'max_pe_ratio',
      missing: 1,
      unavailable: true,
      reason: server.criterionNoFundamentals,
    });
    await runAndWait(carol.token, { criteria: {} });
    await api.runtime.db.company.deleteMany({ where: { source: 'alpaca' } });
    // No Alpaca listings, no data key and no saved keys: nothing can be loaded, and she is told.
    const refused = await api.http.post('/api/run-screener', undefined, carol.token);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(server.alpacaUniverseNoKeys);
    // The output stays the last completed run's.
    const output = await api.http.get('/api/get-screener-output', carol.token);
    expect(output.body.symbols.map((s: { symbol: string }) => s.symbol)).toEqual(['REALX']);
  });

  it('shows the ML score and model when a score source is wired', async () => {
    const model: TMlModelInfo = {
      version: 'rf-1',
      trained_at: '2026-01-01T00:00:00.000Z',
      train_period: { from: '2020-01-01', to: '2024-12-31' },
      test_period: { from: '2025-01-01', to: '2025-12-31' },
      ic: 0.05,
      baseline_ic: 0.02,
      hit_rate: 0.6,
      baseline_hit_rate: 0.55,
      beats_baseline: true,
      description: 'A random forest.',
    };
    const asked: string[][] = [];
    const service = screenerService(
      api.runtime.deps,
      api.runtime.services.market,
      api.runtime.services.screeningTemplates,
      { enqueue: async () => {} },
      {
        scoresFor: async (universe, symbols) => {
          asked.push([universe, ...symbols]);
          return new Map([['PASSA', 0.7]]);
        },
        modelInfo: async () => model,
      },
    );
    const session = await api.runtime.sessions.authenticate(alice.token, { touch: false });
    const output = await service.output(session!);
    expect(asked).toEqual([['demo', 'HOTRS', 'PASSA', 'PASSB', 'THINV', 'VALUC']]);
    expect(output.ml_model).toEqual(model);
    expect(output.symbols.find((s) => s.symbol === 'PASSA')?.ml_score).toBe(0.7);
    expect(output.symbols.find((s) => s.symbol === 'PASSB')?.ml_score).toBeNull();
  });
});
