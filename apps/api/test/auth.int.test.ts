import { server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_POLICY } from '@tradebot/core';
import {
  codeAt,
  secretFromUri,
  signUpAndLogIn,
  signupBody,
  startTestApi,
  type TestApi,
} from './harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => api.reset());

const login = (username: string, password = 'correct horse battery', ip = '10.0.0.9') =>
  api.http.send('POST', '/api/token', { form: { username, password }, ip });

describe('sign-up', () => {
  it('creates the account with 2FA and returns a QR code of an otpauth URI', async () => {
    const reply = await api.http.post('/api/signup', signupBody('alice'));
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(server.signupSuccess);
    expect(reply.body.totp_qr_code).toMatch(/^data:image\/png;base64,/);
    expect(reply.body.totp_uri).toMatch(/^otpauth:\/\/totp\/Tradebot:alice\?/);
    expect(secretFromUri(reply.body.totp_uri)).toMatch(/^[A-Z2-7]{32}$/);
  });

  it.each([
    ['username', { username: 'ab' }, 'Username must be at least 3 characters.'],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters.'],
    ['country', { country: 'USA' }, 'Select a country.'],
    ['phone', { phone_number: 'call me' }, 'Enter a valid phone number.'],
    ['terms', { tos_accepted: false }, server.tosRequired],
  ])('rejects a bad %s with its message and writes nothing', async (_field, override, detail) => {
    const reply = await api.http.post('/api/signup', signupBody('bob', override));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ detail });
    expect(await api.runtime.db.user.count()).toBe(0);
  });

  it('refuses a taken username or email with a clear detail', async () => {
    await api.http.post('/api/signup', signupBody('carol'));
    const sameName = await api.http.post(
      '/api/signup',
      signupBody('CAROL', { email: 'other@example.com' }),
    );
    expect(sameName).toMatchObject({ status: 409, body: { detail: server.usernameTaken } });
    const sameEmail = await api.http.post(
      '/api/signup',
      signupBody('carol2', { email: 'carol@example.com' }),
    );
    expect(sameEmail).toMatchObject({ status: 409, body: { detail: server.emailTaken } });
  });
});

describe('token and 2FA', () => {
  it('answers a wrong password and an unknown user identically', async () => {
    await api.http.post('/api/signup', signupBody('dave'));
    const wrong = await login('dave', 'wrong password');
    const unknown = await login('nobody', 'wrong password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: ui.loginUnauthorized });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('accepts POST only on /api/token', async () => {
    const reply = await api.http.get('/api/token');
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('POST');
  });

  it('returns a temporary token that can only verify 2FA', async () => {
    await api.http.post('/api/signup', signupBody('erin'));
    const reply = await login('erin');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      requires_2fa: true,
      is_onboarded: false,
      needs_2fa_setup: false,
      token_type: 'bearer',
    });
    const status = await api.http.get('/api/status', reply.body.access_token);
    expect(status).toMatchObject({ status: 401, body: { detail: server.tempTokenOnly } });
  });

  it('accepts a code from the previous, current or next step, each step once', async () => {
    const signup = await api.http.post('/api/signup', signupBody('frank'));
    const secret = secretFromUri(signup.body.totp_uri);
    const first = await login('frank');
    const wrong = await api.http.post(
      '/api/verify-2fa',
      { totp_code: '000000' === codeAt(secret, api.clock.ms) ? '111111' : '000000' },
      first.body.access_token,
    );
    expect(wrong).toMatchObject({ status: 401, body: { detail: ui.invalid2fa } });
    const code = codeAt(secret, api.clock.ms, -1);
    const ok = await api.http.post('/api/verify-2fa', { totp_code: code }, first.body.access_token);
    expect(ok.status).toBe(200);
    expect((await api.http.get('/api/status', ok.body.access_token)).body.user.username).toBe(
      'frank',
    );
    // The same code again, on a fresh challenge: replay is refused.
    const second = await login('frank');
    const replay = await api.http.post(
      '/api/verify-2fa',
      { totp_code: code },
      second.body.access_token,
    );
    expect(replay).toMatchObject({ status: 401, body: { detail: ui.invalid2fa } });
    // A code two steps away is outside the window.
    const far = await api.http.post(
      '/api/verify-2fa',
      { totp_code: codeAt(secret, api.clock.ms, 2) },
      second.body.access_token,
    );
    expect(far.status).toBe(401);
    const next = await api.http.post(
      '/api/verify-2fa',
      { totp_code: codeAt(secret, api.clock.ms, 1) },
      second.body.access_token,
    );
    expect(next.status).toBe(200);
  });

  it('spends the challenge token once it has been used', async () => {
    const signup = await api.http.post('/api/signup', signupBody('gina'));
    const secret = secretFromUri(signup.body.totp_uri);
    const challenge = (await login('gina')).body.access_token;
    expect(
      (
        await api.http.post(
          '/api/verify-2fa',
          { totp_code: codeAt(secret, api.clock.ms) },
          challenge,
        )
      ).status,
    ).toBe(200);
    const again = await api.http.post(
      '/api/verify-2fa',
      { totp_code: codeAt(secret, api.clock.ms, 1) },
      challenge,
    );
    expect(again).toMatchObject({ status: 401, body: { detail: server.sessionExpired } });
  });

  it('expires the challenge token after 10 minutes', async () => {
    const signup = await api.http.post('/api/signup', signupBody('hank'));
    const challenge = (await login('hank')).body.access_token;
    api.clock.advance(SESSION_POLICY.temporaryMs + 1);
    const code = codeAt(secretFromUri(signup.body.totp_uri), api.clock.ms);
    expect((await api.http.post('/api/verify-2fa', { totp_code: code }, challenge)).status).toBe(
      401,
    );
  });
});

