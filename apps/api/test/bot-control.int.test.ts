import { server, userEventsChannel } from '@tradebot/api-contract';
import { botSchedulerId, botTickNowJobId, createRedis, TRACE_KEY } from '@tradebot/jobs';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * Start, Stop, Restart and the bot status: the running flag in bot_states,
 * the Job Scheduler `bot:{id}` that follows it, the refusals and GET /api/status. No worker
 * runs here, so the queue's content is what is checked.
 */
let api: TestApi;
let subscriber: Redis;
const events: Record<string, unknown>[] = [];
let demo: { token: string; userId: number };
let alpaca: { token: string; userId: number };

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  await api.runtime.deps.botQueue.obliterate({ force: true });
  demo = await signUpAndLogIn(api, 'botdemo', '10.0.12.1');
  alpaca = await signUpAndLogIn(api, 'botalpaca', '10.0.12.2');
  await api.http.post('/api/use-demo-market', undefined, demo.token);
  subscriber = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
  await subscriber.subscribe(userEventsChannel(api.runtime.namespace, demo.userId));
  subscriber.on('message', (_channel, text) => events.push(JSON.parse(text)));
});
afterAll(async () => {
  subscriber.disconnect();
  await api.close();
});

const dbOf = () => api.runtime.db;
const queue = () => api.runtime.deps.botQueue;
const post = (path: string, token: string) => api.http.post(path, {}, token);
const onList = (userId: number, symbols: string[]) =>
  dbOf().finalTradingListEntry.createMany({
    data: symbols.map((symbol) => ({ userId, symbol, parameters: {} })),
    skipDuplicates: true,
  });
const tickNowJobs = async (userId: number) =>
  (await queue().getJobs(['waiting', 'delayed', 'prioritized'])).filter((job) =>
    job.id?.startsWith(`bot-now-${userId}-`),
  );

beforeEach(async () => {
  for (const user of [demo, alpaca]) {
    await post('/api/stop', user.token);
    await dbOf().finalTradingListEntry.deleteMany({ where: { userId: user.userId } });
    await dbOf().botState.deleteMany({ where: { userId: user.userId } });
    await dbOf().user.update({ where: { id: user.userId }, data: { alpacaEnvironment: 'paper' } });
  }
  await queue().obliterate({ force: true });
  events.length = 0;
});

describe('POST /api/start', () => {
  it('needs a non-empty Final Trading List', async () => {
    const reply = await post('/api/start', demo.token);
    expect(reply).toMatchObject({ status: 400, body: { detail: server.botNeedsStocks } });
    expect(await queue().getJobScheduler(botSchedulerId(demo.userId))).toBeUndefined();
    expect(await dbOf().botState.count({ where: { userId: demo.userId } })).toBe(0);
  });

  it('marks the bot running, upserts the scheduler every sleep_interval and adds one tick', async () => {
    await onList(demo.userId, ['DMA']);
    await api.http.post('/api/update-config', { trading: { sleep_interval: 45 } }, demo.token);
    const reply = await post('/api/start', demo.token);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(server.botStarted('demo'));
    expect(reply.body.status).toMatchObject({ status: 'running', mode: 'demo', halted: false });
    const scheduler = await queue().getJobScheduler(botSchedulerId(demo.userId));
    expect(scheduler).toMatchObject({ every: 45_000 });
    const seconds = Math.floor(api.runtime.demo.clock.now() / 1000);
    const tick = await queue().getJob(botTickNowJobId(demo.userId, seconds));
    expect(tick?.data).toEqual({
      userId: demo.userId,
      [TRACE_KEY]: { requestId: reply.headers['x-request-id'], userId: demo.userId },
    });
    expect(await tickNowJobs(demo.userId)).toHaveLength(1);
    const row = await dbOf().botState.findUniqueOrThrow({ where: { userId: demo.userId } });
    expect(row).toMatchObject({ running: true, market: 'demo', mode: 'demo', sleepInterval: 45 });
    // The demo account opened with the backtest settings' initial balance: the drawdown base.
    expect(row.startEquity).toBeGreaterThan(0);
    expect(events).toContainEqual({
      type: 'update',
      data: expect.objectContaining({ status: 'running' }),
    });
  });

  it('is idempotent: a second start keeps one scheduler and one tick job', async () => {
    await onList(demo.userId, ['DMA']);
    expect((await post('/api/start', demo.token)).status).toBe(200);
    const again = await post('/api/start', demo.token);
    expect(again).toMatchObject({ status: 200, body: { message: server.botAlreadyRunning } });
    expect(await queue().getJobSchedulersCount()).toBe(1);
    expect(await tickNowJobs(demo.userId)).toHaveLength(1);
    // Concurrent starts: one at a time; the second is told to wait or finds the bot running.
    await post('/api/stop', demo.token);
    const both = await Promise.all([
      post('/api/start', demo.token),
      post('/api/start', demo.token),
    ]);
    expect(both.map((r) => r.body.message ?? r.body.detail)).toContain(server.botStarted('demo'));
    for (const reply of both.filter((r) => r.body.message !== server.botStarted('demo')))
      expect([
        { status: 200, message: server.botAlreadyRunning },
        { status: 409, message: server.botActionInProgress },
      ]).toContainEqual({ status: reply.status, message: reply.body.message ?? reply.body.detail });
    expect(await queue().getJobSchedulersCount()).toBe(1);
  });

  it('refuses live on the trial with the message, and Alpaca without keys', async () => {
    await onList(alpaca.userId, ['AAPL']);
    const noKeys = await post('/api/start', alpaca.token);
    expect(noKeys).toMatchObject({ status: 400, body: { detail: server.botNeedsKeys('paper') } });
    await dbOf().user.update({ where: { id: alpaca.userId }, data: { alpacaEnvironment: 'live' } });
    const live = await post('/api/start', alpaca.token);
    expect(live).toMatchObject({ status: 403, body: { detail: server.botLiveNeedsPaidPlan } });
    expect(await queue().getJobSchedulersCount()).toBe(0);
  });

  it('allows paper with saved keys on the trial, and the demo market', async () => {
    await onList(alpaca.userId, ['AAPL']);
    const saved = await api.http.post(
      '/api/update-account-settings',
      {
        alpaca_environment: 'paper',
        alpaca_api_key_paper: 'PKBOT1234',
        alpaca_api_secret_paper: 'secret-bot',
      },
      alpaca.token,
    );
    expect(saved.status).toBe(200);
    const reply = await post('/api/start', alpaca.token);
    expect(reply).toMatchObject({ status: 200, body: { message: server.botStarted('paper') } });
    expect(reply.body.status).toMatchObject({ status: 'running', mode: 'paper' });
    expect(await queue().getJobScheduler(botSchedulerId(alpaca.userId))).toMatchObject({
      every: 60_000,
    });
    expect(JSON.stringify(reply.body)).not.toContain('PKBOT');
    // Its dashboard reads call Alpaca (unreachable here): counted, and answered in plain words.
    const positions = await api.http.get('/api/positions', alpaca.token);
    expect(positions).toMatchObject({ status: 400, body: { detail: server.brokerUnavailable } });
    const { limiter } = api.runtime.deps;
    expect(await limiter.count('botAlpacaReads', String(alpaca.userId))).toBe(1);
    await onList(demo.userId, ['DMA']);
    expect((await post('/api/start', demo.token)).status).toBe(200);
    expect((await api.http.get('/api/positions', demo.token)).body).toEqual([]);
    expect(await limiter.count('botAlpacaReads', String(demo.userId))).toBe(0);
  });
});

