import type { Prisma } from '../generated/prisma/client.js';
import type { Queryable } from '../client.js';

/**
 * The bot's storage (migration 20261124000200_bot): its log, its state row and its tracked
 * symbols. Order intents are in bot-orders.repo.ts.
 */

/**
 * Appends lines to the bot's log (market time `at`); a line with an event key already logged for
 * the user is skipped. Returns the event keys written now.
 */
export async function appendBotLogs(
  db: Queryable,
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
export async function recentBotLogs(db: Queryable, userId: number, limit: number) {
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

export async function findBotState(db: Queryable, userId: number): Promise<BotStateRow | null> {
  return db.botState.findUnique({ where: { userId }, select: botStateSelect });
}

/** What a tick that ran stores of the account; returns the bot's last activity and running flag. */
export interface BotTickState {
  equity: number;
  cash: number;
  buyingPower: number;
  peakEquity: number;
  day: string;
  dayStartEquity: number;
  halted: boolean;
  haltReason: string | null;
  lastTickAt: Date;
  /** Left as stored when not given. */
  lastActivity?: Date;
}

export async function storeTickState(db: Queryable, userId: number, tick: BotTickState) {
  return db.botState.update({
    where: { userId },
    data: { ...tick, lastError: null },
    select: { lastActivity: true, running: true },
  });
}

/** Stores a tick's error (and, when given, the market time of the tick that failed). */
export async function storeTickError(
  db: Queryable,
  userId: number,
  lastError: string,
  lastTickAt?: Date,
): Promise<void> {
  await db.botState.update({
    where: { userId },
    data: { lastError, ...(lastTickAt === undefined ? {} : { lastTickAt }) },
  });
}

/** Each tracked symbol's last decided bar (YYYY-MM-DD). */
export async function lastDecidedDays(
  db: Queryable,
  userId: number,
): Promise<Map<string, string | null>> {
  const rows = await db.botSymbol.findMany({
    where: { userId },
    select: { symbol: true, lastDecidedOn: true },
  });
  return new Map(rows.map((row) => [row.symbol, row.lastDecidedOn]));
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
  db: Queryable,
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
