import type { ScreenerSourceRow } from '@tradebot/db';
import type { StockMetrics } from '@tradebot/strategy';
import { screenerRow, type ScreenerRow } from './screen-row.js';

/** A stored metrics row as strategy's `StockMetrics`, or null when the refresh has not run. */
function metricsOf(row: ScreenerSourceRow): StockMetrics | null {
  if (row.m_refreshed_at === null) return null;
  return {
    symbol: row.symbol,
    as_of: row.m_as_of?.getTime() ?? null,
    last_price: row.m_last_price,
    rsi: row.m_rsi,
    atr: row.m_atr,
    atr_percent: row.m_atr_percent,
    macd: row.m_macd,
    macd_signal: row.m_macd_signal,
    macd_histogram: row.m_macd_histogram,
    average_volume: row.m_average_volume,
    beta: row.m_beta,
  };
}

/**
 * The universe as the screener reads it from PostgreSQL (companies joined with stock_metrics),
 * joined by the same `screenerRow` the demo and the bench use. `marketAsOf` is the newest bar
 * behind the metrics, so the output can say how current it is.
 */
export function rowsFromStore(source: readonly ScreenerSourceRow[]): {
  rows: ScreenerRow[];
  marketAsOf: Date | null;
} {
  let latest: number | null = null;
  const rows = source.map((row) => {
    const asOf = row.m_as_of?.getTime() ?? null;
    if (asOf !== null && (latest === null || asOf > latest)) latest = asOf;
    return screenerRow({ ...row, asset_type: row.security_type }, metricsOf(row));
  });
  return { rows, marketAsOf: latest === null ? null : new Date(latest) };
}
