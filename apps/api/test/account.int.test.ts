import { server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aad } from '@tradebot/core';
import { logIn, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let token: string;
let userId: number;
let trader: { secret: string };
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => {
  await api.reset();
  const signedIn = await signUpAndLogIn(api, 'trader');
  ({ token, userId } = signedIn);
  trader = signedIn;
});

const save = (body: Record<string, unknown>, as = token) =>
  api.http.post('/api/update-account-settings', body, as);
const paperPair = {
  alpaca_api_key_paper: '  PKTESTKEY123456  ',
  alpaca_api_secret_paper: 'paper-secret-abcdef',
};
const livePair = {
  alpaca_api_key_live: 'AKLIVEKEY987654',
  alpaca_api_secret_live: 'live-secret-uvwxyz',
};

describe('account settings', () => {
  it('starts empty in paper mode', async () => {
    expect((await api.http.get('/api/account-settings', token)).body).toEqual({
      paper_key_mask: null,
      paper_secret_mask: null,
      live_key_mask: null,
      live_secret_mask: null,
      alpaca_environment: 'paper',
      market: 'alpaca',
    });
  });

  it('saves a trimmed paper pair, returns masks only and marks the user onboarded', async () => {
    const reply = await save({ alpaca_environment: 'paper', ...paperPair });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      message: ui.settingsSaved,
      is_onboarded: true,
      paper_key_mask: '***********3456',
      paper_secret_mask: '***************cdef',
      live_key_mask: null,
    });
    expect(JSON.stringify(reply.body)).not.toContain('PKTESTKEY');
    expect((await api.http.get('/api/user/onboarding-status', token)).body.is_onboarded).toBe(true);
  });

  it('stores keys encrypted and bound to their owner and mode', async () => {
    await save({ alpaca_environment: 'paper', ...paperPair });
    const row = await api.runtime.db.brokerCredential.findFirstOrThrow({ where: { userId } });
    expect(row.keyEnc).not.toContain('PKTESTKEY');
    const { cipher } = api.runtime.deps;
    expect(cipher.decrypt(row.keyEnc, aad.brokerKey(userId, 'paper'))).toBe('PKTESTKEY123456');
    expect(() => cipher.decrypt(row.keyEnc, aad.brokerKey(userId, 'live'))).toThrow();
    expect(() => cipher.decrypt(row.keyEnc, aad.brokerKey(userId + 1, 'paper'))).toThrow();
  });

  it.each([
    ['no keys at all', { alpaca_environment: 'paper' }, server.apiKeysRequired],
    [
      'live mode without a live pair',
      { alpaca_environment: 'live', ...paperPair },
      server.liveKeysRequired,
    ],
    [
      'paper mode without a paper pair',
      { alpaca_environment: 'paper', ...livePair },
      server.paperKeysRequired,
    ],
    [
      'half a pair',
      { alpaca_environment: 'paper', alpaca_api_key_paper: 'PK1', ...livePair },
      server.incompletePair('paper'),
    ],
    [
      'blank strings',
      { alpaca_environment: 'paper', alpaca_api_key_paper: '   ', alpaca_api_secret_paper: '  ' },
      server.apiKeysRequired,
    ],
  ])('refuses %s with the spec message and writes nothing', async (_case, body, detail) => {
    const reply = await save(body);
    expect(reply).toMatchObject({ status: 400, body: { detail } });
    expect(await api.runtime.db.brokerCredential.count()).toBe(0);
    expect((await api.http.get('/api/user/onboarding-status', token)).body.is_onboarded).toBe(
      false,
    );
  });

  it('counts a saved pair as provided, and null clears it', async () => {
    await save({ alpaca_environment: 'paper', ...paperPair });
    const keep = await save({ alpaca_environment: 'paper' });
    expect(keep.body.paper_key_mask).toBe('***********3456');
    const clear = await save({
      alpaca_environment: 'paper',
      alpaca_api_key_paper: null,
      alpaca_api_secret_paper: null,
    });
    expect(clear).toMatchObject({ status: 400, body: { detail: server.apiKeysRequired } });
    expect((await api.http.get('/api/account-settings', token)).body.paper_key_mask).toBe(
      '***********3456',
    );
  });

  it('refuses live mode on the trial and allows it once an admin grants a plan', async () => {
    const refused = await save({ alpaca_environment: 'live', ...paperPair, ...livePair });
    expect(refused).toMatchObject({ status: 402, body: { detail: server.livePlanRequired } });
    expect(await api.runtime.db.brokerCredential.count()).toBe(0);
    await api.runtime.db.subscription.update({
      where: { userId },
      data: { plan: 'basic', status: 'active' },
    });
    const allowed = await save({ alpaca_environment: 'live', ...paperPair, ...livePair });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({
      alpaca_environment: 'live',
      live_key_mask: '***********7654',
    });
    // Clearing paper keys while live keys stay is fine in live mode.
    const cleared = await save({
      alpaca_environment: 'live',
      alpaca_api_key_paper: null,
      alpaca_api_secret_paper: null,
    });
    expect(cleared.body).toMatchObject({ paper_key_mask: null, live_key_mask: '***********7654' });
  });

  it('masks short values fully', async () => {
    const reply = await save({
      alpaca_environment: 'paper',
      alpaca_api_key_paper: 'abcd',
      alpaca_api_secret_paper: 'xyz',
    });
    expect(reply.body).toMatchObject({ paper_key_mask: '****', paper_secret_mask: '***' });
  });
});

describe('subscriptions', () => {
  it('records a plan request as pending while payment is not configured', async () => {
    const reply = await api.http.post('/subscribe', { plan: 'premium' }, token);
    expect(reply).toMatchObject({
      status: 200,
      body: { message: server.subscriptionPending('premium'), status: 'pending_payment' },
    });
    expect((await api.http.get('/api/status', token)).body.subscription.live_allowed).toBe(false);
  });

  it('rejects an unknown plan', async () => {
    const reply = await api.http.post('/subscribe', { plan: 'gold' }, token);
    expect(reply).toMatchObject({
      status: 400,
      body: { detail: 'Choose a plan: basic or premium.' },
    });
  });

  it('ends the trial after 7 days', async () => {
    api.clock.advance(7 * 24 * 60 * 60 * 1000);
    const fresh = await logIn(api, 'trader', trader.secret);
    const status = await api.http.get('/api/status', fresh);
    expect(status.body.subscription).toMatchObject({
      plan: 'trial',
      status: 'expired',
      live_allowed: false,
    });
  });
});
