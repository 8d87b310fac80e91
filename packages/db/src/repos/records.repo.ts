import type { Db } from '../client.js';

/** Subscriptions, notifications, one-time tokens and client error reports. */

export function findSubscription(db: Db, userId: number) {
  return db.subscription.findUnique({
    where: { userId },
    select: { plan: true, status: true, trialEndsAt: true, currentPeriodEnd: true },
  });
}

export async function setSubscription(
  db: Db,
  userId: number,
  value: {
    plan: 'trial' | 'basic' | 'premium';
    status: 'trialing' | 'active' | 'pending_payment' | 'canceled' | 'expired';
    currentPeriodEnd: Date | null;
    grantedById: number | null;
  },
) {
  await db.subscription.upsert({
    where: { userId },
    create: { userId, ...value },
    update: value,
    select: { id: true },
  });
}

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

/** A new token of a kind replaces the user's earlier unused ones. */
export async function createOneTimeToken(
  db: Db,
  token: {
    userId: number;
    kind: 'password_reset' | 'email_verify';
    tokenHash: string;
    expiresAt: Date;
  },
) {
  await db.$transaction([
    db.oneTimeToken.updateMany({
      where: { userId: token.userId, kind: token.kind, usedAt: null },
      data: { usedAt: new Date() },
    }),
    db.oneTimeToken.create({ data: token, select: { id: true } }),
  ]);
}

/** Spends a token once, atomically; returns its user id, or null when unknown, used or expired. */
export async function consumeOneTimeToken(
  db: Db,
  tokenHash: string,
  kind: 'password_reset' | 'email_verify',
  now: Date,
) {
  const rows = await db.$queryRaw<{ user_id: number }[]>`
    UPDATE "one_time_tokens" SET "used_at" = ${now}
    WHERE "token_hash" = ${tokenHash} AND "kind" = ${kind}::"OneTimeTokenKind" AND "used_at" IS NULL AND "expires_at" > ${now}
    RETURNING "user_id"`;
  return rows[0]?.user_id ?? null;
}

export async function createClientErrorReport(
  db: Db,
  report: {
    errorId: string;
    message: string;
    stack: string | null;
    url: string | null;
    userAgent: string | null;
    userRef: string | null;
    userId: number | null;
    errorCount: number;
    reportedAt: Date | null;
    ip: string | null;
  },
) {
  await db.clientErrorReport.create({ data: report, select: { id: true } });
}

export function listClientErrorReports(db: Db, limit: number) {
  return db.clientErrorReport.findMany({
    orderBy: { id: 'desc' },
    take: limit,
    select: {
      id: true,
      errorId: true,
      message: true,
      stack: true,
      url: true,
      userAgent: true,
      userRef: true,
      userId: true,
      errorCount: true,
      createdAt: true,
    },
  });
}
