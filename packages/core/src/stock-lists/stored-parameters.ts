import {
  AppError,
  DEFAULT_STOCK_PARAMETERS,
  isTickerSymbol,
  server,
  ZStockParameterFields,
  ZStockParameters,
  type TStockParameters,
} from '@tradebot/api-contract';
import { lockStockLists, recordFinalListVersion, type Db, type DbTx } from '@tradebot/db';
import type { SessionInfo } from '../types.js';

/**
 * Per-stock parameters as stored. Rows are written through the schema; a row that no longer
 * parses (bounds changed) is shown with the defaults filled in field by field, rather than
 * breaking the whole list.
 */
export function storedParameters(value: unknown): TStockParameters {
  const parsed = ZStockParameters.safeParse(value);
  if (parsed.success) return parsed.data;
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const parameters: Record<string, unknown> = { ...DEFAULT_STOCK_PARAMETERS };
  for (const [field, schema] of Object.entries(ZStockParameterFields.shape)) {
    const one = schema.safeParse(stored[field]);
    if (one.success) parameters[field] = one.data;
  }
  const filled = parameters as TStockParameters;
  // A stored pair the bounds allow one by one but not together gets the default pair.
  if (filled.macd_fast >= filled.macd_slow) {
    filled.macd_fast = DEFAULT_STOCK_PARAMETERS.macd_fast;
    filled.macd_slow = DEFAULT_STOCK_PARAMETERS.macd_slow;
  }
  return filled;
}

/**
 * The symbols of per-stock entries as the lists hold them (trimmed, upper-case), in order. A
 * symbol that is not a ticker, or one given twice, is refused by name.
 */
export function entrySymbols(raw: readonly string[]): string[] {
  const symbols = raw.map((symbol) => symbol.trim().toUpperCase());
  const bad = symbols.find((symbol) => !isTickerSymbol(symbol));
  if (bad !== undefined) throw new AppError('BAD_REQUEST', server.notASymbol(bad));
  const twice = [...new Set(symbols.filter((symbol, i) => symbols.indexOf(symbol) !== i))];
  if (twice.length > 0) throw new AppError('BAD_REQUEST', server.duplicateFinalListSymbols(twice));
  return symbols;
}

/**
 * Runs `work` in one transaction that first takes the user's stock-lists lock, so moves of two
 * tabs run one after the other. The waits allow for a queue of such transactions.
 */
export function withListsLock<T>(db: Db, userId: number, work: (tx: DbTx) => Promise<T>) {
  return db.$transaction(
    async (tx) => {
      await lockStockLists(tx, userId);
      return work(tx);
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
}

/**
 * `withListsLock` for a change of the Final Trading List or the trading settings: the same
 * transaction then stores the resulting version, stamped with the active market's time.
 */
export function withListsChange<T>(
  db: Db,
  session: SessionInfo,
  market: { marketNow: (session: SessionInfo) => Date },
  work: (tx: DbTx) => Promise<T>,
) {
  return withListsLock(db, session.userId, async (tx) => {
    const result = await work(tx);
    await recordFinalListVersion(tx, session.userId, market.marketNow(session));
    return result;
  });
}
