import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toBarRows } from '../ports/bar-rows.js';
import {
  alpacaDailyBar,
  alpacaDailyBars,
  alpacaError,
  createFakeAlpaca,
} from '../../test/alpaca-server.js';
import { AlpacaMarketData, type AlpacaMarketDataOptions } from './alpaca-market-data.js';
import {
  AlpacaError,
  AlpacaInvalidKeysError,
  AlpacaNotPermittedError,
  AlpacaPayloadError,
  AlpacaRateLimitError,
} from './errors.js';

const { server, state } = createFakeAlpaca();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Tuesday 2024-03-05, 10:00 in New York: the session of the 5th is running, the 4th is complete.
const WALL = Date.parse('2024-03-05T15:00:00Z');
let sleeps: number[];
beforeEach(() => {
  sleeps = [];
  state.requests.length = 0;
  state.bars = new Map([['AAPL', alpacaDailyBars('2024-01-02', '2024-03-05')]]);
  state.news = [];
});

function adapter(o: Partial<AlpacaMarketDataOptions> = {}) {
  return new AlpacaMarketData({
    keyId: 'PKTESTKEY',
    secret: 'test-secret-value',
    wallTime: () => WALL,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...o,
  });
}
const paths = () => state.requests.map((r) => r.url.pathname);

describe('daily bars', () => {
  it('follows next_page_token over every page and returns completed sessions, oldest first', async () => {
    const bars = await adapter({ pageSize: 15 }).getDailyBars('aapl', {
      from: '2024-01-01',
      to: '2024-03-05',
    });
    const rows = toBarRows(bars);
    // 2024-01-02 … 2024-03-04: 43 sessions (MLK Day and Presidents' Day closed); the 5th is
    // still trading at 10:00, so its bar is not served.
    expect(rows).toHaveLength(43);
    expect(bars.symbol).toBe('AAPL');
    expect(rows[0]).toEqual({
      date: '2024-01-02',
      open: 99.5,
      high: 101,
      low: 99,
      close: 100,
      volume: 1_001_000,
    });
    expect(rows.at(-1)?.date).toBe('2024-03-04');
    expect(rows.map((r) => r.close)).toEqual(rows.map((_, i) => 100 + i));
    const pages = state.requests;
    expect(pages).toHaveLength(3);
    expect(pages.map((r) => r.url.searchParams.get('page_token') !== null)).toEqual([
      false,
      true,
      true,
    ]);
    const q = pages[0]!.url.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      timeframe: '1Day',
      feed: 'iex',
      adjustment: 'all',
      sort: 'asc',
      limit: '15',
      start: '2024-01-01T00:00:00.000Z',
      end: '2024-03-04T23:59:59.000Z',
    });
    expect(pages[0]!.url.origin).toBe('https://data.alpaca.markets');
    expect(pages[0]!.url.pathname).toBe('/v2/stocks/AAPL/bars');
    expect(pages[0]).toMatchObject({ keyId: 'PKTESTKEY', secret: 'test-secret-value' });
  });

  it('drops a bar of a session that has not closed, even when the server sends it', async () => {
    server.use(
      http.get('*/v2/stocks/:symbol/bars', () =>
        HttpResponse.json({
          symbol: 'AAPL',
          bars: [alpacaDailyBar('2024-03-04', 10), alpacaDailyBar('2024-03-05', 11)],
          next_page_token: null,
        }),
      ),
    );
    const rows = toBarRows(
      await adapter().getDailyBars('AAPL', { from: '2024-03-01', to: '2024-03-08' }),
    );
    expect(rows.map((r) => r.date)).toEqual(['2024-03-04']);
  });

  it('returns empty bars for a symbol without data (bars: null) and asks nothing for an empty range', async () => {
    const a = adapter();
    const none = await a.getDailyBars('ZZZZ', { from: '2024-01-01', to: '2024-02-01' });
    expect(none.close.length).toBe(0);
    expect(none.symbol).toBe('ZZZZ');
    expect(state.requests).toHaveLength(1);
    const future = await a.getDailyBars('AAPL', { from: '2024-03-05', to: '2024-03-09' });
    expect(future.close.length).toBe(0);
    expect(state.requests).toHaveLength(1);
  });

  it('uses the SIP feed when configured', async () => {
    await adapter({ feed: 'sip' }).getDailyBars('AAPL', { from: '2024-02-01', to: '2024-02-02' });
    expect(state.requests[0]!.url.searchParams.get('feed')).toBe('sip');
  });
});

