import pg from 'pg';
import type { Db } from '../client.js';

/** One small pool per database client, only for session-level advisory locks. */
const lockPools = new WeakMap<Db, pg.Pool>();

function lockPool(db: Db): pg.Pool {
  let pool = lockPools.get(db);
  if (pool === undefined) {
    pool = new pg.Pool({
      connectionString: db.pool.options.connectionString,
      max: 32,
      idleTimeoutMillis: 5_000,
      allowExitOnIdle: true,
    });
    // An idle lock connection that drops holds no lock any more; nothing to do.
    pool.on('error', () => undefined);
    lockPools.set(db, pool);
  }
  return pool;
}

/**
 * Tries a session-level advisory lock (key, id) on a connection of its own, held until the
 * returned release is called; null when another session holds it. The connection comes from a
 * separate pool: holders wait on the main pool for their queries, so holding locks there could
 * take every connection and starve the very work that would release them. A process that dies
 * drops its connection, and PostgreSQL frees the lock at once.
 */
export async function trySessionLock(
  db: Db,
  key: number,
  id: number,
): Promise<(() => Promise<void>) | null> {
  const client = await lockPool(db).connect();
  let held: boolean;
  try {
    const result = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1::int, $2::int) AS locked',
      [key, id],
    );
    held = result.rows[0]?.locked === true;
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  if (!held) {
    client.release();
    return null;
  }
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock($1::int, $2::int)', [key, id]);
      client.release();
    } catch (error) {
      // Destroying the connection frees the lock too.
      client.release(error as Error);
    }
  };
}
