import { spawn } from 'node:child_process';
import { toolEnv } from '../env.js';

/** What to say when pg_dump or pg_restore is not on the PATH. */
export const PG_CLIENT_MISSING =
  'is not installed. Install the PostgreSQL client tools (Debian/Ubuntu: apt-get install -y postgresql-client) and run this again.';

export class PgToolError extends Error {}

/**
 * The URL without its password, and the password as PGPASSWORD, so it never shows in the
 * process list. Prisma's `schema` parameter is dropped: libpq refuses parameters it does not know.
 */
export function connectionOf(url: string): { dbname: string; env: Record<string, string> } {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  target.searchParams.delete('schema');
  return { dbname: target.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool; resolves when it exits 0, else rejects with its own message. */
export function runPgTool(
  tool: string,
  args: string[],
  env: Record<string, string>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: toolEnv(env),
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new PgToolError(`${tool} ${PG_CLIENT_MISSING}`) : error),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new PgToolError(stderr.trim() || `${tool} exited with code ${code}`));
    });
  });
}
