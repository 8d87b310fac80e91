import { server } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken, LOGIN_DELAY, loginDelayMs, RATE_LIMITS } from '@tradebot/core';
import {
  signupBody,
  signUpAdmin,
  signUpAndLogIn,
  startTestApi,
  type Reply,
  type TestApi,
} from './harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => api.reset());

const login = (username: string, ip: string, password = 'wrong password') =>
  api.http.send('POST', '/api/token', { form: { username, password }, ip });

/** A 429 says when to come back, in the Retry-After header and in the detail sentence. */
function expectRetryHint(reply: Reply) {
  expect(reply.status).toBe(429);
  const seconds = Number(reply.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(reply.body.detail).toBe(server.tooManyRequests(seconds));
}

describe('rate limits', () => {
  it('gives each username at most 100 password checks an hour from strangers, atomically', async () => {
    await api.http.post('/api/signup', signupBody('target'));
    // The owner logged in from home before.
    expect((await login('target', '10.2.0.1', 'correct horse battery')).status).toBe(200);
    const budget = RATE_LIMITS.loginAccount.points;
    for (const username of ['target', 'nobody-here']) {
      const replies: Reply[] = [];
      // 150 guesses from 150 addresses, 50 at a time.
      for (let wave = 0; wave < 3; wave++)
        replies.push(
          ...(await Promise.all(
            Array.from({ length: 50 }, (_, i) => login(username, `10.3.${wave}.${i + 1}`)),
          )),
        );
      const checked = replies.filter((r) => r.status === 401).length;
      expect(checked).toBeLessThanOrEqual(budget);
      expect(checked).toBeGreaterThan(0);
      const refused = replies.filter((r) => r.status === 429);
      expect(refused.length).toBe(replies.length - checked);
      for (const reply of refused) expectRetryHint(reply);
    }
    // A stranger with the right password is refused too; the owner at home is not.
    expectRetryHint(await login('target', '10.4.0.1', 'correct horse battery'));
    const owner = await login('target', '10.2.0.1', 'correct horse battery');
    expect(owner.status).toBe(200);
    expect(owner.body.requires_2fa).toBe(true);
  });

  it('slows guesses at one account from many IPs down, but lets its owner in', async () => {
    await api.http.post('/api/signup', signupBody('victim'));
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login('victim', `10.1.0.${attempt + 1}`)).status).toBe(401);
    }
    expect(api.pauses).toEqual([...Array(10).keys()].map(loginDelayMs));
    expect(api.pauses.at(-1)).toBeGreaterThan(0);
    const owner = await login('victim', '10.1.1.1', 'correct horse battery');
    expect(owner.status).toBe(200);
    expect(owner.body.requires_2fa).toBe(true);
    expect(api.pauses.at(-1)).toBe(LOGIN_DELAY.maxMs);
    // The owner's success clears the slow-down.
    await login('victim', '10.1.1.1', 'correct horse battery');
    expect(api.pauses.at(-1)).toBe(0);
  });

  it('refuses guesses at one account from one IP, with a retry hint; other IPs still get in', async () => {
    await api.http.post('/api/signup', signupBody('target'));
    for (let attempt = 0; attempt < RATE_LIMITS.loginAccountIp.points; attempt += 1) {
      expect((await login('target', '10.1.3.1')).status).toBe(401);
    }
    expectRetryHint(await login('target', '10.1.3.1', 'correct horse battery'));
    expect((await login('target', '10.1.3.2', 'correct horse battery')).status).toBe(200);
  });

  it('limits wrong current passwords at change-password, and slows logins for the account', async () => {
    const { token } = await signUpAndLogIn(api, 'gina');
    const change = (current_password: string) =>
      api.http.post(
        '/api/change-password',
        { current_password, new_password: 'a fresh passphrase 42' },
        token,
      );
    for (let attempt = 0; attempt < RATE_LIMITS.passwordCheckAccount.points; attempt += 1) {
      expect((await change('wrong password')).status).toBe(400);
    }
    expectRetryHint(await change('correct horse battery'));
    const rpc = await api.http.post(
      '/trpc/auth.changePassword',
      { current_password: 'correct horse battery', new_password: 'a fresh passphrase 42' },
      token,
    );
    expect(rpc.status).toBe(429);
    expect(rpc.body.error.message).toBe(server.tooManyRequests(rpc.body.error.data.retryAfter));
    expect((await login('gina', '10.1.2.1', 'correct horse battery')).status).toBe(200);
    expect(api.pauses.at(-1)).toBe(LOGIN_DELAY.maxMs);
  });

  it('limits one IP spraying many accounts', async () => {
    for (let attempt = 0; attempt < RATE_LIMITS.loginIp.points; attempt += 1) {
      expect((await login(`user${attempt}`, '10.2.0.1')).status).toBe(401);
    }
    expect((await login('another', '10.2.0.1')).status).toBe(429);
    expect((await login('another', '10.2.0.2')).status).toBe(401);
  });

  it('limits 2FA guesses per account', async () => {
    await api.http.post('/api/signup', signupBody('wendy'));
    const challenge = (await login('wendy', '10.3.0.1', 'correct horse battery')).body.access_token;
    const guess = (attempt: number) =>
      api.http.send('POST', '/api/verify-2fa', {
        token: challenge,
        json: { totp_code: '000001' },
        ip: `10.3.1.${attempt}`,
      });
    for (let attempt = 0; attempt < RATE_LIMITS.twoFaAccount.points; attempt += 1) {
      expect((await guess(attempt)).status).toBe(401);
    }
    expectRetryHint(await guess(99));
  });

  it('limits 2FA set-up calls per IP', async () => {
    const { userId } = await signUpAndLogIn(api, 'sam', '10.6.0.1');
    await api.runtime.db.user.update({ where: { id: userId }, data: { totpSecretEnc: null } });
    const setupToken = (await login('sam', '10.6.0.2', 'correct horse battery')).body
      .setup_token as string;
    const enable = (username: string) =>
      api.http.send('POST', '/api/enable-2fa', {
        token: setupToken,
        json: { username },
        ip: '10.6.0.3',
      });
    for (let attempt = 0; attempt < RATE_LIMITS.twoFaIp.points; attempt += 1) {
      expect((await enable('someone-else')).status).toBe(400);
    }
    expectRetryHint(await enable('sam'));
    expect(
      (await api.runtime.db.user.findUniqueOrThrow({ where: { id: userId } })).totpSecretEnc,
    ).toBeNull();
  });

  it('limits sign-ups per IP', async () => {
    for (let n = 0; n < RATE_LIMITS.signupIp.points; n += 1) {
      expect(
        (
          await api.http.send('POST', '/api/signup', {
            json: signupBody(`new${n}`),
            ip: '10.4.0.1',
          })
        ).status,
      ).toBe(200);
    }
    expectRetryHint(
      await api.http.send('POST', '/api/signup', { json: signupBody('onemore'), ip: '10.4.0.1' }),
    );
    expect(await api.runtime.db.user.count()).toBe(RATE_LIMITS.signupIp.points);
  });

  it('limits verification mails a signed-in user can request', async () => {
    const { token } = await signUpAndLogIn(api, 'asker', '10.5.0.1');
    const request = (ip: string) =>
      api.http.send('POST', '/api/request-email-verification', { token, ip });
    const allowed = RATE_LIMITS.verifyRequestAccount.points;
    for (let n = 0; n < allowed; n += 1) {
      expect((await request(`10.5.1.${n + 1}`)).body).toEqual({ message: server.verifyLinkSent });
    }
    // A new IP does not reset the budget: it belongs to the account and its address.
    expectRetryHint(await request('10.5.2.1'));
    const mails = await api.runtime.db.mailOutbox.count({ where: { to: 'asker@example.com' } });
    expect(mails).toBe(1 + allowed);
  });

  it('limits client error reports per IP', async () => {
    for (let n = 0; n < RATE_LIMITS.clientErrorIp.points; n += 1) {
      await api.http.send('POST', '/api/log-client-error', {
        json: { errorId: `e${n}`, message: 'x' },
        ip: '10.5.0.1',
      });
    }
    expectRetryHint(
      await api.http.send('POST', '/api/log-client-error', {
        json: { errorId: 'last', message: 'x' },
        ip: '10.5.0.1',
      }),
    );
    expect(await api.runtime.db.clientErrorReport.count()).toBe(RATE_LIMITS.clientErrorIp.points);
  });
});

