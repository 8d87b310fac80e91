import { server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@tradebot/core';
import { signUpAndLogIn, signupBody, startTestApi, type Reply, type TestApi } from './harness.js';

/**
 * The REST shims and tRPC serve the same services with the same schemas: the same input gives
 * the same output, and the same failure gives the same status and sentence on both surfaces.
 */
let api: TestApi;
let user: { token: string; userId: number };
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => {
  await api.reset();
  user = await signUpAndLogIn(api, 'paula');
});

interface TrpcReply {
  status: number;
  data?: unknown;
  message?: string;
  retryAfter?: number | null;
}

/** A tRPC call as the web app makes it; `result.data` on success, `error` otherwise. */
async function trpc(
  path: string,
  kind: 'query' | 'mutation',
  input?: unknown,
  token?: string,
  ip?: string,
): Promise<TrpcReply> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const reply: Reply =
    kind === 'query'
      ? await api.http.send('GET', `/trpc/${path}${query}`, {
          ...(token ? { token } : {}),
          ...(ip ? { ip } : {}),
        })
      : await api.http.send('POST', `/trpc/${path}`, {
          json: input ?? null,
          ...(token ? { token } : {}),
          ...(ip ? { ip } : {}),
        });
  if (reply.body.error) {
    const { message, data } = reply.body.error;
    return { status: reply.status, message, retryAfter: data.retryAfter };
  }
  return { status: reply.status, data: reply.body.result.data };
}

/** Both surfaces refuse the input with the same status and the same sentence. */
function expectSameFailure(rest: Reply, rpc: TrpcReply, detail: string) {
  expect(rest.body).toEqual({ detail });
  expect(rpc.message).toBe(detail);
  expect(rpc.status).toBe(rest.status);
}

describe('REST and tRPC parity', () => {
  it.each([
    ['no keys', { alpaca_environment: 'paper' }, server.apiKeysRequired],
    [
      'live without a live pair',
      {
        alpaca_environment: 'live',
        alpaca_api_key_paper: 'PK1234',
        alpaca_api_secret_paper: 'sec1234',
      },
      server.liveKeysRequired,
    ],
    [
      'paper without a paper pair',
      {
        alpaca_environment: 'paper',
        alpaca_api_key_live: 'AK1234',
        alpaca_api_secret_live: 'sec1234',
      },
      server.paperKeysRequired,
    ],
  ])('account settings refuse %s alike', async (_case, body, detail) => {
    const rest = await api.http.post('/api/update-account-settings', body, user.token);
    expectSameFailure(
      rest,
      await trpc('account.updateSettings', 'mutation', body, user.token),
      detail,
    );
  });

  it('account settings save and read the same shapes', async () => {
    const body = {
      alpaca_environment: 'paper',
      alpaca_api_key_paper: 'PKPARITY0001',
      alpaca_api_secret_paper: 'parity-secret-0001',
    };
    const rest = await api.http.post('/api/update-account-settings', body, user.token);
    const rpc = await trpc('account.updateSettings', 'mutation', body, user.token);
    expect(rpc.data).toEqual(rest.body);
    expect(rest.body).toMatchObject({ message: ui.settingsSaved, paper_key_mask: '********0001' });
    expect((await trpc('account.settings', 'query', undefined, user.token)).data).toEqual(
      (await api.http.get('/api/account-settings', user.token)).body,
    );
  });

  it('login refuses a wrong password alike, and a 429 carries its retry hint on both', async () => {
    const form = { username: 'paula', password: 'not the password' };
    const rest = await api.http.send('POST', '/api/token', { form, ip: '10.9.0.1' });
    expectSameFailure(
      rest,
      await trpc('auth.login', 'mutation', form, undefined, '10.9.0.1'),
      ui.loginUnauthorized,
    );
    for (let attempt = 2; attempt < RATE_LIMITS.loginAccountIp.points; attempt += 1) {
      await api.http.send('POST', '/api/token', { form, ip: '10.9.0.1' });
    }
    const restBlocked = await api.http.send('POST', '/api/token', { form, ip: '10.9.0.1' });
    const rpcBlocked = await trpc('auth.login', 'mutation', form, undefined, '10.9.0.1');
    expect(rpcBlocked.status).toBe(429);
    expect(rpcBlocked.retryAfter).toBeGreaterThan(0);
    expect(rpcBlocked.message).toBe(server.tooManyRequests(rpcBlocked.retryAfter ?? 0));
    expect(restBlocked.status).toBe(429);
  });

  it('sign-up refuses a taken username alike', async () => {
    const body = signupBody('paula', { email: 'another@example.com' });
    const rest = await api.http.post('/api/signup', body);
    expectSameFailure(rest, await trpc('auth.signup', 'mutation', body), server.usernameTaken);
  });

  it('admin routes refuse a non-admin alike', async () => {
    const rest = await api.http.get('/api/admin/users', user.token);
    expectSameFailure(
      rest,
      await trpc('admin.users', 'query', undefined, user.token),
      server.forbidden,
    );
    expect(rest.status).toBe(403);
  });
});

