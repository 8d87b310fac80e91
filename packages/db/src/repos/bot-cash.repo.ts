import type { Queryable } from '../client.js';

/**
 * Cash the broker booked outside trades (dividends), the account history: stored once each per
 * broker activity id (bot_cash_activities, migration 20261126000300_bot_truth).
 */
export interface BotCashActivityRow {
  brokerActivityId: string;
  activityType: string;
  symbol: string | null;
  qty: number | null;
  perShareAmount: number | null;
  netAmount: number;
  /** YYYY-MM-DD. */
  date: string;
  description: string | null;
}

/** The day (YYYY-MM-DD) of the newest stored activity, or null before the first. */
export async function lastCashActivityDate(db: Queryable, userId: number): Promise<string | null> {
  const row = await db.botCashActivity.aggregate({ where: { userId }, _max: { date: true } });
  return row._max.date;
}

/** Stores the activities not stored yet; returns how many were new. */
export async function insertCashActivities(
  db: Queryable,
  userId: number,
  rows: readonly BotCashActivityRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.botCashActivity.createMany({
    data: rows.map((row) => ({ userId, ...row })),
    skipDuplicates: true,
  });
  return result.count;
}

/** The user's account history, newest first (at most `limit` rows). */
export async function listCashActivities(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<BotCashActivityRow[]> {
  return db.botCashActivity.findMany({
    where: { userId },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
    take: limit,
    select: {
      brokerActivityId: true,
      activityType: true,
      symbol: true,
      qty: true,
      perShareAmount: true,
      netAmount: true,
      date: true,
      description: true,
    },
  });
}
