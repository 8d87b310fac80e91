import { describe, expect, it } from 'vitest';
import { callerSuite, expectUnauthenticated } from './caller.js';

/** The user is on the demo market (its clock paused), the admin on Alpaca. */
const s = callerSuite('nws', { demoMarket: true });

const HOUR = 3_600_000;

describe('news router', () => {
  it('reads the cached news of the caller’s monitored symbols on the caller’s market, newest first', async () => {
    const { db } = s.api.runtime;
    const now = s.api.runtime.demo.clock.now();
    expect(await s.user.call.news.sentiment()).toEqual([]);
    await db.backtestListEntry.createMany({
      data: [
        { userId: s.user.userId, symbol: 'DMA' },
        { userId: s.admin.userId, symbol: 'DMA' },
      ],
    });
    const item = (market: 'demo' | 'alpaca', symbol: string, title: string, hoursAgo: number) => ({
      market,
      externalId: title,
      symbol,
      title,
      description: `${title} text`,
      url: `https://news.example/${title}`,
      source: 'Demo Wire',
      publishedAt: new Date(now - hoursAgo * HOUR),
      sentimentScore: 0.25,
    });
    await db.newsItem.createMany({
      data: [
        item('demo', 'DMA', 'older', 5),
        item('demo', 'DMA', 'newer', 1),
        // Not monitored, on the other market, or after the demo clock's now: not shown.
        item('demo', 'DMB', 'unwatched', 2),
        item('alpaca', 'DMA', 'real', 3),
        item('demo', 'DMA', 'future', -2),
      ],
    });
    const news = await s.user.call.news.sentiment();
    expect(news.map((n) => n.title)).toEqual(['newer', 'older']);
    expect(news[0]).toEqual({
      title: 'newer',
      url: 'https://news.example/newer',
      description: 'newer text',
      symbol: 'DMA',
      source: 'Demo Wire',
      published_at: new Date(now - HOUR).toISOString(),
      sentiment_score: 0.25,
    });
    expect((await s.admin.call.news.sentiment()).map((n) => n.title)).toEqual(['real']);
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.news.sentiment());
  });
});
