import { AppError, server } from '@tradebot/api-contract';
import { trySessionLock, type Db } from '@tradebot/db';

/** First key of the bot-control advisory lock (the second is the user id): "bctl". */
const BOT_CONTROL_LOCK = 0x6263746c;

type Release = () => Promise<void>;

/**
 * One bot action of a user at a time (Start, Stop, Restart, Quick Sell, the kill switch): a
 * PostgreSQL session-level advisory lock on a connection of the lock pool (db's
 * `trySessionLock`). Nothing waits inside PostgreSQL for it and no request holds a connection of
 * the main pool while it waits, so a burst of one user's clicks cannot take the pool every other
 * user's requests need. Null: another action of the user holds it.
 */
export function tryBotControlLock(db: Db, userId: number): Promise<Release | null> {
  return trySessionLock(db, BOT_CONTROL_LOCK, userId);
}

/** Runs `work` under the user's bot-control lock, or refuses at once (409) when it is held. */
export async function withBotControl<T>(
  db: Db,
  userId: number,
  work: () => Promise<T>,
): Promise<T> {
  const release = await tryBotControlLock(db, userId);
  if (release === null) throw new AppError('CONFLICT', server.botActionInProgress);
  try {
    return await work();
  } finally {
    await release();
  }
}

/**
 * Waits for the user's bot-control lock (the kill switch: it must happen, so it queues behind
 * the Start or Stop in flight, which takes milliseconds). Between tries it holds no connection.
 * Null when it was not freed within `maxWaitMs`.
 */
export async function waitForBotControl(
  db: Db,
  userId: number,
  maxWaitMs = 30_000,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<Release | null> {
  for (let waited = 0; ; waited += 25) {
    const release = await tryBotControlLock(db, userId);
    if (release !== null || waited >= maxWaitMs) return release;
    await pause(25);
  }
}
