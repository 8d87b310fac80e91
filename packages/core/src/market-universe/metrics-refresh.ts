import {
  countMetricsCompanies,
  inTransaction,
  listMetricsCompanies,
  upsertStockMetrics,
  type Db,
  type StockMetricsRecord,
} from '@tradebot/db';
import { allocBars, stockMetrics } from '@tradebot/strategy';
import type { MetricsBarSource } from './metrics-sources.js';

/** Listings per batch: one bars read, one compute pass and one committed upsert each. */
export const METRICS_BATCH_SIZE = 250;

export interface MetricsBatchDone {
  /** Listings whose metrics are committed, this attempt's and the checkpoint's. */
  completed: number;
  total: number;
  /** The checkpoint: the highest company id committed (batches go by id). */
  lastCompanyId: number;
  /** Wall ms this batch took. */
  ms: number;
}

export interface MetricsRefreshOptions {
  batchSize?: number;
  /** Resume point: listings with an id up to this one are already committed. */
  afterCompanyId?: number;
  /** Called after each committed batch (job progress, checkpoint, log line). */
  onBatch?: (done: MetricsBatchDone) => Promise<void> | void;
  /** Stamped into refreshed_at. */
  now: () => Date;
  /** Wall time for the per-batch figure only. */
  wallMs?: () => number;
}

export interface MetricsRefreshReport {
  total: number;
  /** Listings written by this run (the rest were before the resume point). */
  written: number;
}

/**
 * Refreshes `stock_metrics` for every listing of a universe from `source`'s bars as of its
 * date, with `stockMetrics` from packages/strategy (the screener's own metrics). Batches go in
 * company id order, each committed in one transaction; a run resumed after its checkpoint
 * (`afterCompanyId`) redoes at most the batch that was in flight, and the upsert is keyed on
 * company_id, so the table ends with exactly one row per listing. A listing without bars in the
 * window gets a row of nulls (the screener counts it as missing data).
 */
export async function refreshMetrics(
  db: Db,
  source: MetricsBarSource,
  options: MetricsRefreshOptions,
): Promise<MetricsRefreshReport> {
  const size = options.batchSize ?? METRICS_BATCH_SIZE;
  const wallMs = options.wallMs ?? (() => performance.now());
  const total = await countMetricsCompanies(db, source.universe);
  const remaining = await listMetricsCompanies(db, source.universe, options.afterCompanyId ?? 0);
  const index = await source.benchmark();
  let completed = total - remaining.length;
  for (let start = 0; start < remaining.length; start += size) {
    const began = wallMs();
    const batch = remaining.slice(start, start + size);
    const bars = await source.barsOf(batch);
    const rows = batch.map((company): StockMetricsRecord => {
      const m = stockMetrics(bars.get(company.id) ?? allocBars(company.symbol, 0), index);
      return {
        company_id: company.id,
        as_of: m.as_of === null ? null : new Date(m.as_of),
        last_price: m.last_price,
        rsi: m.rsi,
        atr: m.atr,
        atr_percent: m.atr_percent,
        macd: m.macd,
        macd_signal: m.macd_signal,
        macd_histogram: m.macd_histogram,
        average_volume: m.average_volume,
        beta: m.beta,
      };
    });
    await inTransaction(db, (client) => upsertStockMetrics(client, rows, options.now()));
    completed += batch.length;
    await options.onBatch?.({
      completed,
      total,
      lastCompanyId: (batch[batch.length - 1] as { id: number }).id,
      ms: wallMs() - began,
    });
  }
  return { total, written: remaining.length };
}