describe('retries and errors', () => {
  const range = { from: '2024-02-01', to: '2024-02-29' };

  it('waits what Retry-After says after a 429, then succeeds', async () => {
    server.use(
      http.get(
        '*/v2/stocks/:symbol/bars',
        () => alpacaError(429, 'too many requests', { 'Retry-After': '3' }),
        {
          once: true,
        },
      ),
    );
    const bars = await adapter().getDailyBars('AAPL', range);
    expect(bars.close.length).toBe(20);
    expect(sleeps).toEqual([3000]);
  });

  it('reads an HTTP-date Retry-After and backs off 1 s, 2 s, … when there is none', async () => {
    server.use(
      http.get(
        '*/v2/stocks/:symbol/bars',
        () => alpacaError(429, 'slow down', { 'Retry-After': new Date(WALL + 5000).toUTCString() }),
        { once: true },
      ),
      http.get('*/v2/stocks/:symbol/bars', () => alpacaError(429, 'slow down'), { once: true }),
    );
    await adapter().getDailyBars('AAPL', range);
    expect(sleeps).toEqual([5000, 2000]);
  });

  it('waits until X-RateLimit-Reset when there is no Retry-After (what Alpaca sends)', async () => {
    const reset = String(WALL / 1000 + 7);
    server.use(
      http.get(
        '*/v2/stocks/:symbol/bars',
        () =>
          alpacaError(429, 'rate limit exceeded', {
            'X-RateLimit-Limit': '200',
            'X-RateLimit-Remaining': '0',
            'X-RateLimit-Reset': reset,
          }),
        { once: true },
      ),
    );
    await adapter().getDailyBars('AAPL', range);
    expect(sleeps).toEqual([7000]);
  });

  it('gives up with a rate-limit error after the allowed retries', async () => {
    server.use(
      http.get('*/v2/stocks/:symbol/bars', () =>
        alpacaError(429, 'too many requests', { 'Retry-After': '2' }),
      ),
    );
    const err = await adapter({ maxRetries: 2 })
      .getDailyBars('AAPL', range)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlpacaRateLimitError);
    expect(err).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 2000 });
    expect((err as Error).message).toBe(
      'Alpaca rate limit on GET /v2/stocks/AAPL/bars: still 429 after 3 attempts',
    );
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('caps a long Retry-After at maxRetryWaitMs', async () => {
    server.use(
      http.get(
        '*/v2/stocks/:symbol/bars',
        () => alpacaError(429, 'later', { 'Retry-After': '3600' }),
        { once: true },
      ),
    );
    await adapter({ maxRetryWaitMs: 10_000 }).getDailyBars('AAPL', range);
    expect(sleeps).toEqual([10_000]);
  });

  it('maps 401 to invalid keys, without retrying or echoing the secret', async () => {
    server.use(http.get('*/v2/stocks/:symbol/bars', () => alpacaError(401, 'unauthorized.')));
    const err = await adapter()
      .getDailyBars('AAPL', range)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlpacaInvalidKeysError);
    expect((err as Error).message).toBe(
      'Alpaca rejected the API keys (401) on GET /v2/stocks/AAPL/bars',
    );
    expect((err as Error).message).not.toContain('test-secret-value');
    expect(sleeps).toEqual([]);
  });

  it('maps 403 to not permitted with Alpaca’s reason', async () => {
    server.use(
      http.get('*/v2/stocks/:symbol/trades/latest', () =>
        alpacaError(403, 'subscription does not permit querying recent SIP data'),
      ),
    );
    const err = await adapter({ feed: 'sip' })
      .getLatestTrade('AAPL')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlpacaNotPermittedError);
    expect(err).toMatchObject({ kind: 'not-permitted', status: 403 });
    expect((err as Error).message).toContain(
      'subscription does not permit querying recent SIP data',
    );
  });

  it('retries a 503, and reports an unreachable server as unavailable', async () => {
    server.use(http.get('*/v2/clock', () => alpacaError(503, 'maintenance'), { once: true }));
    await adapter().refreshClock();
    expect(sleeps).toEqual([1000]);
    server.use(http.get('*/v2/clock', () => HttpResponse.error()));
    const err = await adapter({ maxRetries: 1 })
      .refreshClock()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlpacaError);
    expect(err).toMatchObject({ kind: 'unavailable' });
  });

  it('refuses a malformed bar page whole, naming the field, even after good pages', async () => {
    let calls = 0;
    server.use(
      http.get('*/v2/stocks/:symbol/bars', () => {
        calls++;
        const good = alpacaDailyBar('2024-02-01', 10);
        return calls === 1
          ? HttpResponse.json({ symbol: 'AAPL', bars: [good], next_page_token: 'cGFnZTI=' })
          : HttpResponse.json({
              symbol: 'AAPL',
              bars: [{ ...alpacaDailyBar('2024-02-02', 11), c: '11.0' }, { o: 1 }],
              next_page_token: null,
            });
      }),
    );
    const err = await adapter()
      .getDailyBars('AAPL', range)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlpacaPayloadError);
    const problems = (err as AlpacaPayloadError).problems;
    expect(problems[0]).toBe('bars[0].c: Invalid input: expected number, received string');
    expect(problems).toContain('bars[1].t: Invalid input: expected string, received undefined');
    expect((err as Error).message).toMatch(
      /^Malformed Alpaca payload from GET \/v2\/stocks\/AAPL\/bars: /,
    );
  });

  it('refuses a body that is not JSON, and bars that go backwards', async () => {
    server.use(
      http.get('*/v2/stocks/:symbol/bars', () => new HttpResponse('<html>oops</html>'), {
        once: true,
      }),
    );
    await expect(adapter().getDailyBars('AAPL', range)).rejects.toThrow(
      'Malformed Alpaca payload from GET /v2/stocks/AAPL/bars: body is not JSON (<html>oops</html>)',
    );
    server.use(
      http.get('*/v2/stocks/:symbol/bars', () =>
        HttpResponse.json({
          symbol: 'AAPL',
          bars: [alpacaDailyBar('2024-02-02', 11), alpacaDailyBar('2024-02-01', 10)],
          next_page_token: null,
        }),
      ),
    );
    await expect(adapter().getDailyBars('AAPL', range)).rejects.toThrow(
      /bars\[1\]\.t: dates not increasing/,
    );
  });

  it('refuses bars of another symbol than the one asked for', async () => {
    server.use(
      http.get('*/v2/stocks/:symbol/bars', () =>
        HttpResponse.json({ symbol: 'MSFT', bars: [], next_page_token: null }),
      ),
    );
    await expect(adapter().getDailyBars('AAPL', range)).rejects.toThrow(
      'Malformed Alpaca payload from GET /v2/stocks/AAPL/bars: symbol: expected AAPL, received MSFT',
    );
  });

  it('refuses a latest trade with a missing price', async () => {
    server.use(
      http.get('*/v2/stocks/:symbol/trades/latest', () =>
        HttpResponse.json({ symbol: 'AAPL', trade: { t: '2024-03-05T15:00:01Z', s: 100 } }),
      ),
    );
    await expect(adapter().getLatestTrade('AAPL')).rejects.toThrow(
      'Malformed Alpaca payload from GET /v2/stocks/AAPL/trades/latest: trade.p: Invalid input: expected number, received undefined',
    );
  });
});

describe('latest trade and quote', () => {
  it('maps the documented shapes and passes the feed', async () => {
    const a = adapter();
    expect(await a.getLatestTrade('aapl')).toEqual({
      symbol: 'AAPL',
      price: 187.12,
      size: 100,
      time: Date.parse('2024-03-05T15:00:01.123Z'),
    });
    expect(await a.getLatestQuote('AAPL')).toEqual({
      symbol: 'AAPL',
      bid: 187.1,
      ask: 187.15,
      bidSize: 3,
      askSize: 2,
      time: Date.parse('2024-03-05T15:00:02Z'),
    });
    expect(paths()).toEqual(['/v2/stocks/AAPL/trades/latest', '/v2/stocks/AAPL/quotes/latest']);
    expect(state.requests.map((r) => r.url.searchParams.get('feed'))).toEqual(['iex', 'iex']);
  });

  it('answers null for an unknown symbol (404)', async () => {
    expect(await adapter().getLatestTrade('NOPE')).toBeNull();
  });
});
