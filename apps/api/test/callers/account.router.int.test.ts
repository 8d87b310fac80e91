import { server, ui } from '@tradebot/api-contract';
import { aad } from '@tradebot/core';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectRefused, expectUnauthenticated } from './caller.js';

/** The user has chosen the demo market; the admin stays on Alpaca. */
const s = callerSuite('acct', { demoMarket: true });

const noKeys = {
  paper_key_mask: null,
  paper_secret_mask: null,
  live_key_mask: null,
  live_secret_mask: null,
  alpaca_environment: 'paper',
};

describe('account router', () => {
  it('shows the caller’s market choice, which "Use the demo market" keeps (idempotent)', async () => {
    expect(await s.user.call.account.settings()).toEqual({ ...noKeys, market: 'demo' });
    expect(await s.user.call.account.useDemoMarket()).toEqual({
      market: 'demo',
      is_onboarded: true,
    });
    const row = await s.api.runtime.db.user.findUniqueOrThrow({ where: { id: s.user.userId } });
    expect(row.market).toBe('demo');
    expect(await s.admin.call.account.settings()).toEqual({ ...noKeys, market: 'alpaca' });
  });

  it('saves the caller’s keys encrypted and shows masks; another user has none', async () => {
    const saved = await s.admin.call.account.updateSettings({
      alpaca_environment: 'paper',
      alpaca_api_key_paper: ' PKCALLERKEY1234 ',
      alpaca_api_secret_paper: 'caller-secret-5678',
    });
    expect(saved).toEqual({
      ...noKeys,
      market: 'alpaca',
      message: ui.settingsSaved,
      is_onboarded: true,
      paper_key_mask: '***********1234',
      paper_secret_mask: '**************5678',
    });
    const stored = await s.api.runtime.db.brokerCredential.findFirstOrThrow({
      where: { userId: s.admin.userId },
    });
    expect(stored.keyEnc).not.toContain('PKCALLERKEY');
    expect(
      s.api.runtime.deps.cipher.decrypt(stored.keyEnc, aad.brokerKey(s.admin.userId, 'paper')),
    ).toBe('PKCALLERKEY1234');
    expect((await s.admin.call.account.settings()).paper_key_mask).toBe('***********1234');
    expect(await s.user.call.account.settings()).toEqual({ ...noKeys, market: 'demo' });
  });

  it('refuses a save without keys and a deletion not confirmed, changing nothing', async () => {
    await expectRefused(
      s.user.call.account.updateSettings({ alpaca_environment: 'paper' }),
      server.apiKeysRequired,
    );
    const remove = (username: string, code: string) =>
      s.user.call.account.deleteAccount({
        confirm_username: username,
        password: 'correct horse battery',
        totp_code: code,
      });
    await expectRefused(
      remove('acctuser', '12345'),
      'Enter the 6-digit code from your authenticator app.',
    );
    await expectRefused(remove('acctadmin', '123456'), server.deleteAccountUsernameMismatch);
    expect(await s.api.runtime.db.user.count({ where: { id: s.user.userId } })).toBe(1);
    expect(
      await s.api.runtime.db.brokerCredential.count({ where: { userId: s.user.userId } }),
    ).toBe(0);
    await expectUnauthenticated(s.anonymous.account.settings());
  });
});
