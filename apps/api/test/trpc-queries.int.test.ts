import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { signUpAdmin, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * GET query calls are answered without tRPC's adapter (trpc-queries.ts). Every answer must be
 * the adapter's own: same status, same JSON, for single and batched calls, successes, input
 * errors, auth errors and the calls the lean path leaves to the adapter.
 */
let api: TestApi;
let adapterOnly: Awaited<ReturnType<typeof buildApp>>;
let token: string;
let adminToken: string;

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  ({ token } = await signUpAndLogIn(api, 'quincy', '10.7.0.1'));
  const admin = await signUpAdmin(api, 'queenie', '10.7.0.2');
  adminToken = admin.token;
  adapterOnly = await buildApp({
    services: api.runtime.services,
    sessions: api.runtime.sessions,
    subscriber: api.runtime.subscriber,
    namespace: api.runtime.namespace,
    leanQueries: false,
  });
});
afterAll(async () => {
  await adapterOnly.close();
  await api.close();
});

/** What the dashboard asks for at once: one path segment over 200 characters. */
const DASHBOARD_BATCH = [
  'bot.status',
  'notifications.list',
  'notifications.unread',
  'account.settings',
  'bot.accountHistory',
  'market.status',
  'bot.positions',
  'bot.trackedSymbols',
  'bot.historicalPerformance',
  'bot.logs',
  'bot.openOrders',
  'tradingSettings.get',
];
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const cases: Array<[string, string, 'user' | 'admin' | 'none' | 'garbage']> = [
  ['single query', '/trpc/account.settings', 'user'],
  ['single query, no session', '/trpc/auth.status', 'none'],
  ['single query, unknown token', '/trpc/auth.status', 'garbage'],
  ['admin query as a user', '/trpc/admin.users', 'user'],
  ['admin query as an admin', '/trpc/admin.users', 'admin'],
  ['batch of two', '/trpc/auth.status,notifications.list?batch=1&input=%7B%7D', 'user'],
  ['batch, mixed success and error', '/trpc/auth.status,admin.users?batch=1', 'user'],
  [
    "batch of the dashboard's first load (a long path)",
    `/trpc/${DASHBOARD_BATCH.join(',')}?batch=1&input=%7B%7D`,
    'user',
  ],
  [
    'batch with inputs',
    `/trpc/auth.status,account.settings?batch=1&input=${input({ 0: null })}`,
    'user',
  ],
  ['query with a NUL in its input', `/trpc/auth.status?input=${input({ a: '\u0000' })}`, 'user'],
  ['malformed input JSON', '/trpc/auth.status?input=%7Bnope', 'user'],
  ['unknown procedure', '/trpc/auth.nothing', 'user'],
  ['mutation over GET', '/trpc/auth.logout', 'user'],
  ['batch naming a mutation', '/trpc/auth.status,auth.logout?batch=1', 'user'],
  ['batch input not an object', `/trpc/auth.status?batch=1&input=${input(5)}`, 'user'],
];

describe('lean GET queries answer exactly as tRPC’s adapter', () => {
  it.each(cases)('%s', async (_name, url, caller) => {
    const bearer = { user: token, admin: adminToken, none: '', garbage: 'f'.repeat(43) }[caller];
    const headers = bearer ? { authorization: `Bearer ${bearer}` } : {};
    const lean = await api.app.inject({ url, headers });
    const adapter = await adapterOnly.inject({ url, headers });
    expect(lean.statusCode).toBe(adapter.statusCode);
    expect(lean.statusCode).not.toBe(414);
    expect(lean.json()).toEqual(adapter.json());
    const mediaType = (reply: typeof lean) => String(reply.headers['content-type']).split(';')[0];
    expect(mediaType(lean)).toBe(mediaType(adapter));
    expect(lean.headers['cache-control']).toBe('no-store');
  });
});
