import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Applies prisma/migrations/<name>/migration.sql in order and records each in a
 * `_prisma_migrations` table with Prisma's own columns and checksum, so `prisma migrate deploy`
 * on a machine that can run Prisma's engine agrees with what ran here.
 */
export const MIGRATIONS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  // Three levels up is the repository from packages/db/src and from apps/*/dist alike.
  '../../../packages/db/prisma/migrations',
);
/** Any constant: it makes concurrent migrators (API and CLI starting together) take turns. */
const ADVISORY_LOCK = 727_001;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // Another process created it between our check and our CREATE.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/** Applies pending migrations; returns the names it applied. */
export async function migrate(url: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK]);
    await client.query(CREATE_TABLE);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL',
    );
    const checksums = new Map(done.rows.map((row) => [row.migration_name, row.checksum]));
    for (const migration of readMigrations(dir)) {
      const known = checksums.get(migration.name);
      if (known !== undefined) {
        if (known !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied (checksum mismatch). Add a new migration instead of editing an applied one.`,
          );
        }
        continue;
      }
      await applyOne(client, migration);
      applied.push(migration.name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK]).catch(() => undefined);
    await client.end();
  }
  return applied;
}

async function applyOne(client: pg.Client, migration: MigrationFile) {
  await client.query('BEGIN');
  try {
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
       VALUES ($1, $2, now(), $3, 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
  }
}