describe('POST /api/stop and /api/restart', () => {
  it('stop marks the bot stopped and removes the scheduler; a second stop says so', async () => {
    await onList(demo.userId, ['DMA']);
    await post('/api/start', demo.token);
    const stopped = await post('/api/stop', demo.token);
    expect(stopped).toMatchObject({ status: 200, body: { message: server.botStopped } });
    expect(stopped.body.status.status).toBe('stopped');
    expect(await queue().getJobScheduler(botSchedulerId(demo.userId))).toBeUndefined();
    expect(await post('/api/stop', demo.token)).toMatchObject({
      status: 200,
      body: { message: server.botAlreadyStopped },
    });
    expect(events).toContainEqual({
      type: 'update',
      data: expect.objectContaining({ status: 'stopped' }),
    });
  });

  it('restart clears a halt and re-reads the sleep interval', async () => {
    await onList(demo.userId, ['DMA']);
    await post('/api/start', demo.token);
    await dbOf().botState.update({
      where: { userId: demo.userId },
      data: {
        halted: true,
        haltReason: 'Max drawdown reached',
        peakEquity: 20_000,
        lastError: 'x',
      },
    });
    expect((await api.http.get('/api/bot/status', demo.token)).body).toMatchObject({
      halted: true,
      halt_reason: 'Max drawdown reached',
    });
    await api.http.post('/api/update-config', { trading: { sleep_interval: 30 } }, demo.token);
    const reply = await post('/api/restart', demo.token);
    expect(reply).toMatchObject({ status: 200, body: { message: server.botRestarted } });
    expect(reply.body.status).toMatchObject({
      status: 'running',
      halted: false,
      halt_reason: null,
      last_error: null,
    });
    expect(await queue().getJobScheduler(botSchedulerId(demo.userId))).toMatchObject({
      every: 30_000,
    });
    // Restart is refused as Start is, and then changes nothing.
    await dbOf().finalTradingListEntry.deleteMany({ where: { userId: demo.userId } });
    expect(await post('/api/restart', demo.token)).toMatchObject({
      status: 400,
      body: { detail: server.botNeedsStocks },
    });
    expect((await api.http.get('/api/bot/status', demo.token)).body.status).toBe('running');
  });
});

describe('status', () => {
  it('shows the snapshot with daily P&L and drawdown, in /api/bot/status and /api/status', async () => {
    const before = await api.http.get('/api/status', demo.token);
    expect(before.body).toMatchObject({
      bot_status: 'stopped',
      bot: { status: 'stopped', equity: null },
    });
    await onList(demo.userId, ['DMA']);
    await post('/api/start', demo.token);
    const at = new Date(api.runtime.demo.clock.now());
    await dbOf().botState.update({
      where: { userId: demo.userId },
      data: {
        equity: 9_500,
        cash: 4_000,
        buyingPower: 4_000,
        dayStartEquity: 9_800,
        peakEquity: 10_000,
        lastActivity: at,
        lastTickAt: at,
      },
    });
    const expected = {
      status: 'running',
      mode: 'demo',
      equity: 9_500,
      cash: 4_000,
      buying_power: 4_000,
      last_activity: at.toISOString(),
      daily_pnl: -300,
      drawdown_pct: 5,
      halted: false,
      halt_reason: null,
      last_tick_at: at.toISOString(),
      last_error: null,
    };
    expect((await api.http.get('/api/bot/status', demo.token)).body).toEqual(expected);
    const status = await api.http.get('/api/status', demo.token);
    expect(status.body).toMatchObject({ bot_status: 'running', bot: expected });
    // Another user's status is their own.
    expect((await api.http.get('/api/status', alpaca.token)).body.bot_status).toBe('stopped');
  });
});
