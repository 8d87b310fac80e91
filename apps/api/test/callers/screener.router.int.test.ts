import { server } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectUnauthenticated } from './caller.js';

const s = callerSuite('scr');

describe('screener router', () => {
  it('saves and deletes the caller’s own template', async () => {
    const builtIns = (await s.user.call.screener.templates()).length;
    const saved = await s.user.call.screener.saveTemplate({
      name: 'Caller picks',
      criteria: { max_rsi: 40 },
    });
    expect(saved.message).toBe(server.templateSaved('Caller picks'));
    const list = await s.user.call.screener.templates();
    expect(list).toHaveLength(builtIns + 1);
    expect(list.at(-1)).toMatchObject({ name: 'Caller picks', criteria: { max_rsi: 40 } });
    expect(await s.admin.call.screener.templates()).toHaveLength(builtIns);
    const deleted = await s.user.call.screener.deleteTemplate({ name: 'Caller picks' });
    expect(deleted.message).toBe(server.templateDeleted('Caller picks'));
    expect(await s.user.call.screener.templates()).toHaveLength(builtIns);
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.screener.templates());
    await expectUnauthenticated(s.anonymous.screener.output());
  });
});
