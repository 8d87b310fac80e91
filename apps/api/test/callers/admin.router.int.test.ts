import { describe, expect, it } from 'vitest';
import { callerSuite, expectForbidden, expectUnauthenticated } from './caller.js';

const s = callerSuite('adm');

describe('admin router', () => {
  it('lists every user for an admin, with the role read from the database', async () => {
    const users = await s.admin.call.admin.users();
    expect(users.map((u) => [u.username, u.is_admin]).sort()).toEqual([
      ['admadmin', true],
      ['admuser', false],
    ]);
  });

  it('grants a plan to a user', async () => {
    await s.admin.call.admin.grantPlan({ id: s.user.userId, plan: 'premium' });
    const users = await s.admin.call.admin.users();
    expect(users.find((u) => u.id === s.user.userId)).toMatchObject({
      plan: 'premium',
      subscription_status: 'active',
    });
  });

  it('refuses every procedure to a user who is not an admin, and to no session', async () => {
    await expectForbidden(s.user.call.admin.users());
    await expectForbidden(s.user.call.admin.grantPlan({ id: s.user.userId, plan: 'premium' }));
    await expectForbidden(s.user.call.admin.deleteUser({ id: s.admin.userId }));
    await expectForbidden(s.user.call.admin.mailOutbox());
    await expectUnauthenticated(s.anonymous.admin.users());
  });
});
