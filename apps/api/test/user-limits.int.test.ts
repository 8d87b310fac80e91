import { server } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type Reply, type TestApi } from './harness.js';

/**
 * Per-user limits on work one user can pile up: screener runs and template saves are throttled
 * (10 a minute, in Redis), custom templates are capped at 50, and at most 200 backtests are
 * queued or running at once.
 */
let api: TestApi;
let user: { token: string; userId: number };

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  await api.runtime.deps.backtestQueue.obliterate({ force: true });
  await api.runtime.deps.screenerQueue.obliterate({ force: true });
  user = await signUpAndLogIn(api, 'heavyuser', '10.0.15.1');
  await api.http.post('/api/use-demo-market', undefined, user.token);
});
afterAll(async () => api.close());

const post = (path: string, body: unknown) => api.http.post(path, body, user.token);
const throttled = (reply: Reply) => {
  expect(reply.status).toBe(429);
  const seconds = Number(reply.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(reply.body.detail).toBe(server.tooManyRuns(seconds));
};

describe('per-user limits', () => {
  it('throttles template saves to 10 a minute, even at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post('/api/screening/save-template', { name: `T${i}`, criteria: { max_rsi: 50 } }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    for (const reply of replies.filter((r) => r.status !== 200)) throttled(reply);
    expect(await api.runtime.db.screeningTemplate.count({ where: { userId: user.userId } })).toBe(
      10,
    );
  });

  it('keeps at most 50 custom templates; overwriting one is still allowed', async () => {
    await api.runtime.redis.flushdb();
    await api.runtime.db.screeningTemplate.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        userId: user.userId,
        name: `Bulk ${i}`,
        criteria: { max_rsi: 50 },
      })),
    });
    const more = await post('/api/screening/save-template', { name: 'One more', criteria: {} });
    expect(more).toMatchObject({ status: 409, body: { detail: server.tooManyTemplates(50) } });
    // One of the ten saved at once (which ten is the order the thirty requests arrived in).
    const [saved] = await api.runtime.db.screeningTemplate.findMany({
      where: { userId: user.userId, name: { startsWith: 'T' } },
      select: { name: true },
    });
    const again = await post('/api/screening/save-template', { name: saved?.name, criteria: {} });
    expect(again.status).toBe(200);
  });

  it('throttles screener runs to 10 a minute', async () => {
    await api.runtime.redis.flushdb();
    const replies: Reply[] = [];
    for (let i = 0; i < 12; i++) replies.push(await post('/api/run-screener', {}));
    expect(replies.slice(0, 10).every((r) => r.status === 200)).toBe(true);
    for (const reply of replies.slice(10)) throttled(reply);
  });

  it('refuses a 201st queued backtest with 409, and keeps answering the queued ones', async () => {
    const { db } = api.runtime;
    await db.company.createMany({
      data: ['LIMA', 'LIMB'].map((symbol) => ({
        source: 'demo' as const,
        symbol,
        companyName: symbol,
      })),
    });
    await db.backtestRun.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({
        userId: user.userId,
        symbol: `Q${i}`,
        batchId: 1,
        universe: 'demo' as const,
        settings: {},
      })),
    });
    const full = await post('/api/run-backtester', { symbol: 'LIMA' });
    expect(full).toMatchObject({
      status: 409,
      body: { detail: server.tooManyQueuedBacktests(200) },
    });
    expect(await db.backtestRun.count({ where: { userId: user.userId, symbol: 'LIMA' } })).toBe(0);
    await db.backtestRun.updateMany({
      where: { userId: user.userId, symbol: 'Q0' },
      data: { status: 'completed' },
    });
    const room = await post('/api/run-backtester', { symbol: 'LIMB' });
    expect(room.status).toBe(200);
  });
});
