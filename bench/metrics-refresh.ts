/**
 * The metrics refresh end to end through PostgreSQL (issue 10's target: 5,000 symbols × one
 * year of daily bars in ≤ 60 s): builds a bench database of synthetic listings with bars (one
 * year plus warm-up), then runs the worker's own refresh (`apps/worker/src/refresh-metrics.cli.ts`,
 * the service call the job makes: read bars per batch, compute with packages/strategy, upsert
 * stock_metrics) as a separate process, and times it. Reference in the same run: reading the
 * same bars with the same batched query and nothing else.
 *
 *   npx tsx bench/metrics-refresh.ts [--symbols 5000]
 *
 * Database: BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/tradebot_bench_metrics
 * (dropped and rebuilt each run); Redis db 14 (the runtime opens its queues; nothing is queued).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ALL_CRITERIA } from '@tradebot/strategy/testing';
import { recreateDatabase } from './lib/api-process.js';
import { fmt, summary, target } from './lib/report.js';
import { runScript } from './lib/script.js';

const { values } = parseArgs({ options: { symbols: { type: 'string' } } });
const SYMBOLS = Number(values.symbols ?? 5000);
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/tradebot_bench_metrics';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const AS_OF = '2026-01-05';
// The refresh reads 600 calendar days back (core's LOOKBACK_DAYS): bars from then on, weekdays.
const FIRST_DAY = '2024-05-15';
const TARGET_S = 60;
/** The screener's target: a 5,000-symbol universe screened on all 25 criteria from stored metrics. */
const SCREEN_TARGET_S = 2;
const BATCH = 250;

/** Synthetic listings and a seeded-by-row random walk of bars per listing, built in SQL. */
async function buildUniverse(client: pg.Client) {
  await client.query(`SELECT setseed(0.12345)`);
  await client.query(
    `INSERT INTO "companies" ("source", "symbol", "company_name", "security_type", "updated_at")
     SELECT 'csv', 'S' || lpad(i::text, 5, '0'), 'Synthetic ' || i, 'stock', now()
     FROM generate_series(1, $1) AS i`,
    [SYMBOLS],
  );
  await client.query(
    `INSERT INTO "daily_bars" ("company_id", "date", "open", "high", "low", "close", "adjusted_close", "volume")
     WITH days AS (
       SELECT d::date AS "date" FROM generate_series($1::date, $2::date, interval '1 day') AS d
       WHERE extract(isodow FROM d) < 6),
     steps AS (
       SELECT c."id", days."date", (random() - 0.5) * 0.04 AS r, random() AS u, random() AS v
       FROM "companies" c CROSS JOIN days),
     walk AS (
       SELECT "id", "date", u, v,
              20 + ("id" % 200) * exp(sum(r) OVER (PARTITION BY "id" ORDER BY "date")) AS "close"
       FROM steps)
     SELECT "id", "date", "close" * (1 + (u - 0.5) * 0.01), "close" * (1 + 0.01 * u + 0.005),
            "close" * (1 - 0.01 * v - 0.005), "close", "close", (100000 + v * 2000000)::bigint
     FROM walk`,
    [FIRST_DAY, AS_OF],
  );
  await client.query('ANALYZE "companies"; ANALYZE "daily_bars"');
  const { rows } = await client.query<{ bars: number }>(
    `SELECT count(*)::int AS "bars" FROM "daily_bars"`,
  );
  return rows[0]?.bars ?? 0;
}

/** The reference: the refresh's batched bars query alone, every batch, nothing computed. */
async function readAllBars(client: pg.Client): Promise<number> {
  const { rows: ids } = await client.query<{ id: number }>(
    `SELECT "id" FROM "companies" WHERE "source" = 'csv' ORDER BY "id"`,
  );
  let read = 0;
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH).map((row) => row.id);
    const { rows } = await client.query({
      text: `SELECT "company_id", ("date" - DATE '1970-01-01') AS "day", "open", "high", "low", "close",
               "adjusted_close", "volume"::float8
             FROM "daily_bars"
             WHERE "company_id" = ANY($1::int[]) AND "date" BETWEEN $2::date AND $3::date
             ORDER BY "company_id", "date"`,
      values: [batch, FIRST_DAY, AS_OF],
      rowMode: 'array',
    });
    read += rows.length;
  }
  return read;
}

console.log(`Metrics refresh bench: ${SYMBOLS} synthetic symbols, bars ${FIRST_DAY} … ${AS_OF}`);
await recreateDatabase(DATABASE_URL);
const env = {
  DATABASE_URL,
  REDIS_URL,
  NODE_ENV: 'production',
  ENCRYPTION_KEY: 'b'.repeat(64),
  DEMO_TRADING_DAYS_PER_MINUTE: '0',
};
await runScript(['packages/db/src/migrate.cli.ts'], env);
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
let started = performance.now();
const bars = await buildUniverse(client);
console.log(
  `  built ${SYMBOLS} listings, ${bars} bars (${fmt(bars / SYMBOLS, 4)} a symbol) in ${fmt((performance.now() - started) / 1000)} s`,
);

