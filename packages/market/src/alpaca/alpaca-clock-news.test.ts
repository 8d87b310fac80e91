import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFakeAlpaca, DEFAULT_CLOCK, newsArticle } from '../../test/alpaca-server.js';
import { AlpacaMarketData, type AlpacaMarketDataOptions } from './alpaca-market-data.js';
import { resolveAlpacaConnection } from './settings.js';

const { server, state } = createFakeAlpaca();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let wall = 0;
beforeEach(() => {
  // The machine's clock runs 2 s behind Alpaca's (timestamp 15:00:00.123Z).
  wall = Date.parse('2024-03-05T14:59:58.123Z');
  state.requests.length = 0;
  state.news = [];
  state.calendar = [];
  state.clock = { ...DEFAULT_CLOCK };
});

function adapter(o: Partial<AlpacaMarketDataOptions> = {}) {
  return new AlpacaMarketData({
    keyId: 'PKTESTKEY',
    secret: 'test-secret-value',
    wallTime: () => wall,
    sleep: async () => {},
    ...o,
  });
}
const iso = (ms: number) => new Date(ms).toISOString();

describe('clock', () => {
  it('follows the computed calendar and the wall clock before the first refresh', () => {
    const clock = adapter().clock;
    expect(clock.lastRefreshedAt).toBeNull();
    expect(iso(clock.now())).toBe('2024-03-05T14:59:58.123Z');
    expect(clock.isOpen()).toBe(true);
    expect(iso(clock.nextClose())).toBe('2024-03-05T21:00:00.000Z');
  });

  it('answers from the fetched snapshot, in Alpaca time, until its next change', async () => {
    const a = await AlpacaMarketData.connect({
      keyId: 'k',
      secret: 's',
      wallTime: () => wall,
      sleep: async () => {},
    });
    expect(state.requests.map((r) => r.url.href)).toEqual([
      'https://paper-api.alpaca.markets/v2/clock',
    ]);
    expect(a.clock.lastRefreshedAt).toBe(wall);
    expect(iso(a.clock.now())).toBe('2024-03-05T15:00:00.123Z');
    wall += 60_000;
    expect(iso(a.clock.now())).toBe('2024-03-05T15:01:00.123Z');
    expect(a.clock.isOpen()).toBe(true);
    expect(iso(a.clock.nextOpen())).toBe('2024-03-06T14:30:00.000Z');
    expect(iso(a.clock.nextClose())).toBe('2024-03-05T21:00:00.000Z');
  });

  it('trusts the snapshot over the computed calendar (an unscheduled closure)', async () => {
    state.clock = {
      timestamp: '2024-03-05T10:00:00-05:00',
      is_open: false,
      next_open: '2024-03-06T09:30:00-05:00',
      next_close: '2024-03-06T16:00:00-05:00',
    };
    const a = adapter();
    await a.refreshClock();
    expect(a.clock.isOpen()).toBe(false);
    expect(iso(a.clock.nextClose())).toBe('2024-03-06T21:00:00.000Z');
  });

  it('falls back to the computed calendar once the snapshot has gone past its next change', async () => {
    const a = adapter();
    await a.refreshClock();
    wall += 7 * 3_600_000; // 22:00Z, an hour after the close Alpaca announced
    expect(a.clock.isOpen()).toBe(false);
    expect(iso(a.clock.nextOpen())).toBe('2024-03-06T14:30:00.000Z');
    expect(iso(a.clock.nextClose())).toBe('2024-03-06T21:00:00.000Z');
  });

  it('keeps the previous snapshot when a refresh fails on a malformed clock', async () => {
    const a = adapter();
    await a.refreshClock();
    state.clock = { ...state.clock, is_open: 'yes' as unknown as boolean };
    await expect(a.refreshClock()).rejects.toThrow(
      'Malformed Alpaca payload from GET /v2/clock: is_open: Invalid input: expected boolean, received string',
    );
    expect(iso(a.clock.now())).toBe('2024-03-05T15:00:00.123Z');
  });
});

