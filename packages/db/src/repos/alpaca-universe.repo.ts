import type pg from 'pg';
import type { Db } from '../client.js';
import { FUNDAMENTAL_FIELDS, type UpsertCounts } from './universe.repo.js';

/**
 * The Alpaca universe: `companies` of source 'alpaca' (one per asset, keyed on (source, symbol))
 * and their `daily_bars` (keyed on (company_id, date), split- and dividend-adjusted by Alpaca, so
 * adjusted_close = close, dividend 0, split 1). Every write is an upsert, so a load that is run
 * again or resumed after a kill never adds a row twice.
 */

export interface AlpacaAssetRow {
  symbol: string;
  name: string;
  exchange: string;
  shortable: boolean;
  easyToBorrow: boolean;
  fractionable: boolean;
  /** `etf` when the asset's name says so (Alpaca's assets carry no fund flag), else `stock`. */
  securityType: 'stock' | 'etf';
}

/**
 * Inserts or updates the assets (symbols unique), clearing `delisted_at` of any that came back.
 * Only the broker's columns are written: fundamentals copied from elsewhere are kept.
 */
export async function upsertAlpacaAssets(
  client: pg.PoolClient,
  assets: readonly AlpacaAssetRow[],
): Promise<UpsertCounts> {
  const { rows } = await client.query<{ inserted: boolean }>(
    `INSERT INTO "companies" ("source", "symbol", "company_name", "exchange", "shortable",
       "easy_to_borrow", "fractionable", "security_type")
     SELECT 'alpaca', t.a, t.b, t.c, t.d, t.e, t.f, t.g::"SecurityType"
     FROM unnest($1::text[], $2::text[], $3::text[], $4::bool[], $5::bool[], $6::bool[],
       $7::text[]) AS t(a, b, c, d, e, f, g)
     ON CONFLICT ("source", "symbol") DO UPDATE SET
       "company_name" = EXCLUDED."company_name", "exchange" = EXCLUDED."exchange",
       "shortable" = EXCLUDED."shortable", "easy_to_borrow" = EXCLUDED."easy_to_borrow",
       "fractionable" = EXCLUDED."fractionable", "delisted_at" = NULL,
       -- A fund the name gives away stays a fund; a type copied from the CSV row is kept.
       "security_type" = CASE WHEN EXCLUDED."security_type" = 'etf' THEN 'etf'::"SecurityType"
                              ELSE "companies"."security_type" END,
       "updated_at" = CURRENT_TIMESTAMP
     WHERE ("companies"."company_name", "companies"."exchange", "companies"."shortable",
            "companies"."easy_to_borrow", "companies"."fractionable", "companies"."delisted_at")
       IS DISTINCT FROM (EXCLUDED."company_name", EXCLUDED."exchange", EXCLUDED."shortable",
            EXCLUDED."easy_to_borrow", EXCLUDED."fractionable", NULL::timestamptz)
       OR (EXCLUDED."security_type" = 'etf' AND "companies"."security_type" <> 'etf')
     RETURNING (xmax = 0) AS "inserted"`,
    [
      assets.map((a) => a.symbol),
      assets.map((a) => a.name || a.symbol),
      assets.map((a) => a.exchange || null),
      assets.map((a) => a.shortable),
      assets.map((a) => a.easyToBorrow),
      assets.map((a) => a.fractionable),
      assets.map((a) => a.securityType),
    ],
  );
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted, unchanged: assets.length - rows.length };
}

/** Marks the Alpaca listings missing from `activeSymbols` as delisted (kept with their bars). */
export async function markAlpacaDelisted(
  client: pg.PoolClient,
  activeSymbols: readonly string[],
  at: Date,
): Promise<number> {
  const { rowCount } = await client.query(
    `UPDATE "companies" SET "delisted_at" = $2, "updated_at" = CURRENT_TIMESTAMP
     WHERE "source" = 'alpaca' AND "delisted_at" IS NULL AND NOT ("symbol" = ANY($1::text[]))`,
    [activeSymbols, at],
  );
  return rowCount ?? 0;
}

/** Fundamentals (and descriptive texts) an Alpaca listing takes from the CSV row of its symbol. */
const COPIED = [
  'sector',
  'industry',
  'domain',
  'description',
  'sec_filings_url',
  'security_type',
  'fundamentals_as_of',
  // The price is the last stored close (refreshAlpacaPrices), never the snapshot's.
  ...FUNDAMENTAL_FIELDS.filter((field) => field !== 'price'),
];

/**
 * Copies the CSV snapshot's fundamentals onto the Alpaca listings of the same symbol (only rows
 * that differ are written). Returns how many listings changed.
 */
export async function copyCsvFundamentalsToAlpaca(db: Db): Promise<number> {
  const cols = COPIED.map((c) => `"${c}"`).join(', ');
  const from = COPIED.map((c) => `c."${c}"`).join(', ');
  const to = COPIED.map((c) => `a."${c}"`).join(', ');
  return db.$executeRawUnsafe(
    `UPDATE "companies" a SET (${cols}) = (${from}), "updated_at" = CURRENT_TIMESTAMP
     FROM "companies" c
     WHERE a."source" = 'alpaca' AND c."source" = 'csv' AND c."symbol" = a."symbol"
       AND (${to}) IS DISTINCT FROM (${from})`,
  );
}

/** An active Alpaca listing and the last session whose bars are stored (YYYY-MM-DD or null). */
export interface AlpacaBarCursor {
  id: number;
  symbol: string;
  barsThrough: string | null;
}

