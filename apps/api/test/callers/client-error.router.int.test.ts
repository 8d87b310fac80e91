import { server } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectForbidden } from './caller.js';

const s = callerSuite('cerr');

describe('client-error router', () => {
  it('stores a report from anyone, which only an admin reads back', async () => {
    const answer = await s.anonymous.clientError.report({
      errorId: 'caller01',
      message: 'TypeError: boom',
    });
    expect(answer).toEqual({ message: server.reportStored });
    const reports = await s.admin.call.admin.clientErrors();
    expect(reports).toMatchObject([
      { error_id: 'caller01', message: 'TypeError: boom', user_agent: 'caller-test' },
    ]);
    await expectForbidden(s.user.call.admin.clientErrors());
  });
});
