import { ui } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectUnauthenticated } from './caller.js';

const s = callerSuite('bset');

describe('backtest-settings router', () => {
  it('saves the caller’s settings and reads them back; another user keeps the defaults', async () => {
    const saved = await s.user.call.backtestSettings.save({ initial_balance: 50_000, period: 36 });
    expect(saved.message).toBe(ui.backtestSettingsSaved);
    expect(await s.user.call.backtestSettings.get()).toMatchObject({
      initial_balance: 50_000,
      period: 36,
    });
    expect(await s.admin.call.backtestSettings.get()).toMatchObject({
      initial_balance: 10_000,
      period: 12,
    });
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.backtestSettings.get());
  });
});
