import type { Db } from '../client.js';
import { poolRows } from '../pool-query.js';

const FIND_SETTINGS = {
  name: 'backtest_settings.find',
  text: 'SELECT settings FROM backtest_settings WHERE user_id = $1',
};

/** A user's stored backtest settings (JSON as saved), or null when they never saved any. */
export async function findBacktestSettings(db: Db, userId: number): Promise<unknown> {
  const [row] = await poolRows<{ settings: unknown }>(db, FIND_SETTINGS, [userId]);
  return row?.settings ?? null;
}

export async function saveBacktestSettings(db: Db, userId: number, settings: object) {
  await db.userBacktestSettings.upsert({
    where: { userId },
    create: { userId, settings },
    update: { settings },
    select: { userId: true },
  });
}
