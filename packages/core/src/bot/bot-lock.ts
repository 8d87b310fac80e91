import type { Db } from '@tradebot/db';

/** First key of the bot's advisory locks (the second is the user id). */
const BOT_TICK_LOCK = 0x626f74; // "bot"

/**
 * One tick of a user at a time: a PostgreSQL session-level advisory lock on a connection held
 * for the tick. Why PostgreSQL rather than a Redis lock with an expiry: the lock lives exactly as
 * long as the tick's connection, so a slow tick (a broker that answers late) never loses it to an
 * expiry and overlaps with the next one, a killed worker's lock is freed the moment its
 * connection drops, and a Redis flush cannot release it. It costs one pooled connection per
 * running tick (BOT_CONCURRENCY of the pool's connections at most).
 */
export async function tryBotLock(db: Db, userId: number): Promise<(() => Promise<void>) | null> {
  const client = await db.pool.connect();
  let held = false;
  try {
    const result = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1::int, $2::int) AS locked',
      [BOT_TICK_LOCK, userId],
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
      await client.query('SELECT pg_advisory_unlock($1::int, $2::int)', [BOT_TICK_LOCK, userId]);
      client.release();
    } catch (error) {
      // Destroying the connection frees the lock too.
      client.release(error as Error);
    }
  };
}
