import type { Db } from '../client.js';
import type { UniverseName } from '../market-names.js';

/**
 * The explorer's reads of the universe (companies with their stored technical metrics).
 *
 * Search uses the indexes of migration 20261123000500_market_universe:
 * `upper(symbol) LIKE 'AA%'` the `upper(symbol) text_pattern_ops` btree, and
 * `company_name ILIKE '%apple%'` / `company_name % 'apple'` (trigram similarity, for typos) the
 * pg_trgm GIN index; the planner ORs the bitmaps. Statements go through node-pg unnamed, so
 * PostgreSQL plans each one with its actual parameters (a LIKE prefix can only use the btree
 * when the planner sees the pattern). `explorer.int.test.ts` checks the plan.
 */

/** One explorer row as read: every field of the stock record. */
export interface ExplorerRow {
  symbol: string;
  company_name: string;
  market_cap: number | null;
  pe_ratio: number | null;
  pb_ratio: number | null;
  dividend_yield: number | null;
  roe: number | null;
  roa: number | null;
  gross_margin: number | null;
  operating_margin: number | null;
  ev_ebitda: number | null;
  ps_ratio: number | null;
  peg_ratio: number | null;
  rsi: number | null;
  atr_percent: number | null;
  macd: number | null;
  revenue_growth: number | null;
  earnings_growth: number | null;
  eps: number | null;
  net_profit_margin: number | null;
  book_value_per_share: number | null;
  interest_coverage: number | null;
  average_volume: number | null;
  description: string | null;
  domain: string | null;
  last_updated: Date | null;
}

const COMPANY_FIELDS = [
  'market_cap',
  'pe_ratio',
  'pb_ratio',
  'dividend_yield',
  'roe',
  'roa',
  'gross_margin',
  'operating_margin',
  'ev_ebitda',
  'ps_ratio',
  'peg_ratio',
  'revenue_growth',
  'earnings_growth',
  'eps',
  'net_profit_margin',
  'book_value_per_share',
  'interest_coverage',
  'description',
  'domain',
];

const SELECT = `
  SELECT c."symbol", c."company_name", ${COMPANY_FIELDS.map((f) => `c."${f}"`).join(', ')},
    m."rsi", m."atr_percent", m."macd",
    COALESCE(m."average_volume", c."average_volume") AS "average_volume",
    GREATEST(c."updated_at" AT TIME ZONE 'UTC', m."refreshed_at") AS "last_updated"
  FROM "companies" c LEFT JOIN "stock_metrics" m ON m."company_id" = c."id"`;

/** A column the explorer's table sorts by, and the direction. */
export interface ExplorerSort {
  by: string;
  dir: 'asc' | 'desc';
}

const COMPUTED: Record<string, string> = {
  symbol: 'c."symbol"',
  company_name: 'c."company_name"',
  rsi: 'm."rsi"',
  atr_percent: 'm."atr_percent"',
  macd: 'm."macd"',
  average_volume: 'COALESCE(m."average_volume", c."average_volume")',
  last_updated: 'GREATEST(c."updated_at" AT TIME ZONE \'UTC\', m."refreshed_at")',
};

/** The leading ORDER BY term of a sort over a known column (missing values last), else null. */
function sortOrder(sort: ExplorerSort | null | undefined): string | null {
  if (!sort) return null;
  const column =
    COMPUTED[sort.by] ?? (COMPANY_FIELDS.includes(sort.by) ? `c."${sort.by}"` : undefined);
  if (!column) return null;
  const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
  return `${column} ${dir} NULLS LAST, `;
}

/** `%` and `_` (and the escape itself) are literal in a search, not LIKE wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The SQL and parameters of one explorer page. With a search: listings whose symbol starts with
 * it or whose name contains it (or resembles it, 3 characters and more), the exact symbol first,
 * then symbol prefixes, then by name similarity. Without: by market cap, largest first. A sort
 * (a column of the explorer's table) comes before either order, over all the matching listings.
 */
export function explorerQuery(
  source: UniverseName,
  search: string,
  page: { limit: number; offset: number },
  sort?: ExplorerSort | null,
): { text: string; values: unknown[] } {
  const order = sortOrder(sort);
  if (search === '') {
    return {
      text: `${SELECT} WHERE c."source" = $1::"UniverseSource" AND c."delisted_at" IS NULL
        ORDER BY ${order ?? ''}c."market_cap" DESC NULLS LAST, c."symbol" LIMIT $2 OFFSET $3`,
      values: [source, page.limit, page.offset],
    };
  }
  const upper = search.toUpperCase();
  // Under 3 characters a name holds no whole trigram: similarity would match nothing useful.
  const similar = search.length >= 3 ? `OR c."company_name" % $5` : '';
  return {
    text: `${SELECT}
      WHERE c."source" = $1::"UniverseSource" AND c."delisted_at" IS NULL
        AND (upper(c."symbol") LIKE $2 OR c."company_name" ILIKE $3 ${similar})
      ORDER BY ${order ?? ''}(upper(c."symbol") = $4) DESC, (upper(c."symbol") LIKE $2) DESC,
        similarity(c."company_name", $5) DESC, c."market_cap" DESC NULLS LAST, c."symbol"
      LIMIT $6 OFFSET $7`,
    values: [
      source,
      `${likeLiteral(upper)}%`,
      `%${likeLiteral(search)}%`,
      upper,
      search,
      page.limit,
      page.offset,
    ],
  };
}

export async function exploreCompanies(
  db: Db,
  source: UniverseName,
  search: string,
  page: { limit: number; offset: number },
  sort?: ExplorerSort | null,
): Promise<ExplorerRow[]> {
  const { rows } = await db.pool.query<ExplorerRow>(explorerQuery(source, search, page, sort));
  return rows;
}

/** How many listings a universe holds (the explorer's page count). */
export async function countCompanies(db: Db, source: UniverseName): Promise<number> {
  return db.company.count({ where: { source, delistedAt: null } });
}

/** The domains of these listings (missing symbols are left out). */
export async function companyDomains(
  db: Db,
  source: UniverseName,
  symbols: readonly string[],
): Promise<Map<string, string | null>> {
  const rows = await db.company.findMany({
    where: { source, symbol: { in: [...symbols] } },
    select: { symbol: true, domain: true },
  });
  return new Map(rows.map((row) => [row.symbol, row.domain]));
}

/** A listing's name and sector (what a generated logo draws), or null when there is none. */
export async function companyLook(
  db: Db,
  source: UniverseName,
  symbol: string,
): Promise<{ companyName: string; sector: string | null } | null> {
  return db.company.findUnique({
    where: { source_symbol: { source, symbol } },
    select: { companyName: true, sector: true },
  });
}
