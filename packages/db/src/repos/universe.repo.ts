import type pg from 'pg';
import type { Db } from '../client.js';
import type { UniverseName } from '../market-names.js';

/**
 * The stock universe (`companies`, `daily_bars`). Imports write through one pool client inside
 * a transaction, with `INSERT … SELECT FROM unnest(arrays) … ON CONFLICT DO UPDATE`: one
 * statement per batch whatever its size, and keyed on (source, symbol) and (company_id, date)
 * so that re-running an import, or resuming one that was killed, never adds a row twice.
 * DO UPDATE rather than `createMany({ skipDuplicates })`: a corrected file must replace the old
 * values, not be skipped; the `IS DISTINCT FROM` guard leaves identical rows untouched (no
 * dead tuples, and the counts say what changed).
 */

export type SecurityType = 'stock' | 'reit' | 'spac' | 'etf';

/** Fundamentals columns, in the spec's names (market/README.md units); null when unknown. */
export const FUNDAMENTAL_FIELDS = [
  'price',
  'shares_outstanding',
  'float_shares',
  'market_cap',
  'average_volume',
  'beta',
  'week_52_high',
  'week_52_low',
  'revenue',
  'ebitda',
  'free_cash_flow',
  'eps',
  'book_value_per_share',
  'dividend_per_share',
  'pe_ratio',
  'pb_ratio',
  'ps_ratio',
  'peg_ratio',
  'ev_ebitda',
  'price_to_free_cash_flow',
  'dividend_yield',
  'payout_ratio',
  'roe',
  'roa',
  'gross_margin',
  'operating_margin',
  'net_profit_margin',
  'current_ratio',
  'debt_to_equity',
  'interest_coverage',
  'revenue_growth',
  'earnings_growth',
] as const;
export type FundamentalField = (typeof FUNDAMENTAL_FIELDS)[number];

const TEXT_FIELDS = [
  'company_name',
  'sector',
  'industry',
  'domain',
  'description',
  'exchange',
  'sec_filings_url',
] as const;

/** One company as a source gives it; a fundamental it lacks is null (or left out). */
export type CompanyRecord = {
  symbol: string;
  company_name: string;
  security_type: SecurityType;
  fundamentals_as_of?: Date | null;
} & Partial<Record<Exclude<(typeof TEXT_FIELDS)[number], 'company_name'>, string | null>> &
  Partial<Record<FundamentalField, number | null>>;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Runs `work` in one transaction on one pooled connection: all of it is written or none. */
export async function inTransaction<T>(
  db: Db,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');

/**
 * `INSERT … <select> ON CONFLICT (key) DO UPDATE` of `columns` after the key, writing only rows
 * whose columns changed (IS DISTINCT FROM) and returning for each written row whether it was new
 * (xmax = 0): what `counts` turns into new / updated / unchanged. `select` yields key then columns.
 */
function keyedUpsert(
  table: string,
  key: readonly string[],
  columns: readonly string[],
  select: string,
  alsoSet = '',
): string {
  return `
  INSERT INTO "${table}" (${quoted(key)}, ${quoted(columns)})
  ${select}
  ON CONFLICT (${quoted(key)}) DO UPDATE SET
    ${columns.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')}${alsoSet}
  WHERE (${columns.map((c) => `"${table}"."${c}"`).join(', ')})
    IS DISTINCT FROM (${columns.map((c) => `EXCLUDED."${c}"`).join(', ')})
  RETURNING (xmax = 0) AS "inserted"`;
}

function counts(rows: { inserted: boolean }[], total: number): UpsertCounts {
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted, unchanged: total - rows.length };
}

const COMPANY_COLUMNS = [
  ...TEXT_FIELDS,
  'security_type',
  'fundamentals_as_of',
  ...FUNDAMENTAL_FIELDS,
];
const COMPANY_TYPES: Record<string, string> = {
  security_type: '"SecurityType"[]',
  fundamentals_as_of: 'timestamp(3)[]',
};
const COMPANY_UPSERT = keyedUpsert(
  'companies',
  ['source', 'symbol'],
  COMPANY_COLUMNS,
  `SELECT $1::"UniverseSource", t.* FROM unnest($2::text[], ${COMPANY_COLUMNS.map(
    (c, i) =>
      `$${i + 3}::${COMPANY_TYPES[c] ?? (TEXT_FIELDS.includes(c as never) ? 'text[]' : 'float8[]')}`,
  ).join(', ')})
  AS t("symbol", ${quoted(COMPANY_COLUMNS)})`,
  ', "updated_at" = CURRENT_TIMESTAMP',
);

/** Inserts or updates companies of one source (symbols must be unique within the call). */
export async function upsertCompanies(
  client: pg.PoolClient,
  source: UniverseName,
  companies: readonly CompanyRecord[],
): Promise<UpsertCounts> {
  const columns = COMPANY_COLUMNS.map((column) =>
    companies.map((company) => (company as Record<string, unknown>)[column] ?? null),
  );
  const { rows } = await client.query<{ inserted: boolean }>(COMPANY_UPSERT, [
    source,
    companies.map((company) => company.symbol),
    ...columns,
  ]);
  return counts(rows, companies.length);
}