describe('client error reports', () => {
  it('stores a report with only the first 8 characters of the token', async () => {
    const token = 'abcdefgh-the-rest-of-a-secret-token';
    const reply = await api.http.post('/api/log-client-error', {
      errorId: 'ZXCV1234',
      message: 'TypeError: x is undefined',
      stack: 'at Dashboard',
      url: 'http://localhost:3000/dashboard',
      userAgent: 'Chromium',
      timestamp: '2026-01-05T15:00:00.000Z',
      userToken: token,
      errorCount: 2,
    });
    expect(reply).toMatchObject({ status: 200, body: { message: server.reportStored } });
    const row = await api.runtime.db.clientErrorReport.findFirstOrThrow();
    expect(row).toMatchObject({ errorId: 'ZXCV1234', userRef: 'abcdefgh', errorCount: 2 });
    expect(JSON.stringify(row)).not.toContain('the-rest-of-a-secret');
  });

  it('refuses an oversized or malformed report', async () => {
    const big = await api.http.post('/api/log-client-error', {
      errorId: 'big',
      message: 'x'.repeat(40_000),
    });
    expect(big.status).toBe(413);
    const malformed = await api.http.post('/api/log-client-error', { message: 'no id' });
    expect(malformed.status).toBe(400);
    expect(await api.runtime.db.clientErrorReport.count()).toBe(0);
  });

  it('lets admins read the reports', async () => {
    await api.http.post('/api/log-client-error', { errorId: 'READ0001', message: 'boom' });
    const admin = await signUpAdmin(api, 'admina');
    const list = await api.http.get('/api/admin/client-errors', admin.token);
    expect(list.body[0]).toMatchObject({ error_id: 'READ0001', message: 'boom' });
  });
});

describe('secrets at rest', () => {
  it('stores session tokens hashed and TOTP secrets encrypted', async () => {
    const { token, secret } = await signUpAndLogIn(api, 'xena');
    const sessions = await api.runtime.db.session.findMany({ select: { id: true } });
    expect(sessions.map((row) => row.id)).toContain(hashToken(token));
    expect(JSON.stringify(sessions)).not.toContain(token);
    const user = await api.runtime.db.user.findFirstOrThrow({ where: { username: 'xena' } });
    expect(user.totpSecretEnc).not.toContain(secret);
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('headers', () => {
  it('answers with account data are never cached, and scripts may connect to this origin only', async () => {
    const { token } = await signUpAndLogIn(api, 'harriet');
    const replies = [
      await api.http.get('/api/status', token),
      await api.http.get('/api/account-settings', token),
      await api.http.get('/trpc/account.settings', token),
      await api.http.send('POST', '/api/token', { form: { username: 'harriet', password: 'x' } }),
    ];
    for (const reply of replies) expect(reply.headers['cache-control']).toBe('no-store');
    const csp = String(replies[0]?.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });
});
