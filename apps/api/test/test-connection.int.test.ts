import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { server as messages } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * POST /api/account/test-connection against a stand-in for Alpaca's trading API on a local
 * port (ALPACA_TRADING_URL): `GET /v2/account` answers as `mode` says, with Alpaca's documented
 * account JSON (decimal strings) and error bodies ({ code, message }).
 */
let mode: 'ok' | '401' | '403' | '429' | 'drop' = 'ok';
const seen: { url: string; key: string; secret: string }[] = [];
let alpaca: Server;
function startFakeAlpaca() {
  alpaca = createServer((request, response) => {
    seen.push({
      url: request.url ?? '',
      key: String(request.headers['apca-api-key-id'] ?? ''),
      secret: String(request.headers['apca-api-secret-key'] ?? ''),
    });
    if (mode === 'drop') return request.socket.destroy();
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url !== '/v2/account') return json(404, { code: 40410000, message: 'not found' });
    if (mode === '401') return json(401, { code: 40110000, message: 'request is not authorized' });
    if (mode === '403') return json(403, { code: 40310000, message: 'forbidden' });
    if (mode === '429') return json(429, { code: 42910000, message: 'rate limit exceeded' });
    json(200, {
      id: '904837e3-3b76-47ec-b432-046db621571b',
      account_number: 'PA2XK4QVZ1XY',
      status: 'ACTIVE',
      currency: 'USD',
      buying_power: '200000.5',
      cash: '100000.25',
      equity: '101250.75',
      last_equity: '100980.1',
      pattern_day_trader: false,
      trading_blocked: false,
      account_blocked: false,
    });
  });
  return new Promise<string>((done) =>
    alpaca.listen(0, '127.0.0.1', () =>
      done(`http://127.0.0.1:${(alpaca.address() as AddressInfo).port}`),
    ),
  );
}

const PATH = '/api/account/test-connection';
const paperKeys = {
  alpaca_environment: 'paper',
  alpaca_api_key_paper: 'PKSAVEDKEY0001',
  alpaca_api_secret_paper: 'saved-secret-0001',
};

describe('POST /api/account/test-connection', () => {
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
    mode = 'ok';
    seen.length = 0;
  });

  it('tests the saved pair of the current mode: status, buying power, masked number', async () => {
    const { token } = await signUpAndLogIn(api, 'tester');
    await api.http.post('/api/update-account-settings', paperKeys, token);
    const reply = await api.http.post(PATH, undefined, token);
    expect(reply).toMatchObject({
      status: 200,
      body: {
        status: 'ACTIVE',
        buying_power: 200000.5,
        account_number: '********Z1XY',
        environment: 'paper',
      },
    });
    expect(seen).toEqual([
      { url: '/v2/account', key: 'PKSAVEDKEY0001', secret: 'saved-secret-0001' },
    ]);
    expect(JSON.stringify(reply)).not.toContain('saved-secret-0001');
  });

  it('tests entered keys for a mode before they are saved; never echoes them', async () => {
    const { token } = await signUpAndLogIn(api, 'tester');
    const reply = await api.http.post(
      PATH,
      { environment: 'live', key: ' AKENTERED01 ', secret: 'entered-secret-01' },
      token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.environment).toBe('live');
    expect(seen[0]).toMatchObject({ key: 'AKENTERED01', secret: 'entered-secret-01' });
    expect(JSON.stringify(reply.body)).not.toMatch(/AKENTERED01|entered-secret-01/);
  });

  it('4xx with a clear message: no saved keys, half a pair, bad input', async () => {
    const { token } = await signUpAndLogIn(api, 'tester');
    expect(await api.http.post(PATH, { environment: 'live' }, token)).toMatchObject({
      status: 400,
      body: { detail: messages.noSavedKeys('live') },
    });
    expect(await api.http.post(PATH, { key: 'PKONLYKEY' }, token)).toMatchObject({
      status: 400,
      body: { detail: messages.incompletePair('paper') },
    });
    expect((await api.http.post(PATH, { environment: 'demo' }, token)).status).toBe(400);
    expect(seen).toEqual([]);
    expect((await api.http.post(PATH, undefined)).status).toBe(401);
  });

  it.each([
    ['401', 400, messages.alpacaInvalidKeys('paper')],
    ['403', 400, messages.alpacaNotPermitted],
    ['429', 429, messages.alpacaRateLimited],
    ['drop', 400, messages.alpacaUnavailable],
  ] as const)(
    'Alpaca answering %s → %i with a clear message, secret not in it',
    async (m, status, detail) => {
      const { token } = await signUpAndLogIn(api, 'tester');
      await api.http.post('/api/update-account-settings', paperKeys, token);
      mode = m;
      const reply = await api.http.post(PATH, {}, token);
      expect(reply).toMatchObject({ status, body: { detail } });
      expect(JSON.stringify(reply.body)).not.toContain('saved-secret-0001');
      expect(seen).toHaveLength(1); // one attempt: the user can press again
    },
  );

  it('is rate-limited per user (10 a minute)', async () => {
    const { token } = await signUpAndLogIn(api, 'tester');
    const other = await signUpAndLogIn(api, 'other', '10.0.0.9');
    await api.http.post('/api/update-account-settings', paperKeys, token);
    await api.http.post('/api/update-account-settings', paperKeys, other.token);
    for (let i = 0; i < 10; i++) expect((await api.http.post(PATH, {}, token)).status).toBe(200);
    expect((await api.http.post(PATH, {}, token)).status).toBe(429);
    expect((await api.http.post(PATH, {}, other.token)).status).toBe(200);
    expect(seen).toHaveLength(11);
  });
});
