import { server } from '@tradebot/api-contract';
import { upsertBotScheduler } from '@tradebot/core';
import { botSchedulerId } from '@tradebot/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { rowsOf, seedEveryUserTable, userTables } from './account-rows.js';
import { codeAt, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * "Delete account" on the real API, PostgreSQL and Redis: every refusal leaves every row in
 * place; a deletion erases every row of the user, in every table, and no row of anyone else.
 */
let api: TestApi;
type User = Awaited<ReturnType<typeof signUpAndLogIn>> & { name: string; email: string };
let dora: User;
let kurt: User;
const PASSWORD = 'correct horse battery';

async function user(name: string, ip: string): Promise<User> {
  return { ...(await signUpAndLogIn(api, name, ip)), name, email: `${name}@example.com` };
}

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  dora = await user('dora', '10.3.0.1');
  kurt = await user('kurt', '10.3.0.2');
  await seedEveryUserTable(api.runtime.db, dora.userId, 'DORA');
  await seedEveryUserTable(api.runtime.db, kurt.userId, 'KURT');
});
afterAll(async () => api.close());

const remove = (who: User, body: Record<string, unknown>) =>
  api.http.post('/api/account/delete', body, who.token);
/** A code of a step no earlier call used (each step is accepted once). */
const freshCode = (who: User) => {
  api.clock.advance(30_000);
  return codeAt(who.secret, api.clock.ms);
};

describe('account deletion refusals', () => {
  it('refuses a wrong confirmation, a missing or wrong code and a wrong password, deleting nothing', async () => {
    const before = await rowsOf(api.runtime.db, dora.userId, dora.email);
    const refusals: [Record<string, unknown>, number, string][] = [
      [
        { confirm_username: 'kurt', password: PASSWORD, totp_code: freshCode(dora) },
        400,
        server.deleteAccountUsernameMismatch,
      ],
      [{ confirm_username: 'dora', password: PASSWORD }, 400, server.deleteAccountCodeRequired],
      [
        { confirm_username: 'dora', password: PASSWORD, totp_code: '' },
        400,
        server.deleteAccountCodeRequired,
      ],
      [
        { confirm_username: 'dora', password: 'not her password', totp_code: freshCode(dora) },
        400,
        server.deleteAccountWrongPassword,
      ],
      [
        { confirm_username: 'dora', password: PASSWORD, totp_code: '000000' },
        400,
        server.deleteAccountWrongCode,
      ],
      [
        { confirm_username: 'dora', password: PASSWORD, totp_code: '12345' },
        400,
        'Enter the 6-digit code from your authenticator app.',
      ],
      [{ password: PASSWORD }, 400, 'confirm_username'],
    ];
    for (const [body, status, detail] of refusals) {
      const reply = await remove(dora, body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(reply.body), JSON.stringify(body)).toContain(detail);
    }
    expect(await rowsOf(api.runtime.db, dora.userId, dora.email)).toEqual(before);
    expect((await api.http.get('/api/status', dora.token)).status).toBe(200);
  });

  it('limits password guesses as change-password does (429 after 10)', async () => {
    const greta = await user('greta', '10.3.0.3');
    const guess = () =>
      remove(greta, {
        confirm_username: 'greta',
        password: 'a guess',
        totp_code: freshCode(greta),
      });
    for (let i = 0; i < 10; i++) expect((await guess()).status).toBe(400);
    const limited = await guess();
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many attempts/);
    expect(await api.runtime.db.user.count({ where: { id: greta.userId } })).toBe(1);
  });

  it('keeps the last admin, and lets an admin go once another admin exists', async () => {
    const ada = await user('ada', '10.3.0.4');
    await api.runtime.db.user.updateMany({ data: { isAdmin: false } });
    await api.runtime.db.user.update({ where: { id: ada.userId }, data: { isAdmin: true } });
    const body = () => ({ confirm_username: 'ada', password: PASSWORD, totp_code: freshCode(ada) });
    const refused = await remove(ada, body());
    expect(refused).toMatchObject({ status: 409, body: { detail: server.deleteAccountLastAdmin } });
    expect(await api.runtime.db.user.count({ where: { id: ada.userId } })).toBe(1);
    await api.runtime.db.user.update({ where: { id: kurt.userId }, data: { isAdmin: true } });
    const deleted = await remove(ada, body());
    // No Alpaca keys: nothing to cancel, no positions outside the app.
    expect(deleted).toMatchObject({
      status: 200,
      body: { message: server.accountDeleted(false, 0), canceled_orders: 0, failed_cancels: 0 },
    });
    expect(await api.runtime.db.user.count({ where: { id: ada.userId } })).toBe(0);
    await api.runtime.db.user.update({ where: { id: kurt.userId }, data: { isAdmin: false } });
  });
});

describe('account deletion', () => {
  it('erases every row of the user in every table and nothing of anyone else', async () => {
    // Saved Alpaca keys: the bot's orders there are cancelled first (this Alpaca is unreachable).
    await api.http.post(
      '/api/update-account-settings',
      {
        alpaca_environment: 'paper',
        alpaca_api_key_paper: 'PKDORA0001',
        alpaca_api_secret_paper: 'dora-secret-1',
      },
      dora.token,
    );
    await upsertBotScheduler(api.runtime.deps.botQueue, dora.userId, 60);
    await upsertBotScheduler(api.runtime.deps.botQueue, kurt.userId, 60);
    const doraBefore = await rowsOf(api.runtime.db, dora.userId, dora.email);
    const kurtBefore = await rowsOf(api.runtime.db, kurt.userId, kurt.email);
    // The seed covers every table that holds users' rows, so each one is checked below.
    for (const table of await userTables(api.runtime.db)) {
      expect(doraBefore[table], table).toBeGreaterThan(0);
      expect(kurtBefore[table], table).toBeGreaterThan(0);
    }
    expect(doraBefore.mail_outbox).toBeGreaterThan(0);

    const base = (await api.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    const socket = new WebSocket(`${base}/ws?token=${dora.token}`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.on('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const reply = await remove(dora, {
      confirm_username: 'Dora',
      password: PASSWORD,
      totp_code: freshCode(dora),
    });
    expect(reply.status).toBe(200);
    // Paper: an unreachable Alpaca; live: the seed's unreadable keys. Each is logged and
    // counted, the erasure goes on, and the answer says so.
    expect(reply.body).toMatchObject({ canceled_orders: 0, failed_cancels: 2 });
    expect(reply.body.message).toBe(server.accountDeleted(true, 2));

    const doraAfter = await rowsOf(api.runtime.db, dora.userId, dora.email);
    expect(
      Object.values(doraAfter).every((n) => n === 0),
      JSON.stringify(doraAfter),
    ).toBe(true);
    expect(await rowsOf(api.runtime.db, kurt.userId, kurt.email)).toEqual(kurtBefore);

    expect(await closed).toBe(1008);
    expect((await api.http.get('/api/status', dora.token)).status).toBe(401);
    expect((await api.http.get('/api/status', kurt.token)).status).toBe(200);
    const queue = api.runtime.deps.botQueue;
    expect(await queue.getJobScheduler(botSchedulerId(dora.userId))).toBeUndefined();
    expect(await queue.getJobScheduler(botSchedulerId(kurt.userId))).toBeDefined();
    // The name is free again.
    const again = await api.http.send('POST', '/api/token', {
      form: { username: 'dora', password: PASSWORD },
      ip: '10.3.0.1',
    });
    expect(again.status).toBe(401);
  });
});
