import { describe, expect, it } from 'vitest';
import { callerSuite, expectUnauthenticated } from './caller.js';

/** The demo clock stands still in tests, at DEMO_CLOCK_START: Monday 9:00 in New York. */
const s = callerSuite('mkt', { demoMarket: true });

describe('market router', () => {
  it('reads the demo clock for a demo user, and Unknown for a user without keys', async () => {
    const now = s.api.runtime.demo.clock.now();
    expect(await s.user.call.market.status()).toEqual({
      is_open: false,
      market_time: new Date(now).toISOString(),
      next_change: new Date(now + 30 * 60_000).toISOString(),
      speed: 0,
    });
    expect(await s.admin.call.market.status()).toEqual({ is_open: null });
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.market.status());
  });
});
