import { server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken, openSecrets } from '@tradebot/core';
import { codeAt, logIn, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => api.reset());

async function lastMailTo(to: string) {
  const mail = await api.runtime.db.mailOutbox.findFirstOrThrow({
    where: { to },
    orderBy: { id: 'desc' },
  });
  // The token is not in the text: it waits encrypted beside it until the worker delivers it.
  const secrets = mail.secrets
    ? openSecrets(api.runtime.deps.cipher, mail.messageId, mail.secrets)
    : {};
  return { ...mail, token: secrets.token ?? '' };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? NaN;

describe('password reset', () => {
  it('answers a registered and an unknown address in the same time', async () => {
    await signUpAndLogIn(api, 'tina');
    const times: Record<string, number[]> = { registered: [], unknown: [] };
    const ask = async (kind: 'registered' | 'unknown', email: string) => {
      await api.runtime.deps.limiter.reset('resetAccount', email);
      await api.runtime.deps.limiter.reset('resetIp', '10.4.0.1');
      const started = performance.now();
      const reply = await api.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email },
        remoteAddress: '10.4.0.1',
      });
      times[kind]?.push(performance.now() - started);
      expect(reply.json()).toEqual({ message: server.resetLinkSent });
      await api.runtime.deps.background.idle();
    };
    for (let round = 0; round < 60; round += 1) {
      await ask('registered', 'tina@example.com');
      await ask('unknown', 'nobody@example.com');
    }
    const gap = Math.abs(median(times.registered ?? []) - median(times.unknown ?? []));
    console.info(
      `forgot-password median: registered ${median(times.registered ?? []).toFixed(2)} ms, unknown ${median(times.unknown ?? []).toFixed(2)} ms`,
    );
    expect(gap).toBeLessThan(2);
    // The registered address did get its mails.
    expect(
      await api.runtime.db.mailOutbox.count({
        where: { to: 'tina@example.com', subject: { contains: 'eset' } },
      }),
    ).toBe(60);
  });

  it('mails a single-use link, revokes sessions, and still asks for 2FA', async () => {
    const { token, secret } = await signUpAndLogIn(api, 'yara');
    const ask = await api.http.post('/api/forgot-password', { email: 'YARA@example.com' });
    expect(ask).toMatchObject({ status: 200, body: { message: server.resetLinkSent } });
    const mail = await lastMailTo('yara@example.com');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    const reset = await api.http.post('/api/reset-password', {
      token: mail.token,
      new_password: 'a brand new passphrase',
    });
    expect(reset).toMatchObject({ status: 200, body: { message: server.passwordReset } });
    expect((await api.http.get('/api/status', token)).status).toBe(401);
    const again = await api.http.post('/api/reset-password', {
      token: mail.token,
      new_password: 'another passphrase',
    });
    expect(again).toMatchObject({ status: 400, body: { detail: server.invalidResetToken } });
    const login = await api.http.send('POST', '/api/token', {
      form: { username: 'yara', password: 'a brand new passphrase' },
    });
    expect(login.body.requires_2fa).toBe(true);
    const verify = await api.http.post(
      '/api/verify-2fa',
      { totp_code: codeAt(secret, api.clock.ms) },
      login.body.access_token,
    );
    expect(verify.status).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const reply = await api.http.post('/api/forgot-password', { email: 'ghost@example.com' });
    expect(reply).toMatchObject({ status: 200, body: { message: server.resetLinkSent } });
    expect(await api.runtime.db.mailOutbox.count({ where: { to: 'ghost@example.com' } })).toBe(0);
  });

  it('expires reset links after 30 minutes', async () => {
    await signUpAndLogIn(api, 'zack');
    await api.http.post('/api/forgot-password', { email: 'zack@example.com' });
    const mail = await lastMailTo('zack@example.com');
    api.clock.advance(30 * 60 * 1000 + 1);
    const reset = await api.http.post('/api/reset-password', {
      token: mail.token,
      new_password: 'too late passphrase',
    });
    expect(reset).toMatchObject({ status: 400, body: { detail: server.invalidResetToken } });
  });

  it('rejects a short new password', async () => {
    const reply = await api.http.post('/api/reset-password', {
      token: 'whatever',
      new_password: 'short',
    });
    expect(reply).toMatchObject({
      status: 400,
      body: { detail: 'Password must be at least 8 characters.' },
    });
  });
});

