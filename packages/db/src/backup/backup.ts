import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '../migrate.js';
import { connectionOf, PgToolError, runPgTool } from './pg-tools.js';

/** `tradebot-20260105T150000Z.dump`: the UTC time the backup started, sortable by name. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `tradebot-${stamp}.dump`;
}

export function defaultBackupPath(folder: string, at: Date): string {
  return join(folder, backupFileName(at));
}

/** Dumps the database in pg_dump's custom format to `file`; returns its size in bytes. */
export async function backupDatabase(url: string, file: string): Promise<number> {
  mkdirSync(dirname(file), { recursive: true });
  const { dbname, env } = connectionOf(url);
  await runPgTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], env);
  return statSync(file).size;
}

/** Sessions on the database other than our own: a running API or worker shows here. */
export async function otherConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    // No database yet: nobody can be connected to it.
    if ((error as { code?: string }).code === '3D000') return 0;
    throw error;
  }
  try {
    const result = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Replaces the database's contents with a custom-format dump: every object in the dump is
 * dropped when present and recreated, owned by the connecting role. Refuses while other
 * sessions are connected (the API and the worker must be stopped) unless `force` is set.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new PgToolError(`No file at ${file}.`);
  const others = await otherConnections(url);
  if (others > 0 && options.force !== true) {
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    throw new PgToolError(
      `${others} other connection(s) to ${name} are open. Stop the API and the worker first (or pass --force).`,
    );
  }
  await ensureDatabase(url);
  const { dbname, env } = connectionOf(url);
  await runPgTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--exit-on-error', `--dbname=${dbname}`, file],
    env,
  );
}
