import {
  insertCashActivities,
  lastCashActivityDate,
  listCashActivities,
  type Db,
} from '@tradebot/db';
import { BrokerError, dayFromIso, type BrokerPort } from '@tradebot/market';
import type { TAccountHistory } from '@tradebot/api-contract';
import { cents } from '../cents.js';
import { logIgnored } from '../log-ignored.js';

/** Re-read this many days before the newest stored activity: a broker may book one late. */
const OVERLAP_DAYS = 7;
const HISTORY_ROWS = 200;

/**
 * Copies the broker's dividend activities (cash booked outside trades) into
 * bot_cash_activities, once each per broker activity id; from a week before the newest stored
 * one (the whole history the first time). A broker without them (the simulated one) has none.
 * A broker failure here is left for the next read: what is stored still shows.
 */
export async function syncCashActivities(
  db: Db,
  broker: BrokerPort,
  userId: number,
): Promise<number> {
  if (broker.getCashActivities === undefined) return 0;
  const last = await lastCashActivityDate(db, userId);
  const since = last === null ? 0 : (dayFromIso(last) - OVERLAP_DAYS) * 86_400_000;
  let rows;
  try {
    rows = await broker.getCashActivities(since);
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    logIgnored(userId, 'account activities not read, the stored history is shown', error);
    return 0;
  }
  return insertCashActivities(
    db,
    userId,
    rows.map((a) => ({
      brokerActivityId: a.id,
      activityType: a.type,
      symbol: a.symbol,
      qty: a.qty,
      perShareAmount: a.perShareAmount,
      netAmount: a.netAmount,
      date: a.date,
      description: a.description,
    })),
  );
}

/** The account history (dividends), newest first, amounts in cents. */
export async function accountHistory(db: Db, userId: number): Promise<TAccountHistory> {
  const rows = await listCashActivities(db, userId, HISTORY_ROWS);
  return {
    activities: rows.map((row) => ({
      id: row.brokerActivityId,
      date: row.date,
      type: row.activityType,
      symbol: row.symbol,
      qty: row.qty,
      per_share_amount: row.perShareAmount,
      net_amount: cents(row.netAmount),
      description: row.description,
    })),
  };
}
