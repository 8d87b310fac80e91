import { NEWS_SENTIMENT_LIMIT, type TNewsSentimentOutput } from '@tradebot/api-contract';
import { latestNews, monitoredSymbols } from '@tradebot/db';
import { enqueue, newsQueue } from '@tradebot/jobs';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import type { SessionInfo } from '../types.js';
import { refreshNews } from './news-refresh.js';

/**
 * News sentiment: the worker's scheduled refresh fills the PostgreSQL cache (news-refresh.ts);
 * GET /api/get-news-sentiment reads that cache only, never the market.
 */
export function newsService(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'market' | 'now' | 'newsQueue'>,
  market: ActiveMarketService,
) {
  return {
    /** The news queue's job: every user's monitored symbols, both markets, then the prune. */
    refresh: () => refreshNews(deps),

    /**
     * Stocks new on a list ask for their news now rather than at the next scheduled slot. One
     * job per minute at most (its id names the minute), so a burst of saves fetches once.
     */
    async refreshSoon(): Promise<void> {
      const minute = Math.floor(deps.now().getTime() / 60_000);
      await enqueue(deps.newsQueue, newsQueue, {}, { jobId: `news-soon-${minute}` });
    },

    /**
     * GET /api/get-news-sentiment: the newest cached items of the user's monitored symbols on the
     * user's market. On the demo market only items published by the demo clock's now: a restarted
     * process starts its clock at DEMO_CLOCK_START again, behind items cached before.
     */
    async forUser(session: SessionInfo): Promise<TNewsSentimentOutput> {
      const symbols = await monitoredSymbols(deps.db, session.userId);
      if (symbols.length === 0) return [];
      const name = market.marketOf(session);
      const notAfter = name === 'demo' ? new Date(deps.market.demo.clock.now()) : undefined;
      const rows = await latestNews(deps.db, name, symbols, NEWS_SENTIMENT_LIMIT, notAfter);
      return rows.map((row) => ({
        title: row.title,
        url: row.url,
        description: row.description,
        symbol: row.symbol,
        source: row.source,
        published_at: row.publishedAt.toISOString(),
        sentiment_score: row.sentimentScore,
      }));
    },
  };
}
