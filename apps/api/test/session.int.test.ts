import { server } from '@tradebot/api-contract';
import { SESSION_POLICY } from '@tradebot/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logIn, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * The per-request session read: one query, no write on every request, and nothing cached in a
 * process, so a revoked session stops working at once on every API process.
 */
let api: TestApi;
let other: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  // A second API process on the same database (production may run several).
  other = await startTestApi();
  // Counts row writes to sessions.last_used_at, whoever makes them.
  await api.runtime.db.$executeRawUnsafe(`CREATE SEQUENCE IF NOT EXISTS test_session_touches`);
  await api.runtime.db.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION test_count_touch() RETURNS trigger AS $$
    BEGIN PERFORM nextval('test_session_touches'); RETURN NEW; END $$ LANGUAGE plpgsql`);
  await api.runtime.db.$executeRawUnsafe(`
    CREATE OR REPLACE TRIGGER test_session_touch AFTER UPDATE OF last_used_at ON sessions
    FOR EACH ROW EXECUTE FUNCTION test_count_touch()`);
});
afterAll(async () => {
  await api.runtime.db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS test_session_touch ON sessions`);
  await api.runtime.db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS test_count_touch()`);
  await api.runtime.db.$executeRawUnsafe(`DROP SEQUENCE IF EXISTS test_session_touches`);
  await other.close();
  await api.close();
});
beforeEach(async () => api.reset());

async function touches(): Promise<number> {
  const [row] = await api.runtime.db.$queryRawUnsafe<{ last_value: bigint; is_called: boolean }[]>(
    `SELECT last_value, is_called FROM test_session_touches`,
  );
  return row?.is_called ? Number(row.last_value) : 0;
}

const statusOk = async (client: TestApi, token: string) =>
  (await client.http.get('/api/status', token)).status === 200;

describe('session reads', () => {
  it('writes lastUsedAt at most once per touch window, however many requests race', async () => {
    const { token } = await signUpAndLogIn(api, 'toucher');
    const start = await touches();
    const burst = () =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? api.http.get('/api/status', token)
            : api.http.get('/trpc/account.settings', token),
        ),
      );
    for (const reply of await burst()) expect(reply.status).toBe(200);
    expect(await touches()).toBe(start);
    // Past the window, twenty requests at once still write once.
    api.clock.advance(SESSION_POLICY.touchEveryMs);
    for (const reply of await burst()) expect(reply.status).toBe(200);
    expect(await touches()).toBe(start + 1);
    api.clock.advance(SESSION_POLICY.touchEveryMs - 1000);
    await burst();
    expect(await touches()).toBe(start + 1);
  });

  it('keeps idle expiry at 2 hours with touches only once a minute', async () => {
    const { token } = await signUpAndLogIn(api, 'idler');
    // Used every 59 s for three hours: no write between touches, never idle-expired.
    for (let elapsed = 0; elapsed < 3 * 60 * 60 * 1000; elapsed += 59_000 * 20) {
      api.clock.advance(59_000 * 20);
      expect(await statusOk(api, token)).toBe(true);
    }
    api.clock.advance(SESSION_POLICY.idleMs);
    const expired = await api.http.get('/api/status', token);
    expect(expired).toMatchObject({ status: 401, body: { detail: server.sessionExpired } });
  });

  it('liveFullTokens (the websocket re-check) keeps exactly the live full sessions, without a write', async () => {
    const { userId } = await signUpAndLogIn(api, 'livetokens');
    const sessions = api.runtime.sessions;
    const live = await sessions.issueFull(userId);
    const idle = await sessions.issueFull(userId);
    const loggedOut = await sessions.issueFull(userId);
    const temporary = await sessions.issueTemporary(userId, '2fa_setup');
    expect((await api.http.post('/api/logout', undefined, loggedOut)).status).toBe(200);
    api.clock.advance(SESSION_POLICY.idleMs - 1000);
    expect(await sessions.authenticate(live)).not.toBeNull(); // counts as use: stays live
    api.clock.advance(2000);
    const before = await touches();
    const found = await sessions.liveFullTokens([live, idle, loggedOut, temporary, 'unknown']);
    expect([...found]).toEqual([live]);
    expect(await touches()).toBe(before);
    expect(await sessions.liveFullTokens([])).toEqual(new Set());
  });

  it('refuses a logged-out session at once on another API process', async () => {
    const { token } = await signUpAndLogIn(api, 'leaver');
    expect(await statusOk(other, token)).toBe(true);
    expect((await api.http.post('/api/logout', {}, token)).status).toBe(200);
    const reply = await other.http.get('/trpc/account.settings', token);
    expect(reply.status).toBe(401);
    expect(reply.body.error.message).toBe(server.sessionExpired);
  });

  it('refuses every session of a user whose password changed, on any process', async () => {
    const { token, secret } = await signUpAndLogIn(api, 'changer');
    const { token: bystander } = await signUpAndLogIn(api, 'bystander');
    const device = await logIn(api, 'changer', secret);
    const change = await api.http.post(
      '/api/change-password',
      { current_password: 'correct horse battery', new_password: 'a fresh passphrase 42' },
      device,
    );
    expect(change.status).toBe(200);
    expect(await statusOk(other, token)).toBe(false);
    expect(await statusOk(other, device)).toBe(false);
    expect(await statusOk(other, change.body.access_token as string)).toBe(true);
    expect(await statusOk(other, bystander)).toBe(true);
  });

  it('shows admin rights and account changes on the next request, on any process', async () => {
    const { token, userId } = await signUpAndLogIn(api, 'promoted');
    expect((await other.http.get('/api/admin/users', token)).status).toBe(403);
    await api.runtime.db.user.update({ where: { id: userId }, data: { isAdmin: true } });
    expect((await other.http.get('/api/admin/users', token)).status).toBe(200);
    const status = await other.http.get('/api/status', token);
    expect(status.body.user.is_admin).toBe(true);
    await api.runtime.db.user.update({ where: { id: userId }, data: { isAdmin: false } });
    expect((await other.http.get('/api/admin/users', token)).status).toBe(403);
  });
});