describe('email verification', () => {
  it('mails a link at sign-up that verifies the address once', async () => {
    const { token } = await signUpAndLogIn(api, 'vera');
    const mail = await lastMailTo('vera@example.com');
    expect(mail.subject).toBe('Verify your email address');
    const verify = await api.http.post('/api/verify-email', { token: mail.token });
    expect(verify).toMatchObject({ status: 200, body: { message: server.emailVerified } });
    expect((await api.http.get('/api/status', token)).body.user.is_verified).toBe(true);
    expect((await api.http.post('/api/verify-email', { token: mail.token })).status).toBe(400);
  });
});

describe('change password', () => {
  const OLD = 'correct horse battery';
  const NEW = 'a fresh passphrase 42';
  const change = (token: string, current_password: string, new_password = NEW) =>
    api.http.post('/api/change-password', { current_password, new_password }, token);
  const changeRpc = (token: string, current_password: string, new_password = NEW) =>
    api.http.post('/trpc/auth.changePassword', { current_password, new_password }, token);
  const login = (username: string, password: string) =>
    api.http.send('POST', '/api/token', { form: { username, password }, ip: '10.7.0.1' });

  it('ends every session, keeps this device signed in, and mails a notice', async () => {
    const { token, secret, userId } = await signUpAndLogIn(api, 'carla');
    const other = await logIn(api, 'carla', secret);
    const before = await api.runtime.db.session.findUniqueOrThrow({
      where: { id: hashToken(token) },
    });
    const reply = await change(token, OLD);
    expect(reply).toMatchObject({ status: 200, body: { message: server.passwordChanged } });
    const fresh = reply.body.access_token as string;
    expect((await api.http.get('/api/status', token)).status).toBe(401);
    expect((await api.http.get('/api/status', other)).status).toBe(401);
    expect((await api.http.get('/api/status', fresh)).body.user.username).toBe('carla');
    // One live session, and it ends when the sign-in it replaces would have.
    const live = await api.runtime.db.session.findMany({ where: { userId, revokedAt: null } });
    expect(live.map((row) => [row.id, row.expiresAt])).toEqual([
      [hashToken(fresh), before.expiresAt],
    ]);
    const mail = await lastMailTo('carla@example.com');
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text).toContain('http://localhost:3000/forgot-password');
    expect(await login('carla', OLD)).toMatchObject({
      status: 401,
      body: { detail: ui.loginUnauthorized },
    });
    const relog = await login('carla', NEW);
    expect(relog.body).toMatchObject({ requires_2fa: true, needs_2fa_setup: false });
    expect((await api.http.get('/api/status', relog.body.access_token)).status).toBe(401);
    const verify = await api.http.post(
      '/api/verify-2fa',
      { totp_code: codeAt(secret, api.clock.ms) },
      relog.body.access_token,
    );
    expect(verify.status).toBe(200);
  });

  it('works the same through tRPC', async () => {
    const { token } = await signUpAndLogIn(api, 'dora');
    const reply = await changeRpc(token, OLD);
    expect(reply.status).toBe(200);
    const { message, access_token } = reply.body.result.data;
    expect(message).toBe(server.passwordChanged);
    expect((await api.http.get('/trpc/auth.status', token)).status).toBe(401);
    expect(
      (await api.http.get('/trpc/auth.status', access_token)).body.result.data.user.username,
    ).toBe('dora');
    expect((await login('dora', NEW)).body.requires_2fa).toBe(true);
  });

  it.each([
    ['a wrong current password', 'not my password', NEW, server.wrongCurrentPassword],
    ['a weak new password', OLD, 'short', 'Password must be at least 8 characters.'],
  ])('refuses %s on both surfaces and changes nothing', async (_case, current, next, detail) => {
    const { token, userId } = await signUpAndLogIn(api, 'ezra');
    const hash = async () =>
      (await api.runtime.db.user.findUniqueOrThrow({ where: { id: userId } })).passwordHash;
    const before = await hash();
    expect(await change(token, current, next)).toMatchObject({ status: 400, body: { detail } });
    const rpc = await changeRpc(token, current, next);
    expect({ status: rpc.status, message: rpc.body.error?.message }).toEqual({
      status: 400,
      message: detail,
    });
    expect(await hash()).toBe(before);
    expect((await api.http.get('/api/status', token)).status).toBe(200);
    expect(
      await api.runtime.db.mailOutbox.count({ where: { subject: 'Your password was changed' } }),
    ).toBe(0);
  });

  it('refuses a 2FA challenge token', async () => {
    await signUpAndLogIn(api, 'finn');
    const challenge = (await login('finn', OLD)).body.access_token as string;
    expect(await change(challenge, OLD)).toMatchObject({
      status: 401,
      body: { detail: server.tempTokenOnly },
    });
    expect((await login('finn', OLD)).status).toBe(200);
  });
});
