import {
  DEFAULT_STOCK_PARAMETERS,
  ZStockParameters,
  type TStockParameters,
} from '@tradebot/api-contract';
import { lockStockLists, type Db, type DbTx } from '@tradebot/db';

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
  for (const [field, schema] of Object.entries(ZStockParameters.shape)) {
    const one = schema.safeParse(stored[field]);
    if (one.success) parameters[field] = one.data;
  }
  return parameters as TStockParameters;
}

/** Symbols as the lists hold them: trimmed and upper-case. */
export const normalSymbol = (symbol: string) => symbol.trim().toUpperCase();

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
