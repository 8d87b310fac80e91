import { describe, expect, it } from 'vitest';
import { callerSuite, expectForbidden, expectUnauthenticated } from './caller.js';

const s = callerSuite('mimp');

describe('market-import router', () => {
  it('shows an admin that no import has run', async () => {
    expect(await s.admin.call.adminMarketImport.status()).toMatchObject({ last: null });
  });

  it('is for admins only', async () => {
    await expectForbidden(s.user.call.adminMarketImport.status());
    await expectForbidden(s.user.call.adminMarketImport.start());
    await expectUnauthenticated(s.anonymous.adminMarketImport.status());
  });
});
