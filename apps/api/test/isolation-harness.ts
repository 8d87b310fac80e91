import { portfolioJobId, portfolioQueue } from '@tradebot/jobs';
import { afterAll, beforeAll, expect } from 'vitest';
import { signUpAndLogIn, startTestApi, type Reply, type TestApi } from './harness.js';
import { aliceBot } from './isolation-bot.js';
import { seedAlice } from './isolation-seed.js';

/**
 * The isolation tests' shared part (isolation.int.test.ts for the user's paths and procedures,
 * isolation-admin.int.test.ts for the admin ones): alice with data of every kind, bobby who calls
 * every path with his own token, and the checks that nothing of hers comes back or changes.
 */
export type Call = (token: string) => Promise<Reply>;

export interface Isolation {
  api: TestApi;
  a: { token: string; userId: number };
  b: { token: string; userId: number; secret: string };
}

/** Starts the API for the calling test file, with alice seeded; the fields are set in beforeAll. */
export function useIsolationApi(): Isolation {
  const world = {} as Isolation;
  beforeAll(async () => {
    world.api = await startTestApi();
    await world.api.reset();
    world.a = await signUpAndLogIn(world.api, 'alice', '10.0.2.1');
    world.b = await signUpAndLogIn(world.api, 'bobby', '10.0.2.2');
    await seedAlice(world.api, world.a);
    // Her portfolio preview, queued (no worker runs here): B must not find it by its id.
    await world.api.runtime.deps.portfolioQueue.add(
      portfolioQueue.name,
      { userId: world.a.userId, universe: 'demo', symbols: ['ALICEF'], months: 12 },
      { jobId: alicePreview(world) },
    );
  });
  afterAll(async () => world.api.close());
  return world;
}

export const alicePreview = (world: Isolation) =>
  portfolioJobId(world.a.userId, '0a11ce00-0000-4000-8000-000000000001');

/** tRPC procedures through HTTP as the web app calls them. */
export const trpcCalls =
  (world: Isolation) =>
  (path: string, kind: 'query' | 'mutation', input?: unknown): Call =>
  (t) =>
    kind === 'query'
      ? world.api.http.get(
          `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          t,
        )
      : world.api.http.post(`/trpc/${path}`, input ?? null, t);

/** All of alice's data that a call could read or change, as she and the database see it. */
export async function aliceState({ api, a }: Isolation) {
  const settings = await api.http.get('/api/account-settings', a.token);
  const notifications = await api.http.get('/api/notifications', a.token);
  const unread = await api.http.get('/api/notifications/unread', a.token);
  const user = await api.runtime.db.user.findUniqueOrThrow({
    where: { id: a.userId },
    select: { isAdmin: true, isVerified: true, totpSecretEnc: true, passwordHash: true },
  });
  const subscription = await api.runtime.db.subscription.findUniqueOrThrow({
    where: { userId: a.userId },
    select: { plan: true, status: true },
  });
  const lists = await api.http.get('/api/backtest/stocks', a.token);
  const backtestSettings = await api.http.get('/api/backtest/settings', a.token);
  const news = await api.http.get('/api/get-news-sentiment', a.token);
  const templates = await api.http.get('/api/screening/templates', a.token);
  const runs = await api.runtime.db.screenerRun.count({ where: { userId: a.userId } });
  const optimized = await api.http.get('/api/get-backtester-output', a.token);
  const finalList = await api.http.get('/api/get-final-trading-config', a.token);
  const undo = await api.http.get('/api/final-trading-list/undo', a.token);
  const config = await api.http.get('/api/config', a.token);
  const backtestRuns = await api.runtime.db.backtestRun.findMany({ where: { userId: a.userId } });
  const bot = await aliceBot(api.runtime.db, a.userId);
  return {
    bot,
    backtestRuns,
    news: news.body,
    templates: templates.body,
    runs,
    settings: settings.body,
    notifications: notifications.body,
    unread: unread.body,
    lists: lists.body,
    backtestSettings: backtestSettings.body,
    optimized: optimized.body,
    finalList: finalList.body,
    undo: undo.body,
    config: config.body,
    user,
    subscription,
  };
}

/** Alice's seeded data is there to be looked for. */
export function expectAliceSeeded(before: Awaited<ReturnType<typeof aliceState>>) {
  expect(before.settings.paper_key_mask).toBe('************0042');
  expect(before.notifications).toHaveLength(1);
  expect(before.unread).toEqual({ count: 1 });
  expect(before.finalList).toMatchObject([{ symbol: 'ALICEF' }]);
  expect(before.undo).toEqual({ symbols: ['ALICEF'] });
  expect(before.config.trading.sleep_interval).toBe(3333);
  expect(before.bot).toMatchObject({
    logs: 1,
    fills: 1,
    trades: 1,
    orders: [{ clientOrderId: 'alice-entry', status: 'new' }],
  });
  expect(before.bot.state?.running).toBe(true);
  expect(before.optimized.best_parameters.ALICEQ.profit).toBe(4242.5);
  expect(before.news).toMatchObject([{ symbol: 'ALICEQ', title: 'Alice-only headline' }]);
}

/** The reply to B's call `name` carries nothing of alice's. */
export function expectNothingOfAlice(name: string, reply: Reply) {
  const text = JSON.stringify(reply.body);
  expect(text, name).not.toContain('alice@example.com');
  expect(text, name).not.toContain('0042');
  expect(text, name).not.toContain('Screener completed for alice');
  expect(text, name).not.toContain('ALICEQ"]');
  expect(text, name).not.toContain('Alice-only headline');
  expect(text, name).not.toContain('"max_rsi":42');
  expect(text, name).not.toContain('ALICEF');
  expect(text, name).not.toContain('4242');
  expect(text, name).not.toContain('"sleep_interval":3333');
  expect(text, name).not.toContain('Alice-bt');
  expect(text, name).not.toContain('987654');
  expect(text, name).not.toContain('Alice-bot-log');
  expect(text, name).not.toContain('alice-entry');
  // (ALICEB itself is what B asks for in Quick Sell and the chart, so it may be echoed.)
  expect(text, name).not.toContain('19.65');
  expect(text, name).not.toContain('31.515');
  expect(text, name).not.toContain('123.45');
  if (name.includes('progress')) expect(text, name).not.toContain('ALICEQ');
}
