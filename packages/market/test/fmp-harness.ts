import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { FmpFundamentals, type FmpFundamentalsOptions } from '../src/fmp/fmp-fundamentals.js';
import {
  appleFloat,
  appleGrowth,
  appleKeyMetrics,
  appleProfile,
  appleRatios,
  createFakeFmp,
  type FmpCompany,
} from './fmp-server.js';

const KEY = 'fmp-secret-key-0123456789';
// Monday 2026-11-23, 17:00 in New York: after the close (16:00 = 21:00Z).
const NOW = Date.parse('2026-11-23T22:00:00Z');
const CLOSE = Date.parse('2026-11-23T21:00:00Z');

const apple = (): FmpCompany => ({
  profile: appleProfile(),
  'ratios-ttm': appleRatios(),
  'key-metrics-ttm': appleKeyMetrics(),
  'financial-growth': appleGrowth(),
  'shares-float': appleFloat(),
});

/**
 * The FMP adapter's tests' set-up: the fake FMP (msw) listening for the file, reset before each
 * test to one company (AAPL), and an adapter on it whose waits are recorded in `sleeps`.
 */
export function useFakeFmp() {
  const { server, state } = createFakeFmp();
  const sleeps: number[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  beforeEach(() => {
    sleeps.length = 0;
    state.requests.length = 0;
    state.script.clear();
    state.maxInFlight = 0;
    state.delayMs = 0;
    state.companies = new Map([['AAPL', apple()]]);
  });

  function adapter(o: Partial<FmpFundamentalsOptions> = {}) {
    return new FmpFundamentals({
      apiKey: KEY,
      baseUrl: 'http://fmp.test/stable',
      wallTime: () => NOW,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...o,
    });
  }

  /** The rejection of `promise`, asserting that it holds no trace of the key. */
  async function failure(promise: Promise<unknown>): Promise<Error> {
    const error = await promise.then(
      () => {
        throw new Error('expected a rejection');
      },
      (e: unknown) => e as Error,
    );
    expect(error.message).not.toContain(KEY);
    expect(String(error.stack)).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
    return error;
  }

  return { state, KEY, NOW, CLOSE, sleeps, apple, adapter, failure };
}
