import type { Db, DbTx } from '../client.js';

type Q = Db | DbTx;

/**
 * The bot's fills and the round trips they close (bot_fills, bot_trades). Fills are stored once
 * each (unique per user and broker fill id) and trades once per closing fill, so a sync that
 * runs twice, or two at once, stores nothing twice.
 */
export interface BotFillRow {
  brokerFillId: string;
  brokerOrderId: string;
  symbol: string;
  side: 'buy' | 'sell';
  qty: number;
  price: number;
  commission: number;
  reason: string | null;
  time: Date;
}

/** Serialises one user's fill syncs (the tick and a read may sync at once). */
export async function lockBotFills(tx: DbTx, userId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('bot_fills'), ${userId}::int)`;
}

/** Time of the newest stored fill, or null before the first. */
export async function lastBotFillTime(db: Q, userId: number): Promise<Date | null> {
  const row = await db.botFill.aggregate({ where: { userId }, _max: { time: true } });
  return row._max.time;
}

/** Stores the fills not stored yet; returns those this call stored. */
export async function insertBotFills(
  tx: DbTx,
  userId: number,
  fills: readonly BotFillRow[],
): Promise<BotFillRow[]> {
  if (fills.length === 0) return [];
  const known = await tx.botFill.findMany({
    where: { userId, brokerFillId: { in: fills.map((f) => f.brokerFillId) } },
    select: { brokerFillId: true },
  });
  const stored = new Set(known.map((k) => k.brokerFillId));
  const fresh = fills.filter((f) => !stored.has(f.brokerFillId));
  if (fresh.length === 0) return [];
  await tx.botFill.createMany({
    data: fresh.map((f) => ({ userId, ...f })),
    skipDuplicates: true,
  });
  return fresh;
}

/** Every stored fill of `symbols`, in time order (ties by the order they were stored). */
export async function botFillsOf(
  db: Q,
  userId: number,
  symbols: readonly string[],
): Promise<BotFillRow[]> {
  const rows = await db.botFill.findMany({
    where: { userId, symbol: { in: [...symbols] } },
    orderBy: [{ time: 'asc' }, { id: 'asc' }],
    select: fillSelect,
  });
  return rows as BotFillRow[];
}

/** The fills of one symbol since `from` (the price chart). */
export async function botFillsSince(db: Q, userId: number, symbol: string, from: Date) {
  const rows = await db.botFill.findMany({
    where: { userId, symbol, time: { gte: from } },
    orderBy: [{ time: 'asc' }, { id: 'asc' }],
    select: fillSelect,
  });
  return rows as BotFillRow[];
}

const fillSelect = {
  brokerFillId: true,
  brokerOrderId: true,
  symbol: true,
  side: true,
  qty: true,
  price: true,
  commission: true,
  reason: true,
  time: true,
} as const;

/** The intents behind broker orders (purpose and request), by broker order id. */
export async function intentsByBrokerOrder(db: Q, userId: number, brokerOrderIds: string[]) {
  const rows = await db.botOrder.findMany({
    where: { userId, brokerOrderId: { in: brokerOrderIds } },
    select: { brokerOrderId: true, purpose: true, request: true },
  });
  return new Map(rows.map((row) => [row.brokerOrderId as string, row]));
}

/** Market time of the user's first order intent (fills before it are not the bot's news). */
export async function firstBotOrderTime(db: Q, userId: number): Promise<Date | null> {
  const row = await db.botOrder.aggregate({ where: { userId }, _min: { createdAt: true } });
  return row._min.createdAt;
}

export interface BotTradeRow {
  symbol: string;
  side: 'long' | 'short';
  qty: number;
  entryPrice: number;
  exitPrice: number;
  entryAt: Date;
  exitAt: Date;
  pnl: number;
  reason: string | null;
  exitFillId: string;
}

/** Stores the round trips not stored yet (one per closing fill); returns how many were new. */
export async function insertBotTrades(
  tx: DbTx,
  userId: number,
  trades: readonly BotTradeRow[],
): Promise<number> {
  if (trades.length === 0) return 0;
  const result = await tx.botTrade.createMany({
    data: trades.map((t) => ({ userId, ...t })),
    skipDuplicates: true,
  });
  return result.count;
}

/** Every closed trade of the user, oldest exit first. */
export async function listBotTrades(db: Q, userId: number): Promise<BotTradeRow[]> {
  const rows = await db.botTrade.findMany({
    where: { userId },
    orderBy: [{ exitAt: 'asc' }, { id: 'asc' }],
    select: {
      symbol: true,
      side: true,
      qty: true,
      entryPrice: true,
      exitPrice: true,
      entryAt: true,
      exitAt: true,
      pnl: true,
      reason: true,
      exitFillId: true,
    },
  });
  return rows as BotTradeRow[];
}

/** Notifications written in the fills' own transaction (a crash loses neither or both). */
export async function insertNotifications(
  tx: DbTx,
  userId: number,
  rows: readonly { message: string; status: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.notification.createMany({ data: rows.map((row) => ({ userId, ...row })) });
}
