import type { Prisma } from '../generated/prisma/client.js';
import type { Db, DbTx } from '../client.js';

/**
 * The bot's storage (migration 20261124000200_bot). Order intents are the safety-critical part:
 * `recordOrderIntent` inserts once per (user, client order id) and returns the stored row when it
 * exists, so a re-run tick finds its earlier intent instead of making a second one.
 */
export type BotOrderStatus =
  | 'pending'
  | 'sent'
  | 'unknown'
  | 'new'
  | 'partially_filled'
  | 'filled'
  | 'canceled'
  | 'expired'
  | 'rejected'
  | 'failed';

export type BotOrderPurpose = 'entry' | 'exit' | 'protective' | 'manual_sell' | 'flatten';

export interface BotOrderRow {
  id: number;
  clientOrderId: string;
  symbol: string;
  purpose: BotOrderPurpose;
  side: 'buy' | 'sell';
  qty: number;
  request: unknown;
  decidedOn: string | null;
  status: BotOrderStatus;
  brokerOrderId: string | null;
  filledQty: number;
  filledAvgPrice: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

const orderSelect = {
  id: true,
  clientOrderId: true,
  symbol: true,
  purpose: true,
  side: true,
  qty: true,
  request: true,
  decidedOn: true,
  status: true,
  brokerOrderId: true,
  filledQty: true,
  filledAvgPrice: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
} as const;

export interface NewBotOrder {
  userId: number;
  clientOrderId: string;
  symbol: string;
  purpose: BotOrderPurpose;
  side: 'buy' | 'sell';
  qty: number;
  request: Prisma.InputJsonValue;
  decidedOn: string | null;
  /** Market time of the decision. */
  createdAt: Date;
}

/** Inserts the intent as `pending`, or returns the row already stored under its client order id. */
export async function recordOrderIntent(db: Db | DbTx, order: NewBotOrder): Promise<BotOrderRow> {
  await db.botOrder.createMany({ data: [{ ...order, status: 'pending' }], skipDuplicates: true });
  const row = await db.botOrder.findUniqueOrThrow({
    where: { userId_clientOrderId: { userId: order.userId, clientOrderId: order.clientOrderId } },
    select: orderSelect,
  });
  return row as BotOrderRow;
}

export interface BotOrderChange {
  status?: BotOrderStatus;
  brokerOrderId?: string | null;
  filledQty?: number;
  filledAvgPrice?: number | null;
  lastError?: string | null;
  sentAt?: Date;
  /** Adds one to `attempts` (a send was tried). */
  attempted?: boolean;
}

export async function updateOrderIntent(
  db: Db | DbTx,
  userId: number,
  clientOrderId: string,
  change: BotOrderChange,
): Promise<void> {
  const { attempted, ...rest } = change;
  await db.botOrder.update({
    where: { userId_clientOrderId: { userId, clientOrderId } },
    data: { ...rest, ...(attempted ? { attempts: { increment: 1 } } : {}) },
  });
}

/** Intents not yet settled (pending, sent, unknown, new, partially_filled), oldest first. */
export async function unsettledOrderIntents(db: Db | DbTx, userId: number): Promise<BotOrderRow[]> {
  const rows = await db.botOrder.findMany({
    where: { userId, status: { in: ['pending', 'sent', 'unknown', 'new', 'partially_filled'] } },
    orderBy: { id: 'asc' },
    select: orderSelect,
  });
  return rows as BotOrderRow[];
}

export async function findOrderIntent(
  db: Db | DbTx,
  userId: number,
  clientOrderId: string,
): Promise<BotOrderRow | null> {
  const row = await db.botOrder.findUnique({
    where: { userId_clientOrderId: { userId, clientOrderId } },
    select: orderSelect,
  });
  return row as BotOrderRow | null;
}

/**
 * Appends lines to the bot's log (market time `at`); a line with an event key already logged for
 * the user is skipped. Returns the event keys written now.
 */
export async function appendBotLogs(
  db: Db | DbTx,
  userId: number,
  lines: readonly {
    at: Date;
    level: 'info' | 'warn' | 'error';
    message: string;
    eventKey?: string | null;
  }[],
): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  // A line whose event is already logged (a tick re-run after a crash) is left out.
  const rows = await db.botLog.createManyAndReturn({
    data: lines.map((line) => ({ userId, ...line })),
    skipDuplicates: true,
    select: { eventKey: true },
  });
  return new Set(rows.flatMap((row) => (row.eventKey === null ? [] : [row.eventKey])));
}

/** The newest `limit` lines, oldest first. */
export async function recentBotLogs(db: Db | DbTx, userId: number, limit: number) {
  const rows = await db.botLog.findMany({
    where: { userId },
    orderBy: { id: 'desc' },
    take: limit,
    select: { id: true, at: true, level: true, message: true },
  });
  return rows.reverse().map((row) => ({ ...row, id: Number(row.id) }));
}

export const botStateSelect = {
  running: true,
  market: true,
  mode: true,
  sleepInterval: true,
  startedAt: true,
  stoppedAt: true,
  lastTickAt: true,
  lastActivity: true,
  halted: true,
  haltReason: true,
  peakEquity: true,
  day: true,
  dayStartEquity: true,
  equity: true,
  cash: true,
  buyingPower: true,
  lastError: true,
} as const;

export type BotStateRow = Prisma.BotStateGetPayload<{ select: typeof botStateSelect }>;

export async function findBotState(db: Db | DbTx, userId: number): Promise<BotStateRow | null> {
  return db.botState.findUnique({ where: { userId }, select: botStateSelect });
}

/** What a tick stores of one decided symbol (bot_symbols). */
export interface BotSymbolRow {
  symbol: string;
  lastDecidedOn: string;
  lastPrice: number | null;
  rsi: number | null;
  atr: number | null;
  macd: number | null;
}

/**
 * Writes a tick's decided symbols in one statement (insert or update each (user, symbol) row):
 * one round trip a tick instead of one a symbol. Values travel as one JSON array.
 */
export async function upsertBotSymbols(
  db: Db | DbTx,
  userId: number,
  rows: readonly BotSymbolRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      symbol: r.symbol,
      last_decided_on: r.lastDecidedOn,
      last_price: r.lastPrice,
      rsi: r.rsi,
      atr: r.atr,
      macd: r.macd,
    })),
  );
  await db.$executeRaw`
    INSERT INTO bot_symbols (user_id, symbol, last_decided_on, last_price, rsi, atr, macd, updated_at)
    SELECT ${userId}, x.symbol, x.last_decided_on, x.last_price, x.rsi, x.atr, x.macd, now()
    FROM jsonb_to_recordset(${json}::jsonb) AS x(
      symbol text, last_decided_on text, last_price float8, rsi float8, atr float8, macd float8)
    ON CONFLICT (user_id, symbol) DO UPDATE SET
      last_decided_on = EXCLUDED.last_decided_on,
      last_price = EXCLUDED.last_price,
      rsi = EXCLUDED.rsi,
      atr = EXCLUDED.atr,
      macd = EXCLUDED.macd,
      updated_at = now()`;
}
