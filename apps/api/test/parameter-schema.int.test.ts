import { STOCK_PARAM_BOUNDS, STOCK_PARAM_DEFAULTS } from '@tradebot/strategy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/** GET /api/strategy/parameter-schema: the per-stock inputs' bounds, defaults and tooltips. */
let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  token = (await signUpAndLogIn(api, 'schemer', '10.0.10.1')).token;
});
afterAll(async () => api.close());

describe('the per-stock parameter schema', () => {
  it('covers every parameter once, from the one definition in @tradebot/strategy', async () => {
    const reply = await api.http.get('/api/strategy/parameter-schema', token);
    expect(reply.status).toBe(200);
    const { numeric, flags } = reply.body;
    const fields = numeric.map((entry: { field: string }) => entry.field);
    expect([...fields].sort()).toEqual(Object.keys(STOCK_PARAM_BOUNDS).sort());
    expect(flags.map((entry: { field: string }) => entry.field)).toEqual([
      'macd_crossover',
      'macd_crossunder',
    ]);
    expect(numeric.find((entry: { field: string }) => entry.field === 'rsi_period')).toEqual({
      field: 'rsi_period',
      label: 'RSI period (days)',
      min: 5,
      max: 50,
      integer: true,
      step: 1,
      default: 14,
      description: STOCK_PARAM_BOUNDS.rsi_period.description,
    });
    for (const entry of numeric) {
      expect(entry.default, entry.field).toBe(
        STOCK_PARAM_DEFAULTS[entry.field as keyof typeof STOCK_PARAM_DEFAULTS],
      );
      expect(entry.default, entry.field).toBeGreaterThanOrEqual(entry.min);
      expect(entry.default, entry.field).toBeLessThanOrEqual(entry.max);
      expect(entry.step, entry.field).toBeGreaterThan(0);
      expect(entry.label.length, entry.field).toBeGreaterThan(3);
      // A tooltip says what moving the value does, in words a trader reads.
      expect(entry.description.length, entry.field).toBeGreaterThan(60);
    }
    for (const flag of flags) {
      expect(flag.default).toBe(true);
      expect(flag.description).toMatch(/^On: .* Off: /);
    }
  });
});
