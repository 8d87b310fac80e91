import type { Db } from './client.js';

const KEPT = ['_prisma_migrations', 'deployment'];

/**
 * Empties every table between integration tests, except the migrations record and the
 * deployment id (running processes keep the Redis namespace they read from it), and restarts
 * every sequence, as `TRUNCATE … RESTART IDENTITY` would. TRUNCATE gives each of the ~100
 * tables and indexes a new file and costs about a second a call; deleting the rows of the few
 * tables a test wrote to costs a few milliseconds. Foreign keys are not checked while the rows
 * go (every table with rows is emptied, so none is left pointing nowhere); a database user who
 * may not switch that off gets the TRUNCATE.
 */
export async function resetDatabase(db: Db) {
  const tables = await db.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND NOT (tablename = ANY(${KEPT}))`;
  if (tables.length === 0) return;
  const quoted = tables.map(({ tablename }) => `"${tablename}"`);
  const withRows = await db.$queryRawUnsafe<{ name: string }[]>(
    quoted
      .map((table) => `SELECT '${table}' AS name WHERE EXISTS (SELECT 1 FROM ${table})`)
      .join(' UNION ALL '),
  );
  const sequences = await db.$queryRaw<{ name: string; start: bigint }[]>`
    SELECT sequencename AS name, start_value AS start FROM pg_sequences
    WHERE schemaname = 'public' AND last_value IS NOT NULL`;
  if (withRows.length === 0 && sequences.length === 0) return;
  try {
    await db.$transaction([
      db.$executeRawUnsafe('SET LOCAL session_replication_role = replica'),
      ...withRows.map(({ name }) => db.$executeRawUnsafe(`DELETE FROM ${name}`)),
      ...sequences.map(({ name, start }) =>
        db.$queryRawUnsafe(`SELECT setval('"${name}"', ${start}, false)`),
      ),
    ]);
  } catch {
    await db.$executeRawUnsafe(`TRUNCATE ${quoted.join(', ')} RESTART IDENTITY CASCADE`);
  }
}
