import { server } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeAt, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => api.reset());

async function lastMailTo(to: string) {
  const mail = await api.runtime.db.mailOutbox.findFirstOrThrow({ where: { to }, orderBy: { id: 'desc' } });
  return { ...mail, token: /token=([a-z0-9]+)/.exec(mail.text)?.[1] ?? '' };
}

describe('password reset', () => {
  it('mails a single-use link, revokes sessions, and still asks for 2FA', async () => {
    const { token, secret } = await signUpAndLogIn(api, 'yara');
    const ask = await api.http.post('/api/forgot-password', { email: 'YARA@example.com' });
    expect(ask).toMatchObject({ status: 200, body: { message: server.resetLinkSent } });
    const mail = await lastMailTo('yara@example.com');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    const reset = await api.http.post('/api/reset-password', { token: mail.token, new_password: 'a brand new passphrase' });
    expect(reset).toMatchObject({ status: 200, body: { message: server.passwordReset } });
    expect((await api.http.get('/api/status', token)).status).toBe(401);
    const again = await api.http.post('/api/reset-password', { token: mail.token, new_password: 'another passphrase' });
    expect(again).toMatchObject({ status: 400, body: { detail: server.invalidResetToken } });
    const login = await api.http.send('POST', '/api/token', { form: { username: 'yara', password: 'a brand new passphrase' } });
    expect(login.body.requires_2fa).toBe(true);
    const verify = await api.http.post('/api/verify-2fa', { totp_code: codeAt(secret, api.clock.ms) }, login.body.access_token);
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
    const reset = await api.http.post('/api/reset-password', { token: mail.token, new_password: 'too late passphrase' });
    expect(reset).toMatchObject({ status: 400, body: { detail: server.invalidResetToken } });
  });

  it('rejects a short new password', async () => {
    const reply = await api.http.post('/api/reset-password', { token: 'whatever', new_password: 'short' });
    expect(reply).toMatchObject({ status: 400, body: { detail: 'Password must be at least 8 characters.' } });
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