started = performance.now();
const readRows = await readAllBars(client);
const readS = (performance.now() - started) / 1000;
console.log(
  `  reference: reading the bars alone (${readRows} rows, ${BATCH} symbols a query): ${fmt(readS)} s`,
);

started = performance.now();
const result = await runScript<{ total: number; written: number; ms: number }>(
  ['apps/worker/src/refresh-metrics.cli.ts', 'csv', '--as-of', AS_OF, '--batch', String(BATCH)],
  env,
);
const processS = (performance.now() - started) / 1000;
if (result.ms === undefined) throw new Error('refresh-metrics.cli.ts printed no RESULT line');
const refreshS = result.ms / 1000;
const { rows: check } = await client.query<{ rows: number; computed: number; beta: number }>(
  `SELECT count(*)::int AS "rows", count("rsi")::int AS "computed", count("beta")::int AS "beta"
   FROM "stock_metrics"`,
);

// The screen target: the same 5,000 listings, now with seeded fundamentals in the criteria's
// units (5 % of each unknown), read from PostgreSQL with their stored metrics and filtered on
// all 25 criteria by the screener job's own read and filter (the worker's screen-stored CLI).
await client.query(`SELECT setseed(0.42)`);
await client.query(
  `UPDATE "companies" SET
     "market_cap" = 1e8 * exp(random() * 7), "pe_ratio" = 5 + random() * 60,
     "pb_ratio" = 0.5 + random() * 10, "dividend_yield" = random() * 5,
     "free_cash_flow" = (random() - 0.2) * 1e9, "roe" = (random() - 0.2) * 60,
     "roa" = (random() - 0.2) * 30, "gross_margin" = random() * 80,
     "operating_margin" = (random() - 0.2) * 50, "current_ratio" = 0.3 + random() * 3,
     "debt_to_equity" = random() * 5, "ev_ebitda" = 2 + random() * 50, "ps_ratio" = random() * 20,
     "peg_ratio" = random() * 5, "price_to_free_cash_flow" = 2 + random() * 100,
     "revenue_growth" = (random() - 0.3) * 60, "earnings_growth" = (random() - 0.3) * 80,
     "security_type" = (CASE WHEN random() < 0.03 THEN 'reit' ELSE 'stock' END)::"SecurityType"`,
);
await client.query(
  `UPDATE "companies" SET "pe_ratio" = NULL WHERE random() < 0.05;
   UPDATE "companies" SET "roe" = NULL WHERE random() < 0.05;
   UPDATE "companies" SET "earnings_growth" = NULL WHERE random() < 0.05`,
);
await client.end();
started = performance.now();
const screened = await runScript<{
  rows: number;
  passed: number;
  excluded: number;
  readMs: number;
  screenMs: number;
}>(
  ['apps/worker/src/screen-stored.cli.ts', 'csv', '--criteria', JSON.stringify(ALL_CRITERIA)],
  env,
);
const screenProcessS = (performance.now() - started) / 1000;
if (screened.rows === undefined) throw new Error('screen-stored.cli.ts printed no RESULT line');
const screenS = (screened.readMs + screened.screenMs) / 1000;

console.log(
  `  refresh: ${result.written} symbols in ${fmt(refreshS)} s (${fmt((1000 * refreshS) / result.written)} ms a symbol; ` +
    `process with start-up and migrations check ${fmt(processS)} s)`,
);
console.log(
  `  rows: ${check[0]?.rows}, with RSI ${check[0]?.computed}, with beta ${check[0]?.beta}; ` +
    `refresh / read-only reference: ${fmt(refreshS / readS)}×`,
);
target(
  `metrics refresh, ${SYMBOLS} symbols × ~1 year + warm-up through PostgreSQL`,
  refreshS <= TARGET_S && check[0]?.rows === SYMBOLS,
  `${fmt(refreshS)} s ≤ ${TARGET_S} s`,
);
console.log(
  `  screen: ${screened.rows} stored listings on all 25 criteria in ${fmt(screenS)} s ` +
    `(query ${fmt(screened.readMs)} ms, filter ${fmt(screened.screenMs)} ms; process ${fmt(screenProcessS)} s); ` +
    `${screened.passed} pass, ${screened.excluded} excluded for missing data; ` +
    `query / filter: ${fmt(screened.readMs / screened.screenMs)}×`,
);
target(
  `screen ${SYMBOLS} stored listings on all 25 criteria from PostgreSQL`,
  screenS <= SCREEN_TARGET_S && screened.rows === SYMBOLS,
  `${fmt(screenS)} s ≤ ${SCREEN_TARGET_S} s`,
);
summary();
