import { server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/** GET/POST /api/backtest/settings: the backtest settings with their defaults and bounds. */
let api: TestApi;
let user: { token: string; userId: number };

const DEFAULTS = {
  commission_per_share: 0.005,
  initial_balance: 10_000,
  partial_fill_probability: 0.1,
  period: 12,
  risk_per_trade: 0.02,
  slippage_percent: 0.1,
  trailing_stop_pct: 0.02,
};

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  user = await signUpAndLogIn(api, 'backtester', '10.0.6.1');
});
afterAll(async () => api.close());

const read = async () => (await api.http.get('/api/backtest/settings', user.token)).body;

describe('backtest settings', () => {
  it('are the defaults until saved', async () => {
    expect(await read()).toEqual(DEFAULTS);
  });

  it('save the fields sent, keep the others, and turn null back into the default', async () => {
    const first = await api.http.post(
      '/api/backtest/settings',
      { initial_balance: 50_000, period: 36, slippage_percent: 0.25 },
      user.token,
    );
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(ui.backtestSettingsSaved);
    expect(first.body.settings).toEqual({
      ...DEFAULTS,
      initial_balance: 50_000,
      period: 36,
      slippage_percent: 0.25,
    });
    await api.http.post('/api/backtest/settings', { period: null }, user.token);
    expect(await read()).toEqual({ ...DEFAULTS, initial_balance: 50_000, slippage_percent: 0.25 });
  });

  it('refuse a value out of bounds, a fractional period and an unknown field, saving nothing', async () => {
    const before = await read();
    const low = await api.http.post('/api/backtest/settings', { initial_balance: 999 }, user.token);
    expect(low.status).toBe(400);
    expect(low.body.detail).toBe(server.parameterBounds('Initial balance ($)', 1000, 1_000_000));
    const period = await api.http.post('/api/backtest/settings', { period: 1.5 }, user.token);
    expect(period.status).toBe(400);
    expect(period.body.detail).toBe(server.periodBounds(1, 120));
    const text = await api.http.post(
      '/api/backtest/settings',
      { risk_per_trade: '0.5', initial_balance: 20_000 },
      user.token,
    );
    expect(text.status).toBe(400);
    expect(text.body.detail).toContain('Risk per trade (% of equity)');
    const unknown = await api.http.post('/api/backtest/settings', { leverage: 10 }, user.token);
    expect(unknown.status).toBe(400);
    expect(await read()).toEqual(before);
  });

  it('need a session', async () => {
    expect((await api.http.get('/api/backtest/settings')).status).toBe(401);
  });
});
