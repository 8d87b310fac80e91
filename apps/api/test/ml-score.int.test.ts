import { ZMlModelInfo } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * GET /api/screening/ml-model (tRPC mlScore.model): the ML score model of the user's universe.
 * The user chooses the demo market (its clock starts Monday 2026-01-05, before the open), so the
 * model trained on the demo universe's bars through Friday 2026-01-02 is the one shown.
 */
let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  ({ token } = await signUpAndLogIn(api, 'mlscorer', '10.9.0.1'));
  expect((await api.http.post('/api/use-demo-market', undefined, token)).status).toBe(200);
});
afterAll(async () => api.close());

describe('GET /api/screening/ml-model', () => {
  it('refuses a caller without a session', async () => {
    expect((await api.http.get('/api/screening/ml-model')).status).toBe(401);
  });

  it('answers null before the first training, then the trained model', async () => {
    const before = await api.http.get('/api/screening/ml-model', token);
    expect(before.status).toBe(200);
    expect(before.body).toBeNull();

    const trained = await api.runtime.services.mlScore.train('demo');
    expect(trained).toMatchObject({ trained: true, version: 'rf1-2026-01-02', scored: 520 });

    const after = await api.http.get('/api/screening/ml-model', token);
    expect(after.status).toBe(200);
    const info = ZMlModelInfo.parse(after.body);
    expect(info).toMatchObject({
      version: 'rf1-2026-01-02',
      beats_baseline: trained.beats_baseline,
    });
    expect(info.test_period.to < '2026-01-02').toBe(true);
    expect(info.description).toMatch(/^What it is: a random forest/);
    const viaTrpc = await api.http.get('/trpc/mlScore.model', token);
    expect(viaTrpc.body.result.data).toEqual(after.body);
    // Training takes about 20 s alone and several times that while other files share the cores.
  }, 300_000);
});
