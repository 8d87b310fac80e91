import { server } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectUnauthenticated } from './caller.js';

const s = callerSuite('auth');

describe('auth router', () => {
  it('tells a signed-in caller who they are', async () => {
    const status = await s.user.call.auth.status();
    expect(status.user).toMatchObject({ id: s.user.userId, username: 'authuser' });
    expect(await s.user.call.auth.onboardingStatus()).toEqual({ is_onboarded: false });
  });

  it('refuses the session procedures without a session', async () => {
    await expectUnauthenticated(s.anonymous.auth.status());
    await expectUnauthenticated(s.anonymous.auth.refresh());
    await expectUnauthenticated(s.anonymous.auth.logout());
  });

  it('refuses a wrong password with the spec’s message', async () => {
    await expect(
      s.anonymous.auth.login({ username: 'authuser', password: 'not the password' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: server.invalidCredentials });
  });
});
