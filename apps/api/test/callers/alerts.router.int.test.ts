import { describe, expect, it } from 'vitest';
import { callerSuite, expectUnauthenticated } from './caller.js';

const s = callerSuite('alrt');

describe('alerts router', () => {
  it('saves the caller’s event choices and reads them back; another user’s stay apart', async () => {
    const before = await s.user.call.alerts.settings();
    const fills = !before.events.fills;
    await s.user.call.alerts.save({ events: { fills } });
    expect((await s.user.call.alerts.settings()).events.fills).toBe(fills);
    expect((await s.admin.call.alerts.settings()).events.fills).toBe(before.events.fills);
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.alerts.settings());
    await expectUnauthenticated(s.anonymous.alerts.save({ events: { fills: true } }));
  });
});
