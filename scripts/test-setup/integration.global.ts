import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Integration tests use real PostgreSQL and Redis: a fresh `tradebot_test` database, migrated
 * with the same runner `npm start` uses, and Redis database 15 (flushed by the tests).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/tradebot_test';
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379/15';
  if (!existsSync(resolve(root, 'packages/db/src/generated/prisma/client.ts'))) {
    execFileSync('npm', ['run', 'generate', '-w', '@tradebot/db', '--silent'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const { migrate } = await import('../../packages/db/src/migrate.js');
  await migrate(url);
}
