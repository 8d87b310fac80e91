import { server } from '@tradebot/api-contract';
import { ZodError } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/create-admin.js';
import { logIn, secretFromUri, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';
import { totpUri } from '@tradebot/core';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => api.reset());

const PASSWORD = 'correct horse battery';

/** Runs what `npm run create-admin` runs and logs the new admin in with 2FA. */
async function createAndLogIn(args: { phone?: string } = {}) {
  const result = await createAdmin(api.runtime.deps, {
    username: 'Chief',
    email: 'chief@example.com',
    password: PASSWORD,
    country: 'US',
    ...args,
  });
  if (result.kind !== 'created') throw new Error('expected a new admin');
  const secret = secretFromUri(totpUri(result.totpSecret, result.username));
  return { ...result, token: await logIn(api, 'chief', secret) };
}

describe('create-admin', () => {
  it('makes an admin with no trial and no phone, shown as no plan and "-" data', async () => {
    const admin = await createAndLogIn();
    expect(await api.runtime.db.subscription.count({ where: { userId: admin.userId } })).toBe(0);

    const status = await api.http.get('/api/status', admin.token);
    expect(status.body.user).toMatchObject({ username: 'chief', is_admin: true });
    expect(status.body.subscription).toEqual({
      plan: null,
      status: null,
      trial_ends_at: null,
      live_allowed: false,
    });

    const users = await api.http.get('/api/admin/users', admin.token);
    expect(users.body).toEqual([
      expect.objectContaining({
        username: 'chief',
        phone_number: null,
        country: 'US',
        plan: null,
        subscription_status: null,
        is_admin: true,
      }),
    ]);
  });

  it('keeps sign-ups on a trial with their phone number', async () => {
    const admin = await createAndLogIn();
    await signUpAndLogIn(api, 'uma', '10.0.9.1');
    const users = await api.http.get('/api/admin/users', admin.token);
    expect(users.body.find((row: { username: string }) => row.username === 'uma')).toMatchObject({
      phone_number: '+1 555 010 1234',
      plan: 'trial',
      subscription_status: 'trialing',
    });
  });

  it('stores a phone number the operator gives, and checks it like sign-up does', async () => {
    const admin = await createAndLogIn({ phone: '+44 20 7946 0000' });
    const users = await api.http.get('/api/admin/users', admin.token);
    expect(users.body[0]).toMatchObject({ phone_number: '+44 20 7946 0000' });

    const bad = createAdmin(api.runtime.deps, {
      username: 'other',
      email: 'other@example.com',
      password: PASSWORD,
      country: 'US',
      phone: 'call me',
    });
    await expect(bad).rejects.toBeInstanceOf(ZodError);
    await expect(bad).rejects.toThrow('Enter a valid phone number.');
  });

  it('lets an admin without a plan be granted one, which then allows live mode', async () => {
    const admin = await createAndLogIn();
    const grant = await api.http.post(
      `/api/admin/grant-plan/${admin.userId}`,
      { plan: 'basic' },
      admin.token,
    );
    expect(grant).toMatchObject({
      status: 200,
      body: { message: server.planGranted('basic', 'chief') },
    });
    const status = await api.http.get('/api/status', admin.token);
    expect(status.body.subscription).toMatchObject({
      plan: 'basic',
      status: 'active',
      live_allowed: true,
    });
  });

  it('promotes an existing user instead of creating one', async () => {
    const uma = await signUpAndLogIn(api, 'uma', '10.0.9.2');
    expect(await createAdmin(api.runtime.deps, { username: 'UMA' })).toEqual({
      kind: 'promoted',
      username: 'uma',
    });
    expect((await api.http.get('/api/status', uma.token)).body.user.is_admin).toBe(true);
    expect(await api.runtime.db.subscription.count({ where: { userId: uma.userId } })).toBe(1);
  });
});
