import { describe, expect, it } from 'vitest';
import { callerSuite, expectForbidden, expectUnauthenticated } from './caller.js';

const s = callerSuite('apu');

describe('alpaca-universe router', () => {
  it('shows an admin that no load has run', async () => {
    expect(await s.admin.call.adminAlpacaUniverse.status()).toMatchObject({ last: null });
  });

  it('is for admins only', async () => {
    await expectForbidden(s.user.call.adminAlpacaUniverse.status());
    await expectForbidden(s.user.call.adminAlpacaUniverse.start());
    await expectUnauthenticated(s.anonymous.adminAlpacaUniverse.status());
  });
});
