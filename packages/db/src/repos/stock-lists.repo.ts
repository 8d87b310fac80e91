import type { Db, DbTx, Queryable } from '../client.js';

/**
 * The user's stock lists (backtesting list, Optimized Parameters, Final Trading List). Symbols
 * arrive upper-case and deduplicated (api-contract's ZSymbols); a pair is in a list at most once.
 */

/** Database access outside or inside an interactive transaction. */

/**
 * Serialises the changes of one user's Optimized Parameters and Final Trading List: every
 * transaction that changes either takes this first (a transaction-scoped advisory lock, released
 * at commit or rollback), so two tabs moving the same stocks at once run one after the other.
 */
export async function lockStockLists(tx: DbTx, userId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('stock_lists'), ${userId}::int)`;
}

/** Adds symbols to the backtesting list; returns those that were not on it yet. */
export async function addBacktestSymbols(
  db: Db,
  userId: number,
  symbols: readonly string[],
): Promise<string[]> {
  const rows = await db.$queryRaw<{ symbol: string }[]>`
    INSERT INTO backtest_list_entries (user_id, symbol)
    SELECT ${userId}, s FROM unnest(${symbols}::text[]) AS s
    ON CONFLICT (user_id, symbol) DO NOTHING
    RETURNING symbol`;
  return rows.map((row) => row.symbol);
}

/** The backtesting list in the order symbols were added. */
export async function listBacktestSymbols(db: Db, userId: number): Promise<string[]> {
  const rows = await db.backtestListEntry.findMany({
    where: { userId },
    orderBy: [{ addedAt: 'asc' }, { symbol: 'asc' }],
    select: { symbol: true },
  });
  return rows.map((row) => row.symbol);
}

/** Removes symbols from the backtesting list; returns those that were on it. */
export async function removeBacktestSymbols(
  db: Db,
  userId: number,
  symbols: readonly string[],
): Promise<string[]> {
  const rows = await db.$queryRaw<{ symbol: string }[]>`
    DELETE FROM backtest_list_entries WHERE user_id = ${userId} AND symbol = ANY(${symbols}::text[])
    RETURNING symbol`;
  return rows.map((row) => row.symbol);
}

/**
 * Adds symbols to Optimized Parameters with the given parameters (also kept as the original
 * values "Reset" restores); a symbol already there keeps its (possibly optimized) parameters.
 * Returns the symbols added.
 */
export async function addOptimizedParameters(
  db: Queryable,
  userId: number,
  symbols: readonly string[],
  parameters: object,
): Promise<string[]> {
  const json = JSON.stringify(parameters);
  const rows = await db.$queryRaw<{ symbol: string }[]>`
    INSERT INTO optimized_parameters (user_id, symbol, parameters, original_parameters)
    SELECT ${userId}, s, ${json}::jsonb, ${json}::jsonb FROM unnest(${symbols}::text[]) AS s
    ON CONFLICT (user_id, symbol) DO NOTHING
    RETURNING symbol`;
  return rows.map((row) => row.symbol);
}

export function listOptimizedParameters(db: Db, userId: number) {
  return db.optimizedParameter.findMany({
    where: { userId },
    orderBy: { symbol: 'asc' },
    select: { symbol: true, parameters: true, profit: true },
  });
}

/**
 * The verdict of each of the user's completed backtests: `no_robust_edge` from the stored result
 * (absent or not a boolean: null).
 */
export async function backtestVerdicts(
  db: Db,
  userId: number,
): Promise<Map<string, boolean | null>> {
  const rows = await db.$queryRaw<{ symbol: string; no_robust_edge: boolean | null }[]>`
    SELECT symbol, CASE result->'verdict'->'no_robust_edge'
        WHEN 'true'::jsonb THEN true WHEN 'false'::jsonb THEN false END AS no_robust_edge
    FROM backtest_results WHERE user_id = ${userId}`;
  return new Map(rows.map((row) => [row.symbol, row.no_robust_edge]));
}

/** Symbols the user watches: the backtesting list and the Final Trading List, sorted. */
export async function monitoredSymbols(db: Db, userId: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ symbol: string }[]>`
    SELECT symbol FROM backtest_list_entries WHERE user_id = ${userId}
    UNION
    SELECT symbol FROM final_trading_list_entries WHERE user_id = ${userId}
    ORDER BY symbol`;
  return rows.map((row) => row.symbol);
}

/** Which of `symbols` are listings of the universe (companies.source). */
export async function knownSymbols(
  db: Db,
  source: 'demo' | 'csv' | 'alpaca',
  symbols: readonly string[],
): Promise<Set<string>> {
  const rows = await db.company.findMany({
    where: { source, symbol: { in: [...symbols] } },
    select: { symbol: true },
  });
  return new Set(rows.map((row) => row.symbol));
}
