import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { server } from '@tradebot/api-contract';
import { mailDeliveryService, openSecrets } from '@tradebot/core';
import { MIGRATIONS_DIR } from '@tradebot/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAdmin, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * Tokens in mail: the outbox stores texts with a placeholder and the token encrypted beside
 * them until delivery; admins see "[redacted]"; without SMTP the worker prints the mail to its
 * log (development only) and drops the encrypted token.
 */
let api: TestApi;
let admin: { token: string };
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => {
  await api.reset();
  admin = await signUpAdmin(api, 'root', '10.0.2.1');
  await signUpAndLogIn(api, 'tess', '10.0.2.2');
});

/** Every column of every outbox row, as a backup or a SQL console would show it. */
async function rawOutbox() {
  const rows = await api.runtime.db.$queryRawUnsafe<Record<string, unknown>[]>(
    'SELECT * FROM mail_outbox ORDER BY id',
  );
  return JSON.stringify(rows);
}

/** The tokens of every mail not yet delivered, opened with the app's key. */
async function pendingTokens() {
  const rows = await api.runtime.db.mailOutbox.findMany({ where: { secrets: { not: null } } });
  return rows.map(
    (row) => openSecrets(api.runtime.deps.cipher, row.messageId, row.secrets ?? '').token ?? '',
  );
}

describe('tokens in the mail outbox', () => {
  it('are in no column in clear and never shown to admins; the dev log carries the link', async () => {
    await api.http.post('/api/forgot-password', { email: 'tess@example.com' });
    const tokens = await pendingTokens(); // two verification mails and the reset mail
    expect(tokens).toHaveLength(3);
    const raw = await rawOutbox();
    for (const token of tokens) expect(raw).not.toContain(token);
    expect(raw).toContain('/reset-password?token={{secret:token}}');

    for (const path of ['/api/admin/mail-outbox', '/trpc/admin.mailOutbox']) {
      const reply = await api.http.get(path, admin.token);
      expect(reply.status).toBe(200);
      const shown = JSON.stringify(reply.body);
      for (const token of tokens) expect(shown).not.toContain(token);
      expect(shown).toContain('/reset-password?token=[redacted]');
      expect(shown).toContain('/verify-email?token=[redacted]');
    }

    // The worker without SMTP, outside production: the mail goes to its log, link and all.
    const logged: string[] = [];
    const mail = mailDeliveryService({
      ...api.runtime.deps,
      smtp: { from: 'bot@localhost', devLog: (text) => logged.push(text) },
    });
    const reset = await api.runtime.db.mailOutbox.findFirstOrThrow({
      where: { subject: 'Reset your password' },
    });
    expect(await mail.deliver(reset.id)).toEqual({ delivered: false, transport: 'outbox' });
    const link = /http:\/\/localhost:3000\/reset-password\?token=([a-z0-9]+)/.exec(logged[0] ?? '');
    expect(link?.[1]).toBeTruthy();
    const done = await api.http.post('/api/reset-password', {
      token: link?.[1],
      new_password: 'a brand new passphrase',
    });
    expect(done).toMatchObject({ status: 200, body: { message: server.passwordReset } });
    const after = await api.runtime.db.mailOutbox.findUniqueOrThrow({ where: { id: reset.id } });
    expect(after).toMatchObject({ status: 'kept', secrets: null });
    // A production worker prints nothing and still drops the token.
    const quiet = mailDeliveryService({ ...api.runtime.deps, smtp: { from: 'bot@localhost' } });
    for (const row of await api.runtime.db.mailOutbox.findMany()) await quiet.deliver(row.id);
    expect(logged).toHaveLength(1);
    expect(await pendingTokens()).toEqual([]);
  });

  it('redacts links that rows written before the change carried in clear', async () => {
    await api.runtime.db.$executeRawUnsafe(
      `INSERT INTO mail_outbox ("to", subject, text, html) VALUES ('old@example.com', 'Reset your password',
       'Open http://localhost:3000/reset-password?token=abc234xyz within 30 minutes', '<a href="http://x/verify-email?token=q7q7&amp;a=1">')`,
    );
    const sql = readFileSync(
      join(MIGRATIONS_DIR, '20261123000100_mail_outbox_delivery/migration.sql'),
      'utf8',
    );
    await api.runtime.db.$executeRawUnsafe(sql.slice(sql.indexOf('UPDATE "mail_outbox"')));
    const row = await api.runtime.db.mailOutbox.findFirstOrThrow({
      where: { to: 'old@example.com' },
    });
    expect(row.text).toBe(
      'Open http://localhost:3000/reset-password?token=[redacted] within 30 minutes',
    );
    expect(row.html).toBe('<a href="http://x/verify-email?token=[redacted]&amp;a=1">');
  });
});
