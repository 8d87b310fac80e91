import { server } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeAt, signUpAdmin, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let admin: { token: string; userId: number };
let user: { token: string; userId: number; secret: string };
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => {
  await api.reset();
  admin = await signUpAdmin(api, 'root', '10.0.1.1');
  user = await signUpAndLogIn(api, 'uma', '10.0.1.2');
});

describe('admin routes', () => {
  it('lists users without secrets or hashes', async () => {
    const reply = await api.http.get('/api/admin/users', admin.token);
    expect(reply.status).toBe(200);
    const uma = reply.body.find((row: { username: string }) => row.username === 'uma');
    expect(uma).toEqual({
      id: user.userId,
      username: 'uma',
      email: 'uma@example.com',
      country: 'US',
      phone_number: '+1 555 010 1234',
      is_verified: false,
      totp_secret: 'enabled',
      is_admin: false,
      is_2fa_exempt: false,
      plan: 'trial',
      subscription_status: 'trialing',
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/argon2|v1\./);
  });

  it('refuses every admin path to a non-admin with 403', async () => {
    const calls = [
      api.http.get('/api/admin/users', user.token),
      api.http.post(`/api/admin/update-user/${admin.userId}`, { is_admin: false }, user.token),
      api.http.del(`/api/admin/delete-user/${admin.userId}`, user.token),
      api.http.post(`/api/admin/grant-plan/${user.userId}`, { plan: 'premium' }, user.token),
      api.http.get('/api/admin/client-errors', user.token),
      api.http.get('/api/admin/mail-outbox', user.token),
      api.http.post(`/api/admin/verify-email/${user.userId}`, {}, user.token),
    ];
    for (const reply of await Promise.all(calls))
      expect(reply).toMatchObject({ status: 403, body: { detail: server.forbidden } });
    expect(await api.runtime.db.user.count()).toBe(2);
  });

  it('disables and re-enables 2FA with a fresh 16-character secret', async () => {
    const off = await api.http.post(
      `/api/admin/update-user/${user.userId}`,
      { totp_secret: null },
      admin.token,
    );
    expect(off.status).toBe(200);
    const login = await api.http.send('POST', '/api/token', {
      form: { username: 'uma', password: 'correct horse battery' },
    });
    expect(login.body.needs_2fa_setup).toBe(true);
    const secret = 'JBSWY3DPEHPK3PXP';
    expect(
      (
        await api.http.post(
          `/api/admin/update-user/${user.userId}`,
          { totp_secret: secret },
          admin.token,
        )
      ).status,
    ).toBe(200);
    const next = await api.http.send('POST', '/api/token', {
      form: { username: 'uma', password: 'correct horse battery' },
    });
    expect(next.body.requires_2fa).toBe(true);
    const verify = await api.http.post(
      '/api/verify-2fa',
      { totp_code: codeAt(secret, api.clock.ms) },
      next.body.access_token,
    );
    expect(verify.status).toBe(200);
  });

  it('validates the admin payload', async () => {
    const bad = await api.http.post(
      `/api/admin/update-user/${user.userId}`,
      { totp_secret: 'too-short' },
      admin.token,
    );
    expect(bad).toMatchObject({ status: 400 });
    const both = await api.http.post(
      `/api/admin/update-user/${user.userId}`,
      { totp_secret: null, is_admin: true },
      admin.token,
    );
    expect(both.status).toBe(400);
    const missing = await api.http.post(
      '/api/admin/update-user/99999',
      { is_admin: true },
      admin.token,
    );
    expect(missing).toMatchObject({ status: 404, body: { detail: server.userNotFound } });
    const notNumber = await api.http.post(
      '/api/admin/update-user/abc',
      { is_admin: true },
      admin.token,
    );
    expect(notNumber.status).toBe(400);
  });

  it('keeps reserved accounts exempt from 2FA changes', async () => {
    const reserved = await signUpAndLogIn(api, 'support', '10.0.1.3');
    const reply = await api.http.post(
      `/api/admin/update-user/${reserved.userId}`,
      { totp_secret: null },
      admin.token,
    );
    expect(reply).toMatchObject({ status: 403, body: { detail: server.exempt2fa } });
    const users = await api.http.get('/api/admin/users', admin.token);
    expect(
      users.body.find((row: { username: string }) => row.username === 'support').is_2fa_exempt,
    ).toBe(true);
  });

  it('grants and revokes admin, checked on the server at once', async () => {
    await api.http.post(`/api/admin/update-user/${user.userId}`, { is_admin: true }, admin.token);
    expect((await api.http.get('/api/admin/users', user.token)).status).toBe(200);
    await api.http.post(`/api/admin/update-user/${user.userId}`, { is_admin: false }, admin.token);
    expect((await api.http.get('/api/admin/users', user.token)).status).toBe(403);
    const self = await api.http.post(
      `/api/admin/update-user/${admin.userId}`,
      { is_admin: false },
      admin.token,
    );
    expect(self).toMatchObject({ status: 400, body: { detail: server.cannotChangeOwnAdmin } });
  });

  it('deletes a user and their sessions, but not itself', async () => {
    const reply = await api.http.del(`/api/admin/delete-user/${user.userId}`, admin.token);
    expect(reply.status).toBe(200);
    expect((await api.http.get('/api/status', user.token)).status).toBe(401);
    expect(await api.runtime.db.user.count()).toBe(1);
    const self = await api.http.del(`/api/admin/delete-user/${admin.userId}`, admin.token);
    expect(self).toMatchObject({ status: 400, body: { detail: server.cannotDeleteSelf } });
  });

  it('grants a paid plan, which allows live mode', async () => {
    const grant = await api.http.post(
      `/api/admin/grant-plan/${user.userId}`,
      { plan: 'premium' },
      admin.token,
    );
    expect(grant).toMatchObject({
      status: 200,
      body: { message: server.planGranted('premium', 'uma') },
    });
    const status = await api.http.get('/api/status', user.token);
    expect(status.body.subscription).toMatchObject({
      plan: 'premium',
      status: 'active',
      live_allowed: true,
    });
  });

  it('marks a user verified when no mail can reach them, admins only', async () => {
    const refused = await api.http.post(`/api/admin/verify-email/${user.userId}`, {}, user.token);
    expect(refused.status).toBe(403);
    const before = await api.http.get('/api/status', user.token);
    expect(before.body.user.is_verified).toBe(false);

    const reply = await api.http.post(`/api/admin/verify-email/${user.userId}`, {}, admin.token);
    expect(reply).toMatchObject({
      status: 200,
      body: { message: server.adminEmailVerified('uma') },
    });
    const after = await api.http.get('/api/status', user.token);
    expect(after.body.user.is_verified).toBe(true);
    const again = await api.http.post(`/api/admin/verify-email/${user.userId}`, {}, admin.token);
    expect(again.status).toBe(200);

    const missing = await api.http.post('/api/admin/verify-email/999999', {}, admin.token);
    expect(missing).toMatchObject({ status: 404, body: { detail: server.userNotFound } });
    const bad = await api.http.post('/api/admin/verify-email/abc', {}, admin.token);
    expect(bad.status).toBe(400);
  });
});
