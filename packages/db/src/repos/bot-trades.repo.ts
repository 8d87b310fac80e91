import type { Db, DbTx, Queryable } from '../client.js';
import { poolRows } from '../pool-query.js';
import { CLOSING_ORDER_PURPOSES } from './bot-orders.repo.js';

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
  /** The broker's order within one millisecond (see BrokerFill.sequence); null when it has none. */
  seq: string | null;
}

/** Serialises one user's fill syncs (the tick and a read may sync at once). */
export async function lockBotFills(tx: DbTx, userId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('bot_fills'), ${userId}::int)`;
}

const FILL_SYNC_START = {
  name: 'bot_fills.sync_start',
  text: `SELECT (SELECT max(time) FROM bot_fills WHERE user_id = $1) AS "lastFillTime",
    ARRAY(SELECT DISTINCT t.symbol FROM bot_trades t
      JOIN bot_fills f ON f.user_id = t.user_id AND f.broker_fill_id = t.exit_fill_id
      JOIN bot_orders o ON o.user_id = t.user_id AND o.broker_order_id = f.broker_order_id
      WHERE t.user_id = $1 AND t.reason IS NULL AND f.reason IS NULL
        AND o.purpose = ANY($2::text[])) AS "reasonToFill"`,
};

/**
 * What a fill sync starts from, in one read: the time of the newest stored fill (null before
 * the first), and the symbols with a trade stored without a reason whose closing fill's order is
 * now known to be one of ours (an order whose answer was lost, identified after its fill was
 * synced): their trades are replayed to take the reason.
 */
export async function readFillSyncStart(
  db: Db,
  userId: number,
): Promise<{ lastFillTime: Date | null; reasonToFill: string[] }> {
  const [row] = await poolRows<{ lastFillTime: Date | null; reasonToFill: string[] }>(
    db,
    FILL_SYNC_START,
    [userId, ['entry', ...CLOSING_ORDER_PURPOSES]],
  );
  return row ?? { lastFillTime: null, reasonToFill: [] };
}

/**
 * Stores the fills not stored yet; returns those this call stored, and the symbols of stored
 * fills that had no sequence and now get the broker's (stored before the broker's order was
 * kept: their trades are replayed).
 */
export async function insertBotFills(
  tx: DbTx,
  userId: number,
  fills: readonly BotFillRow[],
): Promise<{ fresh: BotFillRow[]; resequenced: string[] }> {
  if (fills.length === 0) return { fresh: [], resequenced: [] };
  const known = await tx.botFill.findMany({
    where: { userId, brokerFillId: { in: fills.map((f) => f.brokerFillId) } },
    select: { brokerFillId: true, seq: true },
  });
  const stored = new Map(known.map((k) => [k.brokerFillId, k.seq]));
  const resequence = fills.filter(
    (f) => f.seq !== null && stored.has(f.brokerFillId) && stored.get(f.brokerFillId) === null,
  );
  for (const f of resequence)
    await tx.botFill.updateMany({
      where: { userId, brokerFillId: f.brokerFillId },
      data: { seq: f.seq },
    });
  const resequenced = [...new Set(resequence.map((f) => f.symbol))];
  const fresh = fills.filter((f) => !stored.has(f.brokerFillId));
  if (fresh.length === 0) return { fresh: [], resequenced };
  await tx.botFill.createMany({
    data: fresh.map((f) => ({ userId, ...f })),
    skipDuplicates: true,
  });
  return { fresh, resequenced };
}

/**
 * The broker's order: time, then its sequence key, then the order they were stored in (fills
 * without a key are listed by the broker in order and stored so).
 */
const chronological = [
  { time: 'asc' as const },
  { seq: { sort: 'asc' as const, nulls: 'last' as const } },
  { id: 'asc' as const },
];

/** Every stored fill of `symbols`, in the broker's order. */
export async function botFillsOf(
  db: Queryable,
  userId: number,
  symbols: readonly string[],
): Promise<BotFillRow[]> {
  const rows = await db.botFill.findMany({
    where: { userId, symbol: { in: [...symbols] } },
    orderBy: chronological,
    select: fillSelect,
  });
  return rows as BotFillRow[];
}

/** The fills of one symbol since `from` (the price chart). */
export async function botFillsSince(db: Queryable, userId: number, symbol: string, from: Date) {
  const rows = await db.botFill.findMany({
    where: { userId, symbol, time: { gte: from } },
    orderBy: chronological,
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
  seq: true,
} as const;

/** The intents behind broker orders (purpose and request), by broker order id. */
export async function intentsByBrokerOrder(
  db: Queryable,
  userId: number,
  brokerOrderIds: string[],
) {
  const rows = await db.botOrder.findMany({
    where: { userId, brokerOrderId: { in: brokerOrderIds } },
    select: { brokerOrderId: true, purpose: true, request: true },
  });
  return new Map(rows.map((row) => [row.brokerOrderId as string, row]));
}

/** Market time of the user's first order intent (fills before it are not the bot's news). */
export async function firstBotOrderTime(db: Queryable, userId: number): Promise<Date | null> {
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

/**
 * Makes one symbol's stored trades those of the replay of all its fills: new ones are stored, a
 * changed one (its reason, once its order is identified) is updated, and one the replay no longer
 * gives (stored from fills in a wrong order) is removed. Returns how many were new.
 */
export async function replaceBotTrades(
  tx: DbTx,
  userId: number,
  symbol: string,
  trades: readonly BotTradeRow[],
): Promise<number> {
  const stored = await tx.botTrade.findMany({ where: { userId, symbol }, select: tradeSelect });
  const byExit = new Map(stored.map((t) => [t.exitFillId, t as BotTradeRow]));
  const keep = new Set(trades.map((t) => t.exitFillId));
  const gone = stored.filter((t) => !keep.has(t.exitFillId)).map((t) => t.exitFillId);
  if (gone.length > 0)
    await tx.botTrade.deleteMany({ where: { userId, exitFillId: { in: gone } } });
  const fresh = trades.filter((t) => !byExit.has(t.exitFillId));
  for (const trade of trades) {
    const old = byExit.get(trade.exitFillId);
    if (old === undefined || sameTrade(old, trade)) continue;
    await tx.botTrade.update({
      where: { userId_exitFillId: { userId, exitFillId: trade.exitFillId } },
      data: { ...trade },
    });
  }
  if (fresh.length === 0) return 0;
  const result = await tx.botTrade.createMany({
    data: fresh.map((t) => ({ userId, ...t })),
    skipDuplicates: true,
  });
  return result.count;
}

function sameTrade(a: BotTradeRow, b: BotTradeRow): boolean {
  return (
    a.symbol === b.symbol &&
    a.side === b.side &&
    a.qty === b.qty &&
    a.entryPrice === b.entryPrice &&
    a.exitPrice === b.exitPrice &&
    a.entryAt.getTime() === b.entryAt.getTime() &&
    a.exitAt.getTime() === b.exitAt.getTime() &&
    a.pnl === b.pnl &&
    a.reason === b.reason
  );
}

const tradeSelect = {
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
} as const;

/** Every closed trade of the user, oldest exit first. */
export async function listBotTrades(db: Queryable, userId: number): Promise<BotTradeRow[]> {
  const rows = await db.botTrade.findMany({
    where: { userId },
    orderBy: [{ exitAt: 'asc' }, { id: 'asc' }],
    select: tradeSelect,
  });
  return rows as BotTradeRow[];
}

/** Per symbol, the newest filled entry intent: its fill price and request (bracket levels). */
export async function lastFilledEntries(db: Queryable, userId: number, symbols: string[]) {
  const rows = await db.botOrder.findMany({
    where: { userId, symbol: { in: symbols }, purpose: 'entry', filledAvgPrice: { not: null } },
    orderBy: { createdAt: 'asc' },
    select: { symbol: true, filledAvgPrice: true, request: true },
  });
  return new Map(rows.map((row) => [row.symbol, row]));
}
