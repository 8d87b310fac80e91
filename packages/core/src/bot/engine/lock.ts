import { trySessionLock, type Db } from '@tradebot/db';

/** First key of the bot's advisory locks (the second is the user id). */
const BOT_TICK_LOCK = 0x626f74; // "bot"

/**
 * One tick of a user at a time: a PostgreSQL session-level advisory lock held on its own
 * connection for the whole tick (db's `trySessionLock`, a pool separate from the queries').
 * Why PostgreSQL rather than a Redis lock with an expiry: the lock lives exactly as long as the
 * tick's connection, so a slow tick (a broker that answers late) never loses it to an expiry and
 * overlaps with the next one, a killed worker's lock is freed the moment its connection drops,
 * and a Redis flush cannot release it. Null: another tick of the user holds it.
 */
export function tryBotLock(db: Db, userId: number): Promise<(() => Promise<void>) | null> {
  return trySessionLock(db, BOT_TICK_LOCK, userId);
}

/**
 * Waits (up to `maxWaitMs`) for the user's tick lock, so Quick Sell and the kill switch never
 * act on a symbol while a tick is deciding it (a tick and a Quick Sell could otherwise both
 * close one position). A tick holds it for about a second; null when it was not freed in time.
 */
export async function waitForBotLock(
  db: Db,
  userId: number,
  maxWaitMs = 15_000,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<(() => Promise<void>) | null> {
  for (let waited = 0; ; waited += 100) {
    const release = await tryBotLock(db, userId);
    if (release !== null || waited >= maxWaitMs) return release;
    await pause(100);
  }
}
