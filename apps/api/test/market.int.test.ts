import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * "Starting without keys" and GET /api/get-market-status. The demo clock is paused in tests
 * (DEMO_TRADING_DAYS_PER_MINUTE=0, harness.ts) and starts at DEMO_CLOCK_START (default Monday
 * 2026-01-05 14:00 UTC = 9:00 New York, before the open); tests move it through the runtime's
 * hook `api.runtime.demo.clock` (advanceTo / advance / advanceSessions).
 */

/** A stand-in for Alpaca's trading API: `/v2/clock` answers as `mode` says. */
let alpacaMode: 'open' | 'closed' | 'error' | 'drop' = 'open';
const alpacaCalls: string[] = [];
let alpaca: Server;
function startFakeAlpaca() {
  alpaca = createServer((request, response) => {
    alpacaCalls.push(
      `${request.method} ${request.url} ${String(request.headers['apca-api-key-id'] ?? '')}`,
    );
    if (alpacaMode === 'drop') return request.socket.destroy();
    if (alpacaMode === 'error' || request.url !== '/v2/clock') {
      response.writeHead(503).end('unavailable');
      return;
    }
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        timestamp: iso(now),
        is_open: alpacaMode === 'open',
        next_open: iso(now + 20 * 3600_000),
        next_close: iso(now + (alpacaMode === 'open' ? 3600_000 : 22 * 3600_000)),
      }),
    );
  });
  return new Promise<string>((done) =>
    alpaca.listen(0, '127.0.0.1', () =>
      done(`http://127.0.0.1:${(alpaca.address() as AddressInfo).port}`),
    ),
  );
}

const NY_9_00 = Date.parse('2026-01-05T14:00:00Z');
const NY_10_00 = Date.parse('2026-01-05T15:00:00Z');
const NY_16_30 = Date.parse('2026-01-05T21:30:00Z');

const paperKeys = {
  alpaca_environment: 'paper',
  alpaca_api_key_paper: 'PKMARKETKEY0001',
  alpaca_api_secret_paper: 'market-secret-0001',
};

