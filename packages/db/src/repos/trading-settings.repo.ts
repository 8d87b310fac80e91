import type { Queryable } from '../client.js';

/** A user's stored general trading settings (JSON as saved), or null when they never saved any. */
export async function findTradingSettings(db: Queryable, userId: number): Promise<unknown> {
  const row = await db.userTradingSettings.findUnique({
    where: { userId },
    select: { settings: true },
  });
  return row?.settings ?? null;
}

export async function saveTradingSettings(db: Queryable, userId: number, settings: object) {
  await db.userTradingSettings.upsert({
    where: { userId },
    create: { userId, settings },
    update: { settings },
    select: { userId: true },
  });
}
