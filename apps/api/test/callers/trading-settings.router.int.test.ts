import { ui } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectUnauthenticated } from './caller.js';

const s = callerSuite('tset');

describe('trading-settings router', () => {
  it('updates the caller’s trading settings and reads them back', async () => {
    const before = await s.user.call.tradingSettings.get();
    expect(before.trading.sleep_interval).toBe(60);
    const saved = await s.user.call.tradingSettings.update({ trading: { sleep_interval: 120 } });
    expect(saved.message).toBe(ui.tradingSettingsSaved);
    expect((await s.user.call.tradingSettings.get()).trading.sleep_interval).toBe(120);
    expect((await s.admin.call.tradingSettings.get()).trading.sleep_interval).toBe(60);
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.tradingSettings.get());
  });
});