describe('calendar', () => {
  it('maps /v2/calendar rows to sessions, early closes included', async () => {
    state.calendar = [
      {
        date: '2024-07-03',
        open: '09:30',
        close: '13:00',
        session_open: '0400',
        session_close: '2000',
        settlement_date: '2024-07-05',
      },
      {
        date: '2024-07-05',
        open: '09:30',
        close: '16:00',
        session_open: '0400',
        session_close: '2000',
        settlement_date: '2024-07-08',
      },
    ];
    const sessions = await adapter().getCalendar({ from: '2024-07-03', to: '2024-07-05' });
    expect(sessions.map((s) => ({ ...s, open: iso(s.open), close: iso(s.close) }))).toEqual([
      {
        day: 19907,
        open: '2024-07-03T13:30:00.000Z',
        close: '2024-07-03T17:00:00.000Z',
        earlyClose: true,
      },
      {
        day: 19909,
        open: '2024-07-05T13:30:00.000Z',
        close: '2024-07-05T20:00:00.000Z',
        earlyClose: false,
      },
    ]);
    const q = state.requests[0]!.url;
    expect(q.origin + q.pathname).toBe('https://paper-api.alpaca.markets/v2/calendar');
    expect(q.searchParams.get('start')).toBe('2024-07-02T12:00:00.000Z');
    expect(q.searchParams.get('end')).toBe('2024-07-06T12:00:00.000Z');
  });

  it('agrees with the computed NYSE calendar on the days it serves', async () => {
    state.calendar = [
      { date: '2024-03-04', open: '09:30', close: '16:00' },
    ] as typeof state.calendar;
    const [alpaca] = await adapter().getCalendar({ from: '2024-03-04', to: '2024-03-04' });
    const computed = await import('../calendar/nyse.js').then((m) => m.sessionOf(alpaca!.day));
    expect(alpaca).toEqual(computed);
  });

  it('refuses a row with a bad time', async () => {
    state.calendar = [
      { date: '2024-03-04', open: '9:30am', close: '16:00' },
    ] as typeof state.calendar;
    await expect(adapter().getCalendar({ from: '2024-03-04', to: '2024-03-04' })).rejects.toThrow(
      'Malformed Alpaca payload from GET /v2/calendar: [0].open: expected HH:MM',
    );
  });
});

describe('news', () => {
  it('maps articles, one item per requested symbol, newest first, following pages up to the limit', async () => {
    // 120 articles one minute apart, the newest at 14:59Z; #7 is about AAPL and MSFT.
    const base = Date.parse('2024-03-05T14:59:00Z');
    state.news = Array.from({ length: 120 }, (_, i) =>
      newsArticle(
        1000 + i,
        iso(base - i * 60_000).replace('.000Z', 'Z'),
        i === 7 ? ['AAPL', 'MSFT'] : ['AAPL'],
      ),
    );
    const a = adapter();
    await a.refreshClock();
    const items = await a.getNews({ symbols: ['aapl', 'MSFT'], limit: 70 });
    expect(items).toHaveLength(70);
    expect(items[0]).toEqual({
      id: 'alpaca-1000-AAPL',
      symbol: 'AAPL',
      title: 'Headline 1000',
      description: 'Summary 1000',
      url: 'https://www.benzinga.com/news/1000',
      source: 'benzinga',
      publishedAt: base,
    });
    expect(items.filter((i) => i.title === 'Headline 1007').map((i) => i.id)).toEqual([
      'alpaca-1007-AAPL',
      'alpaca-1007-MSFT',
    ]);
    const newsRequests = state.requests.filter((r) => r.url.pathname === '/v1beta1/news');
    expect(newsRequests).toHaveLength(2);
    const q = newsRequests[0]!.url;
    expect(q.origin).toBe('https://data.alpaca.markets');
    expect(Object.fromEntries(q.searchParams)).toEqual({
      symbols: 'AAPL,MSFT',
      start: '2024-02-27T15:00:00.123Z',
      end: '2024-03-05T15:00:00.123Z',
      sort: 'desc',
      limit: '50',
    });
    expect(newsRequests[1]!.url.searchParams.get('page_token')).not.toBeNull();
  });

  it('returns an empty list for no articles (news: [] or null)', async () => {
    expect(await adapter().getNews({ symbols: ['AAPL'] })).toEqual([]);
    expect(await adapter().getNews({ symbols: [] })).toEqual([]);
    expect(state.requests).toHaveLength(1);
  });

  it('refuses an article without a headline', async () => {
    state.news = [
      {
        ...newsArticle(1, '2024-03-05T14:00:00Z', ['AAPL']),
        headline: undefined as unknown as string,
      },
    ];
    await expect(adapter().getNews({ symbols: ['AAPL'] })).rejects.toThrow(
      'Malformed Alpaca payload from GET /v1beta1/news: news[0].headline: Invalid input: expected string, received undefined',
    );
  });
});