/** Active Alpaca listings (all, or those of `symbols`) with their bar cursors, by symbol. */
export async function alpacaBarCursors(
  db: Db,
  symbols?: readonly string[],
): Promise<AlpacaBarCursor[]> {
  const { rows } = await db.pool.query<AlpacaBarCursor>(
    `SELECT "id", "symbol", to_char("bars_through", 'YYYY-MM-DD') AS "barsThrough"
     FROM "companies" WHERE "source" = 'alpaca' AND "delisted_at" IS NULL
       AND ($1::text[] IS NULL OR "symbol" = ANY($1::text[]))
     ORDER BY "symbol"`,
    [symbols ?? null],
  );
  return rows;
}

/** One bar of one listing, as written (adjusted by the source). */
export interface AlpacaBarRow {
  companyId: number;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * Upserts a page of bars and moves each listing's `bars_through` to its newest bar, in the
 * caller's transaction (the page and its cursor are written together or not at all).
 */
export async function writeAlpacaBars(
  client: pg.PoolClient,
  bars: readonly AlpacaBarRow[],
): Promise<UpsertCounts> {
  if (bars.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const { rows } = await client.query<{ inserted: boolean }>(
    `INSERT INTO "daily_bars" ("company_id", "date", "open", "high", "low", "close",
       "adjusted_close", "volume", "dividend_amount", "split_coefficient")
     SELECT t."company_id", t."date", t."open", t."high", t."low", t."close", t."close",
       t."volume", 0, 1
     FROM unnest($1::int[], $2::date[], $3::float8[], $4::float8[], $5::float8[], $6::float8[],
       $7::bigint[]) AS t("company_id", "date", "open", "high", "low", "close", "volume")
     ON CONFLICT ("company_id", "date") DO UPDATE SET
       "open" = EXCLUDED."open", "high" = EXCLUDED."high", "low" = EXCLUDED."low",
       "close" = EXCLUDED."close", "adjusted_close" = EXCLUDED."adjusted_close",
       "volume" = EXCLUDED."volume", "dividend_amount" = 0, "split_coefficient" = 1
     WHERE ("daily_bars"."open", "daily_bars"."high", "daily_bars"."low", "daily_bars"."close",
            "daily_bars"."adjusted_close", "daily_bars"."volume")
       IS DISTINCT FROM (EXCLUDED."open", EXCLUDED."high", EXCLUDED."low", EXCLUDED."close",
            EXCLUDED."adjusted_close", EXCLUDED."volume")
     RETURNING (xmax = 0) AS "inserted"`,
    [
      bars.map((b) => b.companyId),
      bars.map((b) => b.date),
      bars.map((b) => b.open),
      bars.map((b) => b.high),
      bars.map((b) => b.low),
      bars.map((b) => b.close),
      bars.map((b) => Math.round(b.volume)),
    ],
  );
  await client.query(
    `UPDATE "companies" c SET "bars_through" = GREATEST(c."bars_through", t."last")
     FROM (SELECT "id", max("date") AS "last" FROM unnest($1::int[], $2::date[]) AS u("id", "date")
           GROUP BY "id") t
     WHERE c."id" = t."id" AND c."bars_through" IS DISTINCT FROM GREATEST(c."bars_through", t."last")`,
    [bars.map((b) => b.companyId), bars.map((b) => b.date)],
  );
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted, unchanged: bars.length - rows.length };
}

/** Records that the listings' bars are complete through `session` (all pages received). */
export async function markAlpacaBarsThrough(
  db: Db,
  ids: readonly number[],
  session: string,
): Promise<void> {
  await db.pool.query(
    `UPDATE "companies" SET "bars_through" = $2::date
     WHERE "id" = ANY($1::int[]) AND ("bars_through" IS NULL OR "bars_through" < $2::date)`,
    [ids, session],
  );
}

/** Active Alpaca listings, and how many of them have bars through `session`. */
export async function alpacaLoadCounts(db: Db, session: string) {
  const { rows } = await db.pool.query<{ total: number; done: number }>(
    `SELECT count(*)::int AS "total",
            (count(*) FILTER (WHERE "bars_through" >= $1::date))::int AS "done"
     FROM "companies" WHERE "source" = 'alpaca' AND "delisted_at" IS NULL`,
    [session],
  );
  return rows[0] as { total: number; done: number };
}

/** Sets each Alpaca listing's price to its last stored close. */
export async function refreshAlpacaPrices(db: Db): Promise<void> {
  await db.pool.query(
    `UPDATE "companies" c SET "price" = b."close"
     FROM "companies" k CROSS JOIN LATERAL (
       SELECT "close" FROM "daily_bars" WHERE "company_id" = k."id" ORDER BY "date" DESC LIMIT 1) b
     WHERE k."source" = 'alpaca' AND c."id" = k."id" AND c."price" IS DISTINCT FROM b."close"`,
  );
}

/** Creates bare Alpaca listings for symbols not listed yet (a top-up of a symbol on a list). */
export async function ensureAlpacaListings(db: Db, symbols: readonly string[]): Promise<void> {
  await db.pool.query(
    `INSERT INTO "companies" ("source", "symbol", "company_name")
     SELECT 'alpaca', s, s FROM unnest($1::text[]) AS s
     ON CONFLICT ("source", "symbol") DO NOTHING`,
    [symbols],
  );
}

/** Moves a listing's `bars_through` back to `through` (its last stored bar) when it is past it. */
export async function reopenAlpacaBarsThrough(
  db: Db,
  symbol: string,
  through: Date | null,
): Promise<void> {
  await db.company.updateMany({
    where: {
      source: 'alpaca',
      symbol,
      ...(through === null ? { barsThrough: { not: null } } : { barsThrough: { gt: through } }),
    },
    data: { barsThrough: through },
  });
}
