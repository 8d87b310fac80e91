import type { Db, DbTx, Queryable } from '../client.js';
import { poolRows, type Statement } from '../pool-query.js';

/**
 * A user's notifications, and the alert events among them. Every notification is written here:
 * a kind other than 'info' is an alert event, left pending for the alerts queue
 * (core/src/alerts/alert-dispatch.ts).
 */

export function listNotifications(db: Db, userId: number, limit: number) {
  return db.notification.findMany({
    where: { userId },
    orderBy: { id: 'desc' },
    take: limit,
    select: { id: true, message: true, status: true, createdAt: true },
  });
}

/** A bot notification. `at`: when it happened on the market's clock; default the database's now. */
export async function createNotification(
  db: Db,
  userId: number,
  message: string,
  status: string,
  kind: string = 'info',
  at?: Date,
) {
  const row = await db.notification.create({
    data: {
      userId,
      message,
      status,
      kind,
      alertPending: kind !== 'info',
      ...(at ? { createdAt: at } : {}),
    },
    select: { id: true },
  });
  return row.id;
}

/**
 * `insertNotifications` as its own statement on the pool, each with its time (the bot's journal
 * at the end of a tick), in their order. Times are stored as UTC, as Prisma stores them.
 */
const CREATE_NOTIFICATIONS: Statement = {
  name: 'notifications.create_many',
  text: `INSERT INTO notifications (user_id, message, status, kind, alert_pending, created_at)
    SELECT $1::int, n.message, n.status, n.kind, n.kind <> 'info', n.at AT TIME ZONE 'UTC'
    FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[])
      WITH ORDINALITY AS n(message, status, kind, at, k)
    ORDER BY n.k`,
};

export async function insertNotificationsOnPool(
  db: Pick<Db, 'pool'>,
  userId: number,
  notes: readonly { message: string; status: string; kind: string; at: Date }[],
): Promise<void> {
  if (notes.length === 0) return;
  await poolRows(db, CREATE_NOTIFICATIONS, [
    userId,
    notes.map((n) => n.message),
    notes.map((n) => n.status),
    notes.map((n) => n.kind),
    notes.map((n) => n.at.toISOString()),
  ]);
}

export function countUnreadNotifications(db: Db, userId: number) {
  return db.notification.count({ where: { userId, readAt: null } });
}

/**
 * Marks read what the bell showed: the user's unread notifications up to `upToId`, so one that
 * arrived after the list was read stays unread. Returns how many it marked.
 */
export async function markNotificationsRead(db: Db, userId: number, upToId: number, at: Date) {
  const { count } = await db.notification.updateMany({
    where: { userId, readAt: null, id: { lte: upToId } },
    data: { readAt: at },
  });
  return count;
}

export async function clearNotifications(db: Db, userId: number) {
  await db.notification.deleteMany({ where: { userId } });
}

/** Notifications written in the fills' own transaction (a crash loses neither or both). */
export async function insertNotifications(
  tx: DbTx,
  userId: number,
  rows: readonly { message: string; status: string; kind?: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  // A kind other than 'info' is an alert event (see the header).
  await tx.notification.createMany({
    data: rows.map(({ kind = 'info', ...row }) => ({
      userId,
      ...row,
      kind,
      alertPending: kind !== 'info',
    })),
  });
}

/**
 * A notification of a job's outcome (screener, backtest), in the caller's transaction: an
 * interactive one's `tx`, or an element of `db.$transaction([…])`.
 */
export function addJobNotification(
  q: Queryable,
  row: { userId: number; message: string; status: 'completed' | 'failed' },
) {
  return q.notification.create({ data: row, select: { id: true } });
}

const PENDING_ALERTS = {
  name: 'notifications.pending_alerts',
  // $2 null: every user's.
  text: `SELECT id FROM notifications WHERE alert_pending AND ($2::int IS NULL OR user_id = $2)
    ORDER BY id LIMIT $1`,
};

/** Notifications not yet handed to the alerts queue, oldest first. */
export function pendingAlertEvents(db: Db, limit: number, userId?: number) {
  return poolRows<{ id: number }>(db, PENDING_ALERTS, [limit, userId ?? null]);
}

export async function markAlertEventsQueued(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.notification.updateMany({
    where: { id: { in: [...ids] } },
    data: { alertPending: false },
  });
}

export function findAlertEvent(db: Db, id: number) {
  return db.notification.findUnique({
    where: { id },
    select: { id: true, userId: true, kind: true, message: true, createdAt: true },
  });
}
