import type { Db, DbTx, Queryable } from '../client.js';
import { poolRows } from '../pool-query.js';
import { Prisma } from '../generated/prisma/client.js';
import type { UniverseName } from '../market-names.js';

/**
 * Optimized Parameters ⇄ Final Trading List. A symbol is in at most one of the two: a move
 * deletes the rows from one table and inserts exactly those rows (parameters, profit,
 * original_parameters) into the other in one statement, so nothing is lost. Callers run these
 * inside a transaction that holds `lockStockLists` (stock-lists.repo.ts).
 */

/** The two lists a move goes between (fixed identifiers, never user input). */
const LIST_TABLES = {
  optimized: Prisma.raw('optimized_parameters'),
  final: Prisma.raw('final_trading_list_entries'),
} as const;

/** Moves the symbols that are in list `from` to list `to` (the rows as they are); returns them. */
async function moveRows(
  tx: DbTx,
  userId: number,
  symbols: readonly string[],
  from: keyof typeof LIST_TABLES,
  to: keyof typeof LIST_TABLES,
): Promise<string[]> {
  const rows = await tx.$queryRaw<{ symbol: string }[]>`
    WITH moved AS (
      DELETE FROM ${LIST_TABLES[from]}
      WHERE user_id = ${userId} AND symbol = ANY(${symbols}::text[])
      RETURNING symbol, parameters, profit, original_parameters)
    INSERT INTO ${LIST_TABLES[to]} (user_id, symbol, parameters, profit, original_parameters)
    SELECT ${userId}, symbol, parameters, profit, original_parameters FROM moved
    ON CONFLICT (user_id, symbol) DO UPDATE SET parameters = EXCLUDED.parameters,
      profit = EXCLUDED.profit, original_parameters = EXCLUDED.original_parameters,
      updated_at = CURRENT_TIMESTAMP
    RETURNING symbol`;
  return rows.map((row) => row.symbol).sort();
}

/** Moves the symbols that are in Optimized Parameters to the Final Trading List; returns them. */
export const moveToFinalList = (tx: DbTx, userId: number, symbols: readonly string[]) =>
  moveRows(tx, userId, symbols, 'optimized', 'final');

/** Moves the symbols that are on the Final Trading List back to Optimized Parameters. */
export const moveToOptimized = (tx: DbTx, userId: number, symbols: readonly string[]) =>
  moveRows(tx, userId, symbols, 'final', 'optimized');

/** Deletes symbols from Optimized Parameters; returns those that were there. */
export async function removeOptimizedParameters(
  tx: DbTx,
  userId: number,
  symbols: readonly string[],
): Promise<string[]> {
  const rows = await tx.$queryRaw<{ symbol: string }[]>`
    DELETE FROM optimized_parameters WHERE user_id = ${userId} AND symbol = ANY(${symbols}::text[])
    RETURNING symbol`;
  return rows.map((row) => row.symbol).sort();
}

/** Every Optimized Parameters row back to its original parameters (or `defaults` without). */
export async function resetOptimizedParameters(
  tx: DbTx,
  userId: number,
  defaults: object,
): Promise<string[]> {
  const rows = await tx.$queryRaw<{ symbol: string }[]>`
    UPDATE optimized_parameters
    SET parameters = COALESCE(original_parameters, ${JSON.stringify(defaults)}::jsonb),
      updated_at = CURRENT_TIMESTAMP
    WHERE user_id = ${userId}
    RETURNING symbol`;
  return rows.map((row) => row.symbol).sort();
}

/** The symbols on the user's Final Trading List. */
export async function finalListSymbols(db: Queryable, userId: number): Promise<Set<string>> {
  const rows = await db.finalTradingListEntry.findMany({
    where: { userId },
    select: { symbol: true },
  });
  return new Set(rows.map((row) => row.symbol));
}

/** Which of `symbols` are on the user's Final Trading List. */
export async function onFinalList(db: Queryable, userId: number, symbols: readonly string[]) {
  const rows = await db.finalTradingListEntry.findMany({
    where: { userId, symbol: { in: [...symbols] } },
    select: { symbol: true },
    orderBy: { symbol: 'asc' },
  });
  return rows.map((row) => row.symbol);
}

const LIST_PARAMETERS = {
  name: 'final_trading_list_entries.parameters',
  // $2 null: every symbol on the list.
  text: `SELECT symbol, parameters FROM final_trading_list_entries
    WHERE user_id = $1 AND ($2::text[] IS NULL OR symbol = ANY($2::text[]))
    ORDER BY symbol`,
};

/** The stored parameters of the user's Final Trading List symbols (of `symbols`, or all), A to Z. */
export async function finalListParameters(db: Db, userId: number, symbols?: readonly string[]) {
  return poolRows<{ symbol: string; parameters: unknown }>(db, LIST_PARAMETERS, [
    userId,
    symbols ?? null,
  ]);
}

/** Replaces the parameters of Final Trading List rows (symbol → parameters). */
export async function setFinalListParameters(
  tx: DbTx,
  userId: number,
  entries: readonly { symbol: string; parameters: object }[],
): Promise<void> {
  if (entries.length === 0) return;
  const symbols = entries.map((entry) => entry.symbol);
  const parameters = entries.map((entry) => JSON.stringify(entry.parameters));
  await tx.$executeRaw`
    UPDATE final_trading_list_entries f
    SET parameters = v.p::jsonb, updated_at = CURRENT_TIMESTAMP
    FROM unnest(${symbols}::text[], ${parameters}::text[]) AS v(s, p)
    WHERE f.user_id = ${userId} AND f.symbol = v.s`;
}

/** One Final Trading List row with what the universe knows of the stock. */
export interface FinalListRow {
  symbol: string;
  parameters: unknown;
  domain: string | null;
  close: number | null;
  rsi: number | null;
  atr: number | null;
  macd: number | null;
}

/** The Final Trading List, with the domain and latest metrics of the universe's listing. */
export async function listFinalTradingEntries(
  db: Queryable,
  userId: number,
  universe: UniverseName,
): Promise<FinalListRow[]> {
  return db.$queryRaw<FinalListRow[]>`
    SELECT f.symbol, f.parameters, c.domain, m.last_price AS close, m.rsi, m.atr, m.macd
    FROM final_trading_list_entries f
    LEFT JOIN companies c ON c.source = ${universe}::"UniverseSource" AND c.symbol = f.symbol
    LEFT JOIN stock_metrics m ON m.company_id = c.id
    WHERE f.user_id = ${userId}
    ORDER BY f.symbol COLLATE "C"`;
}

/** Replaces the user's Undo with the symbols of this move. */
export async function setUndo(tx: DbTx, userId: number, symbols: readonly string[]) {
  await tx.finalListUndo.upsert({
    where: { userId },
    create: { userId, symbols: [...symbols] },
    update: { symbols: [...symbols], movedAt: new Date() },
    select: { userId: true },
  });
}

/** The symbols of the user's last move to the Final Trading List that are still on it. */
export async function undoableSymbols(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ symbol: string }[]>`
    SELECT f.symbol FROM final_list_undo u
    JOIN final_trading_list_entries f ON f.user_id = u.user_id AND f.symbol = ANY(u.symbols)
    WHERE u.user_id = ${userId}
    ORDER BY f.symbol COLLATE "C"`;
  return rows.map((row) => row.symbol);
}

export async function clearUndo(tx: DbTx, userId: number): Promise<void> {
  await tx.finalListUndo.deleteMany({ where: { userId } });
}
