import { screenerUniverse, type Db } from '@tradebot/db';
import { screen, type ScreenCriteria } from '@tradebot/strategy';
import type { UniverseName } from '../active-market/universe-source.js';
import { rowsFromStore } from './screener-store.js';

/**
 * One screen of a stored universe, timed in its two parts: the query (companies joined with
 * stock_metrics) and the filter. The screener job does the same read and filter (in slices, with
 * progress events); `bench/metrics-refresh.ts` measures the screener's target with this.
 */
export async function screenStoredUniverse(
  db: Db,
  universe: UniverseName,
  criteria: ScreenCriteria,
) {
  let started = performance.now();
  const { rows } = rowsFromStore(await screenerUniverse(db, universe));
  const readMs = performance.now() - started;
  started = performance.now();
  const result = screen(rows, criteria);
  const screenMs = performance.now() - started;
  return {
    rows: rows.length,
    passed: result.symbols.length,
    excluded: result.excludedForMissingData,
    readMs,
    screenMs,
  };
}