describe('sessions', () => {
  it('reports status and onboarding for a full session', async () => {
    const { token } = await signUpAndLogIn(api, 'ivy');
    const status = await api.http.get('/api/status', token);
    expect(status.body).toMatchObject({
      status: 'ok',
      environment: 'paper',
      bot_status: 'stopped',
      user: { username: 'ivy', is_admin: false, is_onboarded: false, has_2fa: true },
      subscription: { plan: 'trial', status: 'trialing', live_allowed: false },
    });
    expect(await api.http.get('/api/user/onboarding-status', token)).toMatchObject({
      status: 200,
      body: { is_onboarded: false },
    });
  });

  it('rotates the token on refresh and refuses the old one', async () => {
    const { token } = await signUpAndLogIn(api, 'jack');
    const refreshed = await api.http.post('/api/token/refresh', undefined, token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(token);
    expect((await api.http.get('/api/status', token)).status).toBe(401);
    expect((await api.http.get('/api/status', refreshed.body.access_token)).status).toBe(200);
  });

  it('revokes the session on logout', async () => {
    const { token } = await signUpAndLogIn(api, 'kate');
    expect((await api.http.post('/api/logout', undefined, token)).status).toBe(200);
    expect(await api.http.get('/api/status', token)).toMatchObject({
      status: 401,
      body: { detail: server.sessionExpired },
    });
  });

  it('expires after 2 hours idle, but not while in use', async () => {
    const { token } = await signUpAndLogIn(api, 'liam');
    api.clock.advance(SESSION_POLICY.idleMs - 60_000);
    expect((await api.http.get('/api/status', token)).status).toBe(200);
    api.clock.advance(SESSION_POLICY.idleMs - 60_000);
    expect((await api.http.get('/api/status', token)).status).toBe(200);
    api.clock.advance(SESSION_POLICY.idleMs + 1);
    expect((await api.http.get('/api/status', token)).status).toBe(401);
  });

  it('expires 7 days after sign-in even when refreshed every hour', async () => {
    const { token } = await signUpAndLogIn(api, 'mia');
    let current = token;
    let lastRefresh = 0;
    for (let hour = 1; hour <= 7 * 24 + 2; hour += 1) {
      api.clock.advance(60 * 60 * 1000);
      const refreshed = await api.http.post('/api/token/refresh', undefined, current);
      if (refreshed.status !== 200) break;
      current = refreshed.body.access_token;
      lastRefresh = hour;
    }
    // signUpAndLogIn moved the clock 30 s past sign-in, so the last good refresh is at 167 h.
    expect(lastRefresh).toBe(7 * 24 - 1);
    expect((await api.http.get('/api/status', current)).status).toBe(401);
  });

  it('tells a missing token from an expired one', async () => {
    expect(await api.http.get('/api/status')).toMatchObject({
      status: 401,
      body: { detail: server.notAuthenticated },
    });
    expect(await api.http.get('/api/status', 'made-up-token')).toMatchObject({
      status: 401,
      body: { detail: server.sessionExpired },
    });
  });
});

describe('2FA set-up for an account without it', () => {
  it('logs in with needs_2fa_setup and enables 2FA with the setup token', async () => {
    const { userId } = await signUpAndLogIn(api, 'nora');
    await api.runtime.db.user.update({ where: { id: userId }, data: { totpSecretEnc: null } });
    const reply = await login('nora');
    expect(reply.body).toMatchObject({ requires_2fa: false, needs_2fa_setup: true });
    expect((await api.http.get('/api/status', reply.body.access_token)).status).toBe(200);
    const setup = reply.body.setup_token as string;
    expect((await api.http.get('/api/status', setup)).status).toBe(401);
    const mismatch = await api.http.post('/api/enable-2fa', { username: 'someone' }, setup);
    expect(mismatch).toMatchObject({ status: 400, body: { detail: server.usernameMismatch } });
    const enabled = await api.http.post('/api/enable-2fa', { username: 'nora' }, setup);
    expect(enabled.status).toBe(200);
    expect(enabled.body.totp_qr_code).toMatch(/^data:image\/png;base64,/);
    const secret = secretFromUri(enabled.body.totp_uri);
    // The setup token is spent, and the next login asks for a code from the new secret.
    expect((await api.http.post('/api/enable-2fa', { username: 'nora' }, setup)).status).toBe(401);
    const next = await login('nora');
    expect(next.body.requires_2fa).toBe(true);
    const verify = await api.http.post(
      '/api/verify-2fa',
      { totp_code: codeAt(secret, api.clock.ms) },
      next.body.access_token,
    );
    expect(verify.status).toBe(200);
  });

  it('refuses a full token on /api/enable-2fa', async () => {
    const { token } = await signUpAndLogIn(api, 'omar');
    expect((await api.http.post('/api/enable-2fa', { username: 'omar' }, token)).status).toBe(401);
  });
});