describe('addresses', () => {
  it('sends every call to the configured trading and data addresses', async () => {
    const a = adapter({
      tradingUrl: 'http://sim.test:4010/',
      dataUrl: 'http://sim-data.test:4011/alpaca',
    });
    await a.refreshClock();
    await a.getCalendar({ from: '2024-03-04', to: '2024-03-04' });
    await a.getDailyBars('AAPL', { from: '2024-03-01', to: '2024-03-04' });
    await a.getLatestQuote('AAPL');
    await a.getNews({ symbols: ['AAPL'] });
    expect(state.requests.map((r) => r.url.origin + r.url.pathname)).toEqual([
      'http://sim.test:4010/v2/clock',
      'http://sim.test:4010/v2/calendar',
      'http://sim-data.test:4011/alpaca/v2/stocks/AAPL/bars',
      'http://sim-data.test:4011/alpaca/v2/stocks/AAPL/quotes/latest',
      'http://sim-data.test:4011/alpaca/v1beta1/news',
    ]);
  });

  it('reads ALPACA_TRADING_URL and ALPACA_DATA_URL from the env it is given', async () => {
    const env = {
      ALPACA_TRADING_URL: 'http://env-trading.test',
      ALPACA_DATA_URL: 'http://env-data.test',
    };
    const a = adapter({ env });
    await a.refreshClock();
    await a.getLatestTrade('AAPL');
    expect(state.requests.map((r) => r.url.origin)).toEqual([
      'http://env-trading.test',
      'http://env-data.test',
    ]);
    expect(a.connection).toEqual({
      paper: true,
      feed: 'iex',
      tradingUrl: 'http://env-trading.test',
      dataUrl: 'http://env-data.test',
    });
  });

  it('defaults to Alpaca’s addresses: paper or live trading, one data host', () => {
    const keys = { keyId: 'k', secret: 's' };
    expect(resolveAlpacaConnection(keys)).toMatchObject({
      tradingUrl: 'https://paper-api.alpaca.markets',
      dataUrl: 'https://data.alpaca.markets',
      feed: 'iex',
    });
    expect(
      resolveAlpacaConnection({ ...keys, paper: false, env: { ALPACA_TRADING_URL: '' } }),
    ).toMatchObject({ tradingUrl: 'https://api.alpaca.markets', paper: false });
    expect(
      resolveAlpacaConnection({
        ...keys,
        tradingUrl: 'http://x.test',
        env: { ALPACA_TRADING_URL: 'http://y.test' },
      }).tradingUrl,
    ).toBe('http://x.test');
  });

  it('refuses bad settings with a message saying what to fix', () => {
    expect(() =>
      resolveAlpacaConnection({ keyId: 'k', secret: 's', dataUrl: 'data.alpaca' }),
    ).toThrow('ALPACA_DATA_URL must be an http(s) address, got "data.alpaca"');
    expect(() => resolveAlpacaConnection({ keyId: '', secret: 's' })).toThrow(
      'Alpaca needs both a key id and a secret',
    );
    expect(() =>
      resolveAlpacaConnection({ keyId: 'k', secret: 's', feed: 'otc' as unknown as 'iex' }),
    ).toThrow('unknown Alpaca feed "otc"');
  });
});
