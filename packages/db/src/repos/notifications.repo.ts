import type { Db } from '../client.js';

/** A user's notifications. */

export function listNotifications(db: Db, userId: number, limit: number) {
  return db.notification.findMany({
    where: { userId },
    orderBy: { id: 'desc' },
    take: limit,
    select: { id: true, message: true, status: true, createdAt: true },
  });
}

/**
 * Every bot notification is written here or by `insertNotifications`: a kind other than 'info'
 * is an alert event, left pending for the alerts queue (core/src/alerts/alert-dispatch.ts).
 * `at`: when it happened on the market's clock (the bot's); default the database's now.
 */
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

export async function clearNotifications(db: Db, userId: number) {
  await db.notification.deleteMany({ where: { userId } });
}
