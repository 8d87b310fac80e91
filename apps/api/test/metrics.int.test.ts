import { Writable } from 'node:stream';
import { botTickNowJobId, TRACE_KEY } from '@tradebot/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../src/app.js';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';
import { sample } from './metrics-text.js';

/**
 * GET /metrics behind METRICS_TOKEN, the series the API serves moving with the requests it
 * answers, the queues and the websocket; and the request's ids on its log lines and on the job
 * it queued. (The worker's own /metrics: apps/worker/test/worker-metrics.int.test.ts.)
 */
const TOKEN = 'scrape-token-0123456789';
let api: TestApi;
let app: Awaited<ReturnType<typeof buildApp>>;
let user: { token: string; userId: number };
let base: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  user = await signUpAndLogIn(api, 'metricsuser', '10.0.31.1');
  await api.http.post('/api/use-demo-market', undefined, user.token);
  await api.runtime.deps.botQueue.obliterate({ force: true });
  app = await buildApp({
    services: {
      ...api.runtime.services,
      // A fault inside a request, logged by the handler's error path.
      account: {
        ...api.runtime.services.account,
        getSettings: async () => {
          throw new Error('settings store down');
        },
      },
    },
    sessions: api.runtime.sessions,
    subscriber: api.runtime.subscriber,
    namespace: api.runtime.namespace,
    metrics: {
      token: TOKEN,
      queues: { connection: api.runtime.redis, namespace: api.runtime.queueNamespace },
    },
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
          done();
        },
      }),
    },
  });
  base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});
afterAll(async () => {
  await app.close();
  await api.close();
});

const call = (method: 'GET' | 'POST', url: string, authorization?: string) =>
  app.inject({ method, url, headers: authorization ? { authorization } : {} });
const scrape = async () => {
  const reply = await call('GET', '/metrics', `Bearer ${TOKEN}`);
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return reply.body;
};

describe('GET /metrics', () => {
  it('answers 404 when no METRICS_TOKEN is set, and 401 without the token', async () => {
    expect((await api.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await call('GET', '/metrics')).statusCode).toBe(401);
    expect((await call('GET', '/metrics', 'Bearer not-the-token')).statusCode).toBe(401);
    expect((await call('GET', '/metrics', `Basic ${TOKEN}`)).statusCode).toBe(401);
    expect((await call('GET', '/metrics', user.token)).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/status', status: '200' };
    const count = 'tradebot_http_request_duration_seconds_count';
    for (let i = 0; i < 3; i += 1) await call('GET', '/api/status', `Bearer ${user.token}`);
    await call('GET', '/api/status');
    await call('GET', '/api/no-such-route?id=42');
    const after = await scrape();
    expect(sample(after, count, labels) - (sample(before, count, labels) || 0)).toBe(3);
    expect(sample(after, count, { ...labels, status: '401' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, count, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toContain('no-such-route');
    expect(sample(after, 'tradebot_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    // prom-client's process series are there too.
    expect(sample(after, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
    expect(after).toContain('# TYPE tradebot_orders_total counter');
    expect(after).toContain('# TYPE tradebot_bot_tick_duration_seconds histogram');
  });

  it('reports the queued tick of a started bot as waiting, with its age', async () => {
    await api.runtime.db.finalTradingListEntry.create({
      data: { userId: user.userId, symbol: 'DMA', parameters: {} },
    });
    const started = await call('POST', '/api/start', `Bearer ${user.token}`);
    expect(started.statusCode).toBe(200);
    const text = await scrape();
    // The tick asked for now, and the scheduler's first.
    const waiting = await api.runtime.deps.botQueue.getWaitingCount();
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tradebot_queue_jobs', { queue: 'bot', state: 'waiting' })).toBe(waiting);
    expect(sample(text, 'tradebot_queue_jobs', { queue: 'portfolio', state: 'active' })).toBe(0);
    const age = sample(text, 'tradebot_queue_oldest_waiting_seconds', { queue: 'bot' });
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    expect(sample(text, 'tradebot_queue_oldest_waiting_seconds', { queue: 'portfolio' })).toBe(0);
    // The sign-up's mail waits too (no worker runs here).
    expect(sample(text, 'tradebot_queue_jobs', { queue: 'mail', state: 'waiting' })).toBe(1);
    expect(
      sample(text, 'tradebot_queue_oldest_waiting_seconds', { queue: 'mail' }),
    ).toBeGreaterThan(0);
    await call('POST', '/api/stop', `Bearer ${user.token}`);
  });

  it('counts open websocket connections', async () => {
    const connections = async () => sample(await scrape(), 'tradebot_websocket_connections', {});
    expect(await connections()).toBe(0);
    const socket = new WebSocket(`${base}/ws?token=${user.token}`);
    await waitUntil(async () => (await connections()) === 1);
    socket.close();
    await waitUntil(async () => (await connections()) === 0);
  });
});

describe('request ids', () => {
  it('are on every line the request logs, with its user, and on the job it queues', async () => {
    await api.runtime.deps.botQueue.obliterate({ force: true });
    await api.runtime.db.finalTradingListEntry.upsert({
      where: { userId_symbol: { userId: user.userId, symbol: 'DMA' } },
      create: { userId: user.userId, symbol: 'DMA', parameters: {} },
      update: {},
    });
    const started = await call('POST', '/api/start', `Bearer ${user.token}`);
    expect(started.statusCode).toBe(200);
    const requestId = started.headers['x-request-id'] as string;
    const seconds = Math.floor(api.runtime.demo.clock.now() / 1000);
    const tick = await api.runtime.deps.botQueue.getJob(botTickNowJobId(user.userId, seconds));
    expect(tick?.data).toEqual({
      userId: user.userId,
      [TRACE_KEY]: { requestId, userId: user.userId },
    });
    await waitUntil(async () => logLines.some((line) => line.reqId === requestId));
    expect(logLines.find((line) => line.reqId === requestId)).toMatchObject({
      userId: user.userId,
      msg: 'request completed',
      route: '/api/start',
      res: { statusCode: 200 },
    });

    const failed = await call('GET', '/api/account-settings', `Bearer ${user.token}`);
    expect(failed.statusCode).toBe(500);
    const failedId = failed.headers['x-request-id'] as string;
    await waitUntil(async () => logLines.filter((line) => line.reqId === failedId).length === 2);
    const lines = logLines.filter((line) => line.reqId === failedId);
    expect(lines.map((line) => line.msg)).toEqual(['request failed', 'request completed']);
    for (const line of lines) expect(line.userId).toBe(user.userId);
    // The bearer token is on no line.
    expect(JSON.stringify(logLines)).not.toContain(user.token);
    await call('POST', '/api/stop', `Bearer ${user.token}`);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
