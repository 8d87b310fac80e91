import type { Db } from '../client.js';

/**
 * Alerts outside the app: settings and deliveries. The events are notifications
 * (notifications.repo.ts).
 */

export const ALERT_SETTINGS_SELECT = {
  emailEnabled: true,
  telegramEnabled: true,
  telegramTokenEnc: true,
  telegramChatId: true,
  webhookEnabled: true,
  webhookUrlEnc: true,
  webhookFormat: true,
  onFills: true,
  onRejections: true,
  onHalts: true,
  onKillSwitch: true,
  onBotErrors: true,
  onDailySummary: true,
  summarySession: true,
} as const;

export type AlertSettingsRow = {
  emailEnabled: boolean;
  telegramEnabled: boolean;
  telegramTokenEnc: string | null;
  telegramChatId: string | null;
  webhookEnabled: boolean;
  webhookUrlEnc: string | null;
  webhookFormat: string;
  onFills: boolean;
  onRejections: boolean;
  onHalts: boolean;
  onKillSwitch: boolean;
  onBotErrors: boolean;
  onDailySummary: boolean;
  summarySession: string | null;
};

/** The user's settings with the encrypted secrets (core decides what leaves). */
export function findAlertSettings(db: Db, userId: number): Promise<AlertSettingsRow | null> {
  return db.alertSettings.findUnique({ where: { userId }, select: ALERT_SETTINGS_SELECT });
}

export async function saveAlertSettings(
  db: Db,
  userId: number,
  data: Partial<Omit<AlertSettingsRow, 'summarySession'>>,
) {
  await db.alertSettings.upsert({
    where: { userId },
    create: { userId, ...data },
    update: data,
    select: { userId: true },
  });
}

/** Users with the daily summary on and the session it was last written for. */
export function usersWithDailySummary(db: Db) {
  return db.alertSettings.findMany({
    where: { onDailySummary: true },
    select: { userId: true, summarySession: true },
  });
}

/** Takes the session's summary for the user once: false when it was already taken. */
export async function takeSummarySession(db: Db, userId: number, session: string) {
  const taken = await db.alertSettings.updateMany({
    where: { userId, OR: [{ summarySession: null }, { summarySession: { lt: session } }] },
    data: { summarySession: session },
  });
  return taken.count === 1;
}

export interface DeliverySlot {
  id: number;
  status: string;
  windowStart: Date;
}

/**
 * The delivery row of an event on a channel, created once: queued while the user's channel
 * has sent fewer than `limit` in the minute window, else folded (counted in one "and N more").
 * Under a transaction-scoped advisory lock per (user), so concurrent events count exactly.
 */
export async function openDelivery(
  db: Db,
  row: { notificationId: number; userId: number; channel: string; windowStart: Date },
  limit: number,
): Promise<DeliverySlot> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(7301, ${row.userId}::int)`;
    const existing = await tx.alertDelivery.findUnique({
      where: {
        notificationId_channel: { notificationId: row.notificationId, channel: row.channel },
      },
      select: { id: true, status: true, windowStart: true },
    });
    if (existing) return existing;
    const used = await tx.alertDelivery.count({
      where: {
        userId: row.userId,
        channel: row.channel,
        windowStart: row.windowStart,
        status: { not: 'folded' },
        foldKey: null,
      },
    });
    return tx.alertDelivery.create({
      data: { ...row, status: used < limit ? 'queued' : 'folded' },
      select: { id: true, status: true, windowStart: true },
    });
  });
}

/** The row of an "and N more" message, created once per (user, channel, window). */
export async function openFoldDelivery(
  db: Db,
  row: { userId: number; channel: string; windowStart: Date; foldKey: string },
) {
  return db.alertDelivery.upsert({
    where: { foldKey: row.foldKey },
    create: { ...row, status: 'queued' },
    update: {},
    select: { id: true, status: true, windowStart: true },
  });
}

export function countFoldedDeliveries(db: Db, userId: number, channel: string, windowStart: Date) {
  return db.alertDelivery.count({ where: { userId, channel, windowStart, status: 'folded' } });
}

export interface ClaimedDelivery {
  id: number;
  userId: number;
  channel: string;
  notificationId: number | null;
  windowStart: Date;
  foldKey: string | null;
}

/**
 * Claims a delivery for sending in one conditional UPDATE: queued or failed, or a 'sending'
 * whose claim is older than the lease (its worker died). Null: delivered, folded, or busy.
 */
export async function claimDelivery(
  db: Db,
  id: number,
  leaseMs: number,
): Promise<ClaimedDelivery | null> {
  const rows = await db.$queryRaw<ClaimedDelivery[]>`
    UPDATE "alert_deliveries"
    SET "status" = 'sending', "claimed_at" = timezone('UTC', now())
    WHERE "id" = ${id}
      AND ("status" IN ('queued', 'failed')
        OR ("status" = 'sending'
          AND "claimed_at" < timezone('UTC', now()) - make_interval(secs => ${leaseMs / 1000})))
    RETURNING "id", "user_id" AS "userId", "channel", "notification_id" AS "notificationId",
      "window_start" AS "windowStart", "fold_key" AS "foldKey"`;
  return rows[0] ?? null;
}

export function findDelivery(db: Db, id: number) {
  return db.alertDelivery.findUnique({ where: { id }, select: { id: true, status: true } });
}

export async function markDeliveryDone(db: Db, id: number) {
  await db.alertDelivery.update({
    where: { id },
    data: { status: 'delivered', deliveredAt: new Date(), lastError: null },
    select: { id: true },
  });
}

export async function markDeliveryFailed(db: Db, id: number, error: string) {
  await db.alertDelivery.update({
    where: { id },
    data: { status: 'failed', lastError: error.slice(0, 500) },
    select: { id: true },
  });
}

/** The user's address for email alerts. */
export function alertEmailOf(db: Db, userId: number) {
  return db.user.findUnique({ where: { id: userId }, select: { email: true, username: true } });
}

/** What the daily summary tells: the session's closed trades, the equity, open positions. */
export async function dailySummaryFigures(db: Db, userId: number, from: Date, to: Date) {
  const [state, trades, open] = await Promise.all([
    db.botState.findUnique({ where: { userId }, select: { market: true, equity: true } }),
    db.botTrade.aggregate({
      where: { userId, exitAt: { gte: from, lte: to } },
      _count: { _all: true },
      _sum: { pnl: true },
    }),
    db.$queryRaw<{ open: number }[]>`
      SELECT count(*)::int AS "open" FROM (
        SELECT "symbol", SUM(CASE WHEN "side" = 'buy' THEN "qty" ELSE -"qty" END) AS "net"
        FROM "bot_fills" WHERE "user_id" = ${userId} GROUP BY "symbol") AS "held"
      WHERE abs("net") > 1e-9`,
  ]);
  return {
    market: state?.market ?? null,
    equity: state?.equity ?? null,
    trades: trades._count._all,
    pnl: trades._sum.pnl ?? 0,
    openPositions: open[0]?.open ?? 0,
  };
}
