import type { Db } from '../client.js';

/** A user's stored backtest settings (JSON as saved), or null when they never saved any. */
export async function findBacktestSettings(db: Db, userId: number): Promise<unknown> {
  const row = await db.userBacktestSettings.findUnique({
    where: { userId },
    select: { settings: true },
  });
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