/**
 * The id of a listing, creating a bare one (its name is the symbol) when the source has bars
 * for a symbol it has no fundamentals for; a later fundamentals import fills it in.
 */
export async function companyIdFor(
  client: pg.PoolClient,
  source: UniverseName,
  symbol: string,
): Promise<{ id: number; created: boolean }> {
  const { rows } = await client.query<{ id: number; created: boolean }>(
    `WITH created AS (
       INSERT INTO "companies" ("source", "symbol", "company_name") VALUES ($1, $2, $2)
       ON CONFLICT ("source", "symbol") DO NOTHING RETURNING "id")
     SELECT "id", true AS "created" FROM created
     UNION ALL SELECT "id", false FROM "companies" WHERE "source" = $1 AND "symbol" = $2`,
    [source, symbol],
  );
  return rows[0] as { id: number; created: boolean };
}

/** One bar as stored; `date` is the trading date YYYY-MM-DD. */
export interface BarRecord {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  adjusted_close: number;
  volume: number;
  dividend_amount: number;
  split_coefficient: number;
}

const BAR_FIELDS = [
  'open',
  'high',
  'low',
  'close',
  'adjusted_close',
  'volume',
  'dividend_amount',
  'split_coefficient',
] as const;
const BAR_UPSERT = keyedUpsert(
  'daily_bars',
  ['company_id', 'date'],
  BAR_FIELDS,
  `SELECT $1::int, t.* FROM unnest($2::date[], $3::float8[], $4::float8[], $5::float8[], $6::float8[],
    $7::float8[], $8::bigint[], $9::float8[], $10::float8[])
  AS t("date", ${quoted(BAR_FIELDS)})`,
);

/** Inserts or updates the bars of one listing (dates must be unique within the call). */
export async function upsertBars(
  client: pg.PoolClient,
  companyId: number,
  bars: readonly BarRecord[],
): Promise<UpsertCounts> {
  const { rows } = await client.query<{ inserted: boolean }>(BAR_UPSERT, [
    companyId,
    bars.map((bar) => bar.date),
    ...BAR_FIELDS.map((field) => bars.map((bar) => bar[field])),
  ]);
  return counts(rows, bars.length);
}

/** How many listings and bars a source holds (import reports and tests). */
export async function countUniverse(db: Db, source: UniverseName) {
  const [companies, bars] = await Promise.all([
    db.company.count({ where: { source } }),
    db.dailyBar.count({ where: { company: { source } } }),
  ]);
  return { companies, bars };
}

/**
 * The bars of one listing between two trading dates (inclusive, YYYY-MM-DD), oldest first:
 * one range scan of the primary key (company_id, date).
 */
export async function findDailyBars(
  db: Db,
  source: UniverseName,
  symbol: string,
  range: { from: string; to: string },
): Promise<BarRecord[]> {
  const { rows } = await db.pool.query<BarRecord>(
    `SELECT to_char(b."date", 'YYYY-MM-DD') AS "date", b."open", b."high", b."low", b."close",
            b."adjusted_close", b."volume"::float8 AS "volume", b."dividend_amount", b."split_coefficient"
     FROM "daily_bars" b JOIN "companies" c ON c."id" = b."company_id"
     WHERE c."source" = $1 AND c."symbol" = $2 AND b."date" BETWEEN $3::date AND $4::date
     ORDER BY b."date"`,
    [source, symbol, range.from, range.to],
  );
  return rows;
}

/** A listing's symbol and the columns a provider refresh keeps from the CSV (symbol order). */
export interface ListingKeep {
  symbol: string;
  sector: string | null;
  industry: string | null;
  sec_filings_url: string | null;
}

export async function listListings(db: Db, source: UniverseName): Promise<ListingKeep[]> {
  const { rows } = await db.pool.query<ListingKeep>(
    `SELECT "symbol", "sector", "industry", "sec_filings_url" FROM "companies"
     WHERE "source" = $1 ORDER BY "symbol"`,
    [source],
  );
  return rows;
}

/** The date of each symbol's last stored bar in `source`; symbols with none are left out. */
export async function lastBarDates(
  db: Db,
  source: UniverseName,
  symbols: readonly string[],
): Promise<Map<string, Date>> {
  const companies = await db.company.findMany({
    where: { source, symbol: { in: [...symbols] } },
    select: { id: true, symbol: true },
  });
  if (companies.length === 0) return new Map();
  const last = await db.dailyBar.groupBy({
    by: ['companyId'],
    where: { companyId: { in: companies.map((c) => c.id) } },
    _max: { date: true },
  });
  const byId = new Map(companies.map((c) => [c.id, c.symbol]));
  const out = new Map<string, Date>();
  for (const row of last) {
    const symbol = byId.get(row.companyId);
    if (symbol !== undefined && row._max.date !== null) out.set(symbol, row._max.date);
  }
  return out;
}
