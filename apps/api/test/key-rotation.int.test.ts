import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aad, createCipher, encryptionKeyId, rotateEncryptionKey } from '@tradebot/core';
import { listSealedValuesNotUnder, SEALED_COLUMNS, type Db, type SealedColumn } from '@tradebot/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUpAndLogIn, startTestApi, TEST_KEY, type TestApi } from './harness.js';

/**
 * `npm run rotate-encryption-key`: secrets sealed under key A are re-encrypted under key B by a
 * run that is killed part-way and run again; the app reads every secret throughout.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const KEY_A = TEST_KEY;
const KEY_B = 'b'.repeat(64);
const KEY_C = 'c'.repeat(64);
const USERS = 25;
const cipherA = createCipher(KEY_A);
/** A value in the format written before key ids existed (the same AES-GCM, no key id). */
const asV1 = (sealed: string) => `v1.${sealed.split('.').slice(2).join('.')}`;

/** The additional data of each column, written out here rather than taken from the code under test. */
function additionalData(column: SealedColumn, context: Record<string, string>) {
  const user = Number(context.user_id);
  const env = context.environment as 'paper' | 'live';
  if (column === 'users.totp_secret_enc') return aad.totp(context.username ?? '');
  if (column === 'broker_credentials.key_enc') return aad.brokerKey(user, env);
  if (column === 'broker_credentials.secret_enc') return aad.brokerSecret(user, env);
  if (column === 'alert_settings.telegram_token_enc') return aad.alertTelegramToken(user);
  if (column === 'alert_settings.webhook_url_enc') return aad.alertWebhookUrl(user);
  return aad.mailSecrets(context.message_id ?? '');
}

async function everySealedValue(db: Db) {
  const columns = Object.keys(SEALED_COLUMNS) as SealedColumn[];
  const lists = await Promise.all(
    columns.map((column) => listSealedValuesNotUnder(db, column, 'none:', 0, 10_000)),
  );
  return columns.flatMap((column, i) => (lists[i] ?? []).map((row) => ({ column, ...row })));
}

/** Plaintexts by `column:id`, sealed under key A straight into the tables (every 5th as v1). */
async function seedUnderKeyA(db: Db) {
  const plain = new Map<string, string>();
  const seal = (key: string, text: string, data: string, legacy: boolean) => {
    plain.set(key, text);
    const sealed = cipherA.encrypt(text, data);
    return legacy ? asV1(sealed) : sealed;
  };
  for (let i = 0; i < USERS; i += 1) {
    const username = `rot${i}`;
    const legacy = i % 5 === 0;
    const user = await db.user.create({
      data: {
        username,
        email: `${username}@example.com`,
        passwordHash: 'unused',
        country: 'US',
        tosAcceptedAt: new Date(),
      },
    });
    await db.user.update({
      where: { id: user.id },
      data: {
        totpSecretEnc: seal(
          `users.totp_secret_enc:${user.id}`,
          `TOTP${i}`,
          aad.totp(username),
          legacy,
        ),
      },
    });
    const credential = await db.brokerCredential.create({
      data: {
        userId: user.id,
        environment: 'paper',
        keyEnc: '',
        secretEnc: '',
        keyMask: '*',
        secretMask: '*',
      },
    });
    await db.brokerCredential.update({
      where: { id: credential.id },
      data: {
        keyEnc: seal(
          `broker_credentials.key_enc:${credential.id}`,
          `PK${i}`,
          aad.brokerKey(user.id, 'paper'),
          legacy,
        ),
        secretEnc: seal(
          `broker_credentials.secret_enc:${credential.id}`,
          `secret-${i}`,
          aad.brokerSecret(user.id, 'paper'),
          false,
        ),
      },
    });
    await db.alertSettings.create({
      data: {
        userId: user.id,
        telegramTokenEnc: seal(
          `alert_settings.telegram_token_enc:${user.id}`,
          `123:tg-${i}`,
          aad.alertTelegramToken(user.id),
          legacy,
        ),
        webhookUrlEnc: seal(
          `alert_settings.webhook_url_enc:${user.id}`,
          `https://hooks.example.com/${i}`,
          aad.alertWebhookUrl(user.id),
          false,
        ),
      },
    });
  }
  for (let i = 0; i < 5; i += 1) {
    const messageId = `<rot-${i}@tradebot.test>`;
    const text = JSON.stringify({ token: `mail-token-${i}` });
    const row = await db.mailOutbox.create({
      data: { to: `rot${i}@example.com`, subject: 's', text: 't', messageId, secrets: '' },
    });
    await db.mailOutbox.update({
      where: { id: row.id },
      data: {
        secrets: seal(`mail_outbox.secrets:${row.id}`, text, aad.mailSecrets(messageId), i === 0),
      },
    });
  }
  return plain;
}

let api: TestApi;
let plain: Map<string, string>;
let alice: { secret: string; userId: number };

