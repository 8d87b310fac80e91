import { NEWS_SENTIMENT_LIMIT } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * GET /api/get-news-sentiment reads the news cache only. The cache is filled here by the service
 * the worker's news processor calls (apps/worker/test/news.int.test.ts runs it through the queue
 * and covers Alpaca); the demo clock is paused at DEMO_CLOCK_START.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => api.reset());

/** Demo listings with news in the week before the demo clock, as the lists would hold them. */
async function demoSymbolsWithNews(count: number) {
  const market = api.runtime.demo.market;
  const found: string[] = [];
  for (const company of await market.listUniverse()) {
    if ((await market.getNews({ symbols: [company.symbol] })).length > 0)
      found.push(company.symbol);
    if (found.length === count) break;
  }
  for (const symbol of found)
    await api.runtime.db.company.create({
      data: { source: 'demo', symbol, companyName: `${symbol} Company` },
    });
  return found;
}

describe('GET /api/get-news-sentiment', () => {
  it('answers 401 without a token', async () => {
    expect((await api.http.get('/api/get-news-sentiment')).status).toBe(401);
  });

  it('is an empty array while nothing is monitored, then the cached news, newest first', async () => {
    const { token } = await signUpAndLogIn(api, 'reader');
    await api.http.post('/api/use-demo-market', undefined, token);
    expect(await api.http.get('/api/get-news-sentiment', token)).toMatchObject({
      status: 200,
      body: [],
    });

    const symbols = await demoSymbolsWithNews(2);
    await api.http.post('/api/backtest/stocks', { symbols }, token);
    // Nothing is fetched per request: the list is monitored, but the cache is still empty.
    expect((await api.http.get('/api/get-news-sentiment', token)).body).toEqual([]);

    const refresh = await api.runtime.services.news.refresh();
    expect(refresh.inserted).toBeGreaterThan(0);
    const reply = await api.http.get('/api/get-news-sentiment', token);
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(refresh.inserted);
    const now = api.runtime.demo.clock.now();
    const times = reply.body.map((item: { published_at: string }) => Date.parse(item.published_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    for (const item of reply.body) {
      expect(Object.keys(item).sort()).toEqual([
        'description',
        'published_at',
        'sentiment_score',
        'source',
        'symbol',
        'title',
        'url',
      ]);
      expect(symbols).toContain(item.symbol);
      expect(item.sentiment_score).toBeGreaterThanOrEqual(-1);
      expect(item.sentiment_score).toBeLessThanOrEqual(1);
      expect(item.source).toBe('Demo Wire');
    }
  });

  it(`returns at most ${NEWS_SENTIMENT_LIMIT} items, and none published after the demo clock`, async () => {
    const { token } = await signUpAndLogIn(api, 'capped');
    await api.http.post('/api/use-demo-market', undefined, token);
    const [symbol] = await demoSymbolsWithNews(1);
    await api.http.post('/api/backtest/stocks', { symbols: [symbol] }, token);
    const now = api.runtime.demo.clock.now();
    // 130 cached items an hour apart, the newest in the demo clock's future (a restarted process).
    await api.runtime.db.newsItem.createMany({
      data: Array.from({ length: 130 }, (_, i) => ({
        market: 'demo' as const,
        externalId: `bulk-${i}`,
        symbol: symbol as string,
        title: `Item ${i}`,
        description: '',
        url: `https://news.example/${i}`,
        source: 'Demo Wire',
        publishedAt: new Date(now + (2 - i) * 3_600_000),
        sentimentScore: 0,
      })),
    });
    const reply = await api.http.get('/api/get-news-sentiment', token);
    expect(reply.body).toHaveLength(NEWS_SENTIMENT_LIMIT);
    expect(reply.body[0].title).toBe('Item 2');
    expect(reply.body[NEWS_SENTIMENT_LIMIT - 1].title).toBe(`Item ${NEWS_SENTIMENT_LIMIT + 1}`);
  });

  it('reads the newest items of a few symbols through the (market, symbol, published_at) index', async () => {
    // 60 symbols × 200 items on each market, so the planner has a real table to choose for.
    await api.runtime.db.$executeRaw`
      INSERT INTO news_items
        (market, external_id, symbol, title, description, url, source, published_at, sentiment_score)
      SELECT m::"NewsMarket", 'x-' || s || '-' || i, 'SYM' || s, 'T', '', '', 'W',
             timestamptz '2026-01-01' - i * interval '1 hour', 0
      FROM unnest(ARRAY['demo', 'alpaca']) AS m, generate_series(1, 60) AS s,
           generate_series(1, 200) AS i`;
    await api.runtime.db.$executeRawUnsafe('VACUUM ANALYZE news_items');
    const plan = await api.runtime.db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN SELECT title, url, description, symbol, source, published_at, sentiment_score
       FROM news_items
       WHERE market = 'demo' AND symbol IN ('SYM1', 'SYM2', 'SYM3')
         AND published_at <= '2026-01-05T14:00:00Z'
       ORDER BY published_at DESC, symbol ASC, id ASC LIMIT 100`,
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('news_items_market_symbol_published_at_idx');
    expect(text).not.toContain('Seq Scan');
  });
});