describe('notifications', () => {
  it("lists the caller's notifications newest first, and clear empties them", async () => {
    await api.runtime.db.notification.createMany({
      data: [
        { userId: user.userId, message: 'Screener completed', status: 'completed' },
        { userId: user.userId, message: 'Backtest completed for ACME', status: 'completed' },
      ],
    });
    const rest = await api.http.get('/api/notifications', user.token);
    expect(rest.body.map((row: { message: string }) => row.message)).toEqual([
      'Backtest completed for ACME',
      'Screener completed',
    ]);
    expect(rest.body[0]).toMatchObject({
      status: 'completed',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await trpc('notifications.list', 'query', undefined, user.token)).data).toEqual(
      rest.body,
    );
    const cleared = await api.http.del('/api/notifications/clear', user.token);
    expect(cleared).toMatchObject({ status: 200, body: { message: 'Old notifications cleared.' } });
    expect((await api.http.get('/api/notifications', user.token)).body).toEqual([]);
  });

  it('counts unread ones until the bell marks read what it showed', async () => {
    const made = await Promise.all(
      ['Screener completed', 'Backtest completed for ACME'].map((message) =>
        api.runtime.db.notification.create({
          data: { userId: user.userId, message, status: 'completed' },
        }),
      ),
    );
    const shown = Math.max(...made.map((row) => row.id));
    expect(await api.http.get('/api/notifications/unread', user.token)).toMatchObject({
      status: 200,
      body: { count: 2 },
    });
    // One arrives after the bell read its list: marking up to the newest shown leaves it unread.
    await api.runtime.db.notification.create({
      data: { userId: user.userId, message: 'Backtest completed for ZED', status: 'completed' },
    });
    const marked = await trpc(
      'notifications.markRead',
      'mutation',
      { up_to_id: shown },
      user.token,
    );
    expect(marked.data).toEqual({ count: 1 });
    expect((await trpc('notifications.unread', 'query', undefined, user.token)).data).toEqual({
      count: 1,
    });
    const rest = await api.http.post(
      '/api/notifications/mark-read',
      { up_to_id: shown + 1 },
      user.token,
    );
    expect(rest).toMatchObject({ status: 200, body: { count: 0 } });
    // The list keeps its shape: no read field is added to the spec's notification.
    const list = await api.http.get('/api/notifications', user.token);
    expect(Object.keys(list.body[0]).sort()).toEqual(['id', 'message', 'status', 'timestamp']);
    const bad = await api.http.post('/api/notifications/mark-read', { up_to_id: 'x' }, user.token);
    expect(bad.status).toBe(400);
  });

  it('answers 401 without a token, which the client turns into a trip to /login', async () => {
    expect(await api.http.get('/api/notifications')).toMatchObject({
      status: 401,
      body: { detail: server.notAuthenticated },
    });
  });
});
