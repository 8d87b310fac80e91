import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aad, createCipher } from '@tradebot/core';
import { ensureDatabase, migrate } from '@tradebot/db';
import { otherConnections } from '@tradebot/db/backup';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEveryUserTable } from './account-rows.js';
import { logIn, signUpAndLogIn, startTestApi, TEST_KEY, type TestApi } from './harness.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** A database of this file's own, named after the slot's, so no other slot ever sees it. */
const scratch = new URL(process.env.DATABASE_URL ?? '');
scratch.pathname = `${scratch.pathname}_backup`;
const scratchUrl = scratch.toString();
const scratchName = scratch.pathname.slice(1);
const folder = mkdtempSync(join(tmpdir(), 'tradebot-backup-'));

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a root npm script as an operator would, against the scratch database. */
function npmRun(script: string, args: string[]): Promise<CliResult> {
  return new Promise((done) => {
    execFile(
      'npm',
      ['run', script, '--silent', '--', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: scratchUrl } },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL(scratchUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function onScratch<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: scratchUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Every public table's row count and an md5 of its rows in order, and every sequence's value. */
async function fingerprint(): Promise<Record<string, string>> {
  return onScratch(async (client) => {
    const seen: Record<string, string> = {};
    const tables = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: number; digest: string }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest
         FROM "${name}" t`,
      );
      seen[name] = `${rows[0]!.n} rows ${rows[0]!.digest}`;
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
       WHERE schemaname = 'public' ORDER BY sequencename`,
    );
    for (const { name, value } of sequences.rows) seen[`sequence ${name}`] = value ?? 'unused';
    return seen;
  });
}

const rowsIn = (seen: Record<string, string>, table: string) =>
  Number.parseInt(seen[table] ?? '0', 10);

async function untilAlone() {
  for (let tries = 0; tries < 50 && (await otherConnections(scratchUrl)) > 0; tries += 1)
    await new Promise((done) => setTimeout(done, 100));
}

/** The API on the scratch database, once its Redis connection is up (it queues no commands). */
async function startOnScratch(): Promise<TestApi> {
  const started = await startTestApi({ env: { DATABASE_URL: scratchUrl } });
  for (let tries = 0; tries < 50 && started.runtime.redis.status !== 'ready'; tries += 1)
    await new Promise((done) => setTimeout(done, 100));
  return started;
}

const paperKeys = {
  alpaca_environment: 'paper',
  alpaca_api_key_paper: 'PKBACKUPKEY0001',
  alpaca_api_secret_paper: 'backup-secret-0001',
};

describe('npm run backup and npm run restore', () => {
  let api: TestApi | undefined;
  beforeAll(async () => {
    await withAdmin((client) =>
      client.query(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`),
    );
    await ensureDatabase(scratchUrl);
    await migrate(scratchUrl);
  });
  afterAll(async () => {
    await api?.close();
    await withAdmin((client) =>
      client.query(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`),
    );
    rmSync(folder, { recursive: true, force: true });
  });

  it('backs up, wipes and restores users, keys, lists and bot history, all equal', async () => {
    api = await startOnScratch();
    const ann = await signUpAndLogIn(api, 'ann');
    expect((await api.http.post('/api/update-account-settings', paperKeys, ann.token)).status).toBe(
      200,
    );
    await seedEveryUserTable(api.runtime.db, ann.userId, 'A');
    const bob = await signUpAndLogIn(api, 'bob', '10.0.0.2');
    await seedEveryUserTable(api.runtime.db, bob.userId, 'B');

    const before = await fingerprint();
    for (const table of [
      'users',
      'broker_credentials',
      'final_trading_list_entries',
      'bot_trades',
      'bot_logs',
    ])
      expect(rowsIn(before, table), table).toBeGreaterThanOrEqual(2);

    const file = join(folder, 'nightly.dump');
    const backup = await npmRun('backup', [file]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`to ${file} \\(\\d+\\.\\d KB\\)`));

    // The API is still connected: a restore under it is refused and changes nothing. A serving API
    // holds pooled connections; this idle one would close them after 10 s (node-postgres'
    // idle timeout), which a slow backup can outlast, so one is held for the attempt.
    const held = await api.runtime.db.pool.connect();
    const refused = await npmRun('restore', [file]).finally(() => held.release());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Stop the API and the worker first');
    expect(await fingerprint()).toEqual(before);
    await api.close();
    api = undefined;
    await untilAlone();

    await onScratch((client) => client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public'));
    expect(await fingerprint()).toEqual({});

    const restore = await npmRun('restore', [file]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(await fingerprint()).toEqual(before);

    // The restored app reads its secrets with the same key: 2FA logs in, broker keys decrypt.
    api = await startOnScratch();
    api.clock.advance(10 * 60_000);
    const token = await logIn(api, 'ann', ann.secret);
    const settings = await api.http.get('/api/account-settings', token);
    expect(settings.status).toBe(200);
    const stored = await api.runtime.db.brokerCredential.findUniqueOrThrow({
      where: { userId_environment: { userId: ann.userId, environment: 'paper' } },
    });
    const cipher = createCipher(TEST_KEY);
    expect(cipher.decrypt(stored.keyEnc, aad.brokerKey(ann.userId, 'paper'))).toBe(
      paperKeys.alpaca_api_key_paper,
    );
  });

  it('restores over a database that changed since the backup, back to the backup', async () => {
    await api?.close();
    api = undefined;
    await untilAlone();
    const file = join(folder, 'before-change.dump');
    expect((await npmRun('backup', [file])).code).toBe(0);
    const before = await fingerprint();

    await onScratch(async (client) => {
      await client.query('DELETE FROM bot_trades');
      await client.query(`UPDATE users SET email = 'changed@example.com' WHERE username = 'bob'`);
      await client.query('CREATE TABLE stray (id int)');
    });
    expect(await fingerprint()).not.toEqual(before);

    expect((await npmRun('restore', [file])).code).toBe(0);
    const after = await fingerprint();
    // Objects the dump does not hold are left alone; everything it holds is as backed up.
    delete after.stray;
    expect(after).toEqual(before);
  });

  it('refuses a restore without a file, or of a file that is not there', async () => {
    const none = await npmRun('restore', []);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Usage: npm run restore -- <file>');
    const missing = await npmRun('restore', [join(folder, 'absent.dump')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No file at');
  });
});
