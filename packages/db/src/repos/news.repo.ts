import type { Db } from '../client.js';
import type { MarketName } from '../market-names.js';

/**
 * The news cache (news_items). The worker's refresh writes it; GET /api/get-news-sentiment reads
 * it. Symbols are upper-case; times are market time.
 */

export interface NewsItemRow {
  externalId: string;
  symbol: string;
  title: string;
  description: string;
  url: string;
  source: string;
  publishedAt: Date;
  sentimentScore: number;
}

/** One user's monitored symbols with what picks their news source. */
export interface MonitoringUser {
  userId: number;
  market: MarketName;
  alpacaEnvironment: 'paper' | 'live';
  symbols: string[];
}

/** Every user who monitors at least one symbol (backtesting list ∪ Final Trading List). */
export async function monitoringUsers(db: Db): Promise<MonitoringUser[]> {
  const rows = await db.$queryRaw<
    {
      user_id: number;
      market: MarketName;
      alpaca_environment: 'paper' | 'live';
      symbols: string[];
    }[]
  >`
    SELECT u.id AS user_id, u.market::text AS market,
           u.alpaca_environment::text AS alpaca_environment,
           array_agg(DISTINCT m.symbol ORDER BY m.symbol) AS symbols
    FROM (
      SELECT user_id, symbol FROM backtest_list_entries
      UNION
      SELECT user_id, symbol FROM final_trading_list_entries
    ) m
    JOIN users u ON u.id = m.user_id
    GROUP BY u.id
    ORDER BY u.id`;
  return rows.map((row) => ({
    userId: row.user_id,
    market: row.market,
    alpacaEnvironment: row.alpaca_environment,
    symbols: row.symbols,
  }));
}

/** Inserts items not cached yet (keyed on market, external id, symbol); returns how many were new. */
export async function insertNewsItems(
  db: Db,
  market: MarketName,
  items: readonly NewsItemRow[],
): Promise<number> {
  if (items.length === 0) return 0;
  const column = <K extends keyof NewsItemRow>(key: K) => items.map((item) => item[key]);
  const inserted = await db.$executeRaw`
    INSERT INTO news_items
      (market, external_id, symbol, title, description, url, source, published_at, sentiment_score)
    SELECT ${market}::"NewsMarket", e, s, t, d, u, src, p, sc
    FROM unnest(
      ${column('externalId')}::text[], ${column('symbol')}::text[], ${column('title')}::text[],
      ${column('description')}::text[], ${column('url')}::text[], ${column('source')}::text[],
      ${column('publishedAt')}::timestamptz[], ${column('sentimentScore')}::float8[]
    ) AS i(e, s, t, d, u, src, p, sc)
    ON CONFLICT (market, external_id, symbol) DO NOTHING`;
  return inserted;
}

/** Drops a market's items published before `before`; returns how many. */
export function pruneNewsItems(db: Db, market: MarketName, before: Date): Promise<number> {
  return db.$executeRaw`
    DELETE FROM news_items WHERE market = ${market}::"NewsMarket" AND published_at < ${before}`;
}

/**
 * The newest items of `symbols` on `market` (published at or before `notAfter` when given),
 * newest first. Served by news_items_market_symbol_published_at_idx.
 */
export function latestNews(
  db: Db,
  market: MarketName,
  symbols: readonly string[],
  limit: number,
  notAfter?: Date,
) {
  return db.newsItem.findMany({
    where: {
      market,
      symbol: { in: [...symbols] },
      ...(notAfter ? { publishedAt: { lte: notAfter } } : {}),
    },
    orderBy: [{ publishedAt: 'desc' }, { symbol: 'asc' }, { id: 'asc' }],
    take: limit,
    select: {
      title: true,
      url: true,
      description: true,
      symbol: true,
      source: true,
      publishedAt: true,
      sentimentScore: true,
    },
  });
}
