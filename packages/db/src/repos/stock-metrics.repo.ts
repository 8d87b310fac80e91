import type pg from 'pg';
import type { Db } from '../client.js';
import type { UniverseName } from '../market-names.js';

/**
 * The metrics refresh's reads and writes (`stock_metrics`, one row per company). Bars are read
 * for a whole batch of companies in one range scan of `daily_bars`' primary key, in array row
 * mode (no per-row objects); metrics are written with one `unnest` upsert per batch.
 */

/** A listing the refresh covers, in id order (the order batches and checkpoints follow). */
export interface MetricsCompany {
  id: number;
  symbol: string;
}

/** The listings of a universe with an id above `afterId` (the resume point), by id. */
export async function listMetricsCompanies(
  db: Db,
  source: UniverseName,
  afterId = 0,
): Promise<MetricsCompany[]> {
  const { rows } = await db.pool.query<MetricsCompany>(
    `SELECT "id", "symbol" FROM "companies" WHERE "source" = $1 AND "id" > $2 ORDER BY "id"`,
    [source, afterId],
  );
  return rows;
}

/** How many listings a universe holds (the job's progress total). */
export async function countMetricsCompanies(db: Db, source: UniverseName): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS "n" FROM "companies" WHERE "source" = $1`,
    [source],
  );
  return rows[0]?.n ?? 0;
}

/** The last trading date (YYYY-MM-DD) a universe has bars for, on or before `onOrBefore`. */
export async function lastBarDate(
  db: Db,
  source: UniverseName,
  onOrBefore: string,
): Promise<string | null> {
  const { rows } = await db.pool.query<{ date: string | null }>(
    `SELECT to_char(max(b."date"), 'YYYY-MM-DD') AS "date"
     FROM "daily_bars" b JOIN "companies" c ON c."id" = b."company_id"
     WHERE c."source" = $1 AND b."date" <= $2::date`,
    [source, onOrBefore],
  );
  return rows[0]?.date ?? null;
}

/**
 * One stored bar in array row mode: company id, days since 1970-01-01, open, high, low, close,
 * adjusted close, volume. Prices are as traded; the caller applies the adjustment.
 */
export type BarRow = [number, number, number, number, number, number, number, number];

/** The bars of `companyIds` between two dates (inclusive), by company then date. */
export async function readBatchBars(
  db: Db,
  companyIds: readonly number[],
  range: { from: string; to: string },
): Promise<BarRow[]> {
  const { rows } = await db.pool.query<BarRow>({
    text: `SELECT "company_id", ("date" - DATE '1970-01-01') AS "day", "open", "high", "low", "close",
             "adjusted_close", "volume"::float8
           FROM "daily_bars"
           WHERE "company_id" = ANY($1::int[]) AND "date" BETWEEN $2::date AND $3::date
           ORDER BY "company_id", "date"`,
    values: [companyIds, range.from, range.to],
    rowMode: 'array',
  });
  return rows;
}

/**
 * Daily equal-weight mean simple return of a universe (adjusted closes), by date: the benchmark
 * series of the csv universe's beta. A return beyond ±50 % in a day is taken for a data error
 * and left out.
 */
export async function equalWeightReturns(
  db: Db,
  source: UniverseName,
  range: { from: string; to: string },
): Promise<{ day: number; ret: number }[]> {
  const { rows } = await db.pool.query<{ day: number; ret: number }>(
    `WITH r AS (
       SELECT b."date", b."adjusted_close" / NULLIF(lag(b."adjusted_close")
                OVER (PARTITION BY b."company_id" ORDER BY b."date"), 0) - 1 AS "ret"
       FROM "daily_bars" b JOIN "companies" c ON c."id" = b."company_id"
       WHERE c."source" = $1 AND b."date" BETWEEN $2::date AND $3::date)
     SELECT ("date" - DATE '1970-01-01') AS "day", avg("ret")::float8 AS "ret" FROM r
     WHERE "ret" IS NOT NULL AND abs("ret") < 0.5
     GROUP BY "date" ORDER BY "date"`,
    [source, range.from, range.to],
  );
  return rows;
}

/** One company's metrics as stored (as_of: the trading date of the last bar used). */
export interface StockMetricsRecord {
  company_id: number;
  as_of: Date | null;
  last_price: number | null;
  rsi: number | null;
  atr: number | null;
  atr_percent: number | null;
  macd: number | null;
  macd_signal: number | null;
  macd_histogram: number | null;
  average_volume: number | null;
  beta: number | null;
}

const METRIC_COLUMNS = [
  'last_price',
  'rsi',
  'atr',
  'atr_percent',
  'macd',
  'macd_signal',
  'macd_histogram',
  'average_volume',
  'beta',
] as const;

const METRICS_UPSERT = `
  INSERT INTO "stock_metrics" ("company_id", "as_of", ${METRIC_COLUMNS.map((c) => `"${c}"`).join(', ')}, "refreshed_at")
  SELECT t.*, $${METRIC_COLUMNS.length + 3}::timestamptz
  FROM unnest($1::int[], $2::timestamptz[], ${METRIC_COLUMNS.map((_, i) => `$${i + 3}::float8[]`).join(', ')})
    AS t("company_id", "as_of", ${METRIC_COLUMNS.map((c) => `"${c}"`).join(', ')})
  ON CONFLICT ("company_id") DO UPDATE SET "as_of" = EXCLUDED."as_of",
    ${METRIC_COLUMNS.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')},
    "refreshed_at" = EXCLUDED."refreshed_at"`;

/** Replaces the metrics rows of a batch (keyed on company_id: a re-run never adds a row). */
export async function upsertStockMetrics(
  client: pg.PoolClient,
  rows: readonly StockMetricsRecord[],
  refreshedAt: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await client.query(METRICS_UPSERT, [
    rows.map((row) => row.company_id),
    rows.map((row) => row.as_of),
    ...METRIC_COLUMNS.map((column) => rows.map((row) => row[column])),
    refreshedAt,
  ]);
}