beforeAll(async () => {
  // The app under key A: rows sealed straight into the tables, then a user through the API.
  const before = await startTestApi();
  await before.reset();
  plain = await seedUnderKeyA(before.runtime.db);
  const signedUp = await signUpAndLogIn(before, 'alice');
  alice = signedUp;
  const saved = await before.http.post(
    '/api/update-account-settings',
    {
      alpaca_environment: 'paper',
      alpaca_api_key_paper: 'PKALICE001',
      alpaca_api_secret_paper: 'alice-secret',
    },
    signedUp.token,
  );
  expect(saved.status).toBe(200);
  const clock = before.clock.ms;
  await before.close();
  // As the README says: the app restarted with the new key, and the old one as previous.
  api = await startTestApi({ env: { ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: KEY_A } });
  api.clock.ms = clock;
});
afterAll(async () => api.close());

describe('rotating the encryption key', () => {
  it('covers every secret column of the schema', async () => {
    const { rows } = await api.runtime.db.pool.query<{ name: string }>(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema()
          AND (column_name LIKE '%\\_enc' OR (table_name = 'mail_outbox' AND column_name = 'secrets'))`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(SEALED_COLUMNS).sort());
  });

  it('resumes after a kill, and the app reads every secret before, during and after', async () => {
    const db = api.runtime.db;
    const total = (await everySealedValue(db)).length;
    // Alice: her TOTP secret, her key pair and the token of her verification mail.
    expect(total).toBe(USERS * 5 + 5 + 4);
    let written = 0;
    const killed = rotateEncryptionKey(db, createCipher(KEY_B, KEY_A), {
      batchSize: 7,
      onBatch: (_column, count) => {
        written += count;
        if (written >= 20) throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');

    // Killed after three batches: 21 TOTP secrets under B, the rest (alice's too: she signed up
    // last) under A.
    const idB = encryptionKeyId(KEY_B);
    const midway = await everySealedValue(db);
    expect(midway.filter((row) => row.value.startsWith(`v2.${idB}.`))).toHaveLength(21);
    for (const row of midway) {
      const data = additionalData(row.column, row.context);
      const expected = plain.get(`${row.column}:${row.id}`);
      if (expected !== undefined)
        expect(api.runtime.deps.cipher.decrypt(row.value, data)).toBe(expected);
    }
    // The app reads alice's TOTP secret, still under A: her login with 2FA works.
    const aliceTotp = midway.find(
      (row) => row.column === 'users.totp_secret_enc' && row.id === alice.userId,
    );
    expect(aliceTotp?.value.startsWith(`v2.${encryptionKeyId(KEY_A)}.`)).toBe(true);
    await logIn(api, 'alice', alice.secret);

    const rerun = await rotateEncryptionKey(db, createCipher(KEY_B, KEY_A), { batchSize: 7 });
    expect(rerun.unreadable).toEqual([]);
    expect(Object.values(rerun.rotated).reduce((a, b) => a + b, 0)).toBe(total - 21);

    // Done: key B alone opens everything, and every value is what was sealed under A.
    const onlyB = createCipher(KEY_B);
    const after = await everySealedValue(db);
    expect(after).toHaveLength(total);
    for (const row of after) {
      expect(row.value.startsWith(`v2.${idB}.`), `${row.column}:${row.id}`).toBe(true);
      const opened = onlyB.decrypt(row.value, additionalData(row.column, row.context));
      const expected = plain.get(`${row.column}:${row.id}`);
      if (expected !== undefined) expect(opened).toBe(expected);
    }
    const keys = await db.brokerCredential.findFirstOrThrow({ where: { userId: alice.userId } });
    expect(onlyB.decrypt(keys.keyEnc, aad.brokerKey(alice.userId, 'paper'))).toBe('PKALICE001');
    expect(() => cipherA.decrypt(keys.keyEnc, aad.brokerKey(alice.userId, 'paper'))).toThrow();
  });

  it('leaves a value neither key opens as it is and names it; the npm script fails on it', async () => {
    const db = api.runtime.db;
    const row = await db.alertSettings.findFirstOrThrow({
      where: { telegramTokenEnc: { not: null } },
    });
    const underC = createCipher(KEY_C).encrypt('lost', aad.alertTelegramToken(row.userId));
    await db.alertSettings.update({
      where: { userId: row.userId },
      data: { telegramTokenEnc: underC },
    });

    const cli = await npmRun({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: KEY_A });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(
      `cannot read alert_settings.telegram_token_enc of row ${row.userId}`,
    );
    expect(cli.stderr).toContain(encryptionKeyId(KEY_C));
    expect(cli.stderr).not.toContain('lost');
    const kept = await db.alertSettings.findUniqueOrThrow({ where: { userId: row.userId } });
    expect(kept.telegramTokenEnc).toBe(underC);

    await db.alertSettings.update({
      where: { userId: row.userId },
      data: { telegramTokenEnc: null },
    });
    const clean = await npmRun({ ENCRYPTION_KEY: KEY_B });
    expect(clean).toMatchObject({ code: 0 });
    expect(clean.stdout).toContain('0 stored secrets to re-encrypt');
  });
});

/** `npm run rotate-encryption-key` from the repository root, as an operator runs it. */
function npmRun(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      'npm',
      ['run', 'rotate-encryption-key', '--silent'],
      { cwd: root, env: { ...process.env, ...env, NODE_ENV: 'test' } },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