describe('market choice and status (MARKET_SOURCE=auto)', () => {
  let api: TestApi;
  beforeAll(async () => {
    const url = await startFakeAlpaca();
    api = await startTestApi({ env: { ALPACA_TRADING_URL: url, ALPACA_DATA_URL: url } });
  });
  afterAll(async () => {
    await api.close();
    await new Promise((done) => alpaca.close(done));
  });
  beforeEach(async () => {
    await api.reset();
    alpacaMode = 'open';
    alpacaCalls.length = 0;
  });

  it('a new user without keys: Unknown until "Use the demo market", then the demo clock', async () => {
    const { token } = await signUpAndLogIn(api, 'newbie');
    expect((await api.http.get('/api/account-settings', token)).body.market).toBe('alpaca');
    expect(await api.http.get('/api/get-market-status', token)).toMatchObject({
      status: 200,
      body: { is_open: null },
    });
    expect((await api.http.get('/api/user/onboarding-status', token)).body.is_onboarded).toBe(
      false,
    );

    const chose = await api.http.post('/api/use-demo-market', undefined, token);
    expect(chose).toMatchObject({ status: 200, body: { market: 'demo', is_onboarded: true } });
    // Idempotent.
    expect(await api.http.post('/api/use-demo-market', undefined, token)).toMatchObject({
      status: 200,
      body: { market: 'demo', is_onboarded: true },
    });
    expect((await api.http.get('/api/user/onboarding-status', token)).body.is_onboarded).toBe(true);
    const settings = await api.http.get('/api/account-settings', token);
    expect(settings.body).toMatchObject({ market: 'demo', paper_key_mask: null });

    const clock = api.runtime.demo.clock;
    expect(clock.now()).toBe(NY_9_00);
    const status = async () => (await api.http.get('/api/get-market-status', token)).body;
    // The paused test clock: speed 0; the next change is the session's open, then its close.
    expect(await status()).toMatchObject({ is_open: false, speed: 0 });
    expect(Date.parse((await status()).next_change) - NY_9_00).toBe(30 * 60_000);
    clock.advanceTo(NY_10_00);
    expect(await status()).toMatchObject({
      is_open: true,
      market_time: new Date(NY_10_00).toISOString(),
    });
    expect((await api.http.get('/trpc/market.status', token)).body.result.data).toMatchObject({
      is_open: true,
    });
    clock.advanceTo(NY_16_30);
    expect(await status()).toMatchObject({ is_open: false });
    expect(alpacaCalls).toEqual([]);
  });

  it('scopes the choice to each user', async () => {
    const demo = await signUpAndLogIn(api, 'demouser', '10.0.3.1');
    const keyed = await signUpAndLogIn(api, 'keyeduser', '10.0.3.2');
    await api.http.post('/api/use-demo-market', undefined, demo.token);
    expect(
      (await api.http.post('/api/update-account-settings', paperKeys, keyed.token)).body,
    ).toMatchObject({ market: 'alpaca', paper_key_mask: '***********0001' });

    expect((await api.http.get('/api/account-settings', demo.token)).body.market).toBe('demo');
    expect((await api.http.get('/api/account-settings', keyed.token)).body.market).toBe('alpaca');

    // The demo clock is before the open; the fake Alpaca says open: each user sees their own.
    expect((await api.http.get('/api/get-market-status', demo.token)).body.is_open).toBe(false);
    expect((await api.http.get('/api/get-market-status', keyed.token)).body.is_open).toBe(true);
    // Alpaca was called with the keyed user's decrypted key, and only for them.
    expect(alpacaCalls).toEqual(['GET /v2/clock PKMARKETKEY0001']);
    alpacaMode = 'closed';
    expect((await api.http.get('/api/get-market-status', keyed.token)).body.is_open).toBe(false);
  });

  it('saving keys switches a demo user to Alpaca; choosing demo keeps the keys', async () => {
    const { token } = await signUpAndLogIn(api, 'switcher');
    await api.http.post('/api/use-demo-market', undefined, token);
    await api.http.post('/api/update-account-settings', paperKeys, token);
    expect((await api.http.get('/api/account-settings', token)).body.market).toBe('alpaca');
    await api.http.post('/api/use-demo-market', undefined, token);
    expect((await api.http.get('/api/account-settings', token)).body).toMatchObject({
      market: 'demo',
      paper_key_mask: '***********0001',
    });
    expect((await api.http.get('/api/get-market-status', token)).body.is_open).toBe(false);
    expect(alpacaCalls).toEqual([]);
  });

  it.each(['error', 'drop'] as const)(
    'an Alpaca user whose status call fails (%s) gets is_open null, not a 500',
    async (mode) => {
      const { token } = await signUpAndLogIn(api, 'unlucky');
      await api.http.post('/api/update-account-settings', paperKeys, token);
      alpacaMode = mode;
      const reply = await api.http.get('/api/get-market-status', token);
      expect(reply).toMatchObject({ status: 200, body: { is_open: null } });
      expect(alpacaCalls.length).toBeGreaterThanOrEqual(1);
    },
  );

  it('rate-limits the status calls that reach Alpaca, per user', async () => {
    const { token } = await signUpAndLogIn(api, 'poller');
    await api.http.post('/api/update-account-settings', paperKeys, token);
    for (let i = 0; i < 30; i++)
      expect((await api.http.get('/api/get-market-status', token)).status).toBe(200);
    const refused = await api.http.get('/api/get-market-status', token);
    expect(refused.status).toBe(429);
    expect(alpacaCalls).toHaveLength(30);
  });
});

describe('MARKET_SOURCE=demo', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Alpaca stays unreachable (harness default): nothing may call it.
    api = await startTestApi({ env: { MARKET_SOURCE: 'demo' } });
  });
  afterAll(async () => api.close());
  beforeEach(async () => api.reset());

  it('puts every user on the demo market, keys or not', async () => {
    const plain = await signUpAndLogIn(api, 'plainuser', '10.0.4.1');
    const keyed = await signUpAndLogIn(api, 'keyholder', '10.0.4.2');
    const saved = await api.http.post('/api/update-account-settings', paperKeys, keyed.token);
    expect(saved.body.market).toBe('demo');
    for (const user of [plain, keyed]) {
      expect((await api.http.get('/api/account-settings', user.token)).body.market).toBe('demo');
      expect((await api.http.get('/api/get-market-status', user.token)).body).toMatchObject({
        is_open: false,
        speed: 0,
      });
    }
    api.runtime.demo.clock.advanceTo(NY_10_00);
    expect((await api.http.get('/api/get-market-status', keyed.token)).body).toMatchObject({
      is_open: true,
      speed: 0,
    });
    // The stored choice is untouched: without MARKET_SOURCE=demo this user would be on Alpaca.
    const row = await api.runtime.db.user.findUniqueOrThrow({
      where: { id: keyed.userId },
      select: { market: true },
    });
    expect(row.market).toBe('alpaca');
  });

  it('answers 401 without a session', async () => {
    expect((await api.http.get('/api/get-market-status')).status).toBe(401);
    expect((await api.http.post('/api/use-demo-market')).status).toBe(401);
  });
});
