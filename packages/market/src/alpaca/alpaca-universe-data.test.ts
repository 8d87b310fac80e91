import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alpacaDailyBar, alpacaDailyBars, alpacaError } from '../../test/alpaca-server.js';
import type { SymbolBarRow } from '../ports/universe-data.port.js';
import { AlpacaMarketData, type AlpacaMarketDataOptions } from './alpaca-market-data.js';
import { AlpacaPayloadError, RequestSlotTimeoutError } from './errors.js';

/**
 * `listAssets` and `getDailyBarsMany` against Alpaca's documented JSON: the Asset object of
 * `GET /v2/assets` and the multi-symbol `GET /v2/stocks/bars` (bars by symbol, sorted by symbol
 * then time, `limit` counted over the whole page, `next_page_token` to go on).
 */
type Bar = ReturnType<typeof alpacaDailyBar>;
const bars = new Map<string, Bar[]>();
const seen: URL[] = [];

/** Alpaca's paging: all bars of the asked symbols, by symbol then time, `limit` per page. */
function multiBars(url: URL) {
  const symbols = (url.searchParams.get('symbols') ?? '').split(',').sort();
  const start = Date.parse(url.searchParams.get('start') ?? '1970-01-01T00:00:00Z');
  const end = Date.parse(url.searchParams.get('end') ?? '2100-01-01T00:00:00Z');
  const all = symbols.flatMap((symbol) =>
    (bars.get(symbol) ?? [])
      .filter((b) => Date.parse(b.t) >= start && Date.parse(b.t) <= end)
      .map((bar) => ({ symbol, bar })),
  );
  const token = url.searchParams.get('page_token');
  const from = token === null ? 0 : Number(Buffer.from(token, 'base64').toString('utf8'));
  const limit = Number(url.searchParams.get('limit') ?? 1000);
  const page: Record<string, Bar[]> = {};
  for (const { symbol, bar } of all.slice(from, from + limit)) (page[symbol] ??= []).push(bar);
  const more = from + limit < all.length;
  return {
    bars: page,
    next_page_token: more ? Buffer.from(String(from + limit)).toString('base64') : null,
  };
}

function asset(symbol: string, extra: Record<string, unknown> = {}) {
  return {
    id: '904837e3-3b76-47ec-b432-046db621571b',
    class: 'us_equity',
    exchange: 'NASDAQ',
    symbol,
    name: `${symbol} Inc. Common Stock`,
    status: 'active',
    tradable: true,
    marginable: true,
    maintenance_margin_requirement: 30,
    shortable: true,
    easy_to_borrow: true,
    fractionable: true,
    attributes: ['fractional_eh_enabled', 'has_options'],
    ...extra,
  };
}

const server = setupServer(
  http.get('*/v2/stocks/bars', ({ request }) => {
    const url = new URL(request.url);
    seen.push(url);
    return HttpResponse.json(multiBars(url));
  }),
  http.get('*/v2/assets', ({ request }) => {
    seen.push(new URL(request.url));
    return HttpResponse.json([
      asset('AAPL'),
      asset('BRK.B', { exchange: 'NYSE', shortable: false, easy_to_borrow: false }),
      asset('NOTRD', { tradable: false }),
      asset('GONE', { status: 'inactive' }),
      asset('WEIRD', { fractionable: false, name: null, cusip: '000000000', extra: { x: 1 } }),
    ]);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Tuesday 2024-03-05, 10:00 in New York: the session of the 5th is running, the 4th is complete.
const WALL = Date.parse('2024-03-05T15:00:00Z');
let sleeps: number[];
beforeEach(() => {
  sleeps = [];
  seen.length = 0;
  bars.clear();
  bars.set('AAPL', alpacaDailyBars('2024-01-02', '2024-03-05'));
  bars.set('MSFT', alpacaDailyBars('2024-01-02', '2024-03-05'));
});

function adapter(o: Partial<AlpacaMarketDataOptions> = {}) {
  return new AlpacaMarketData({
    keyId: 'PKTESTKEY',
    secret: 'test-secret-value',
    wallTime: () => WALL,
    sleep: async (ms) => void sleeps.push(ms),
    ...o,
  });
}

async function collect(
  a: AlpacaMarketData,
  symbols: string[],
  range = { from: '2024-01-01', to: '2024-03-31' },
) {
  const pages: SymbolBarRow[][] = [];
  await a.getDailyBarsMany(symbols, range, async (rows) => void pages.push(rows));
  return pages;
}

describe('listAssets', () => {
  it('asks for active US equities and keeps the tradable ones with their flags', async () => {
    const assets = await adapter().listAssets();
    expect(assets).toEqual([
      {
        symbol: 'AAPL',
        name: 'AAPL Inc. Common Stock',
        exchange: 'NASDAQ',
        tradable: true,
        shortable: true,
        easyToBorrow: true,
        fractionable: true,
      },
      expect.objectContaining({
        symbol: 'BRK.B',
        exchange: 'NYSE',
        shortable: false,
        easyToBorrow: false,
      }),
      expect.objectContaining({ symbol: 'WEIRD', name: '', fractionable: false }),
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.origin + seen[0]!.pathname).toBe('https://paper-api.alpaca.markets/v2/assets');
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({
      status: 'active',
      asset_class: 'us_equity',
    });
  });

  it('refuses an asset list with a flag that is not a boolean', async () => {
    server.use(
      http.get('*/v2/assets', () => HttpResponse.json([asset('AAPL', { shortable: 'yes' })])),
    );
    const err = await adapter()
      .listAssets()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlpacaPayloadError);
    expect((err as AlpacaPayloadError).problems[0]).toMatch(/^\[0\]\.shortable: /);
  });
});

describe('getDailyBarsMany', () => {
  it('follows next_page_token; a symbol spans two pages; only completed sessions', async () => {
    const a = adapter({ pageSize: 50 });
    const pages = await collect(a, ['msft', 'AAPL', 'ZZZZ'], {
      from: '2024-01-01',
      to: '2024-03-31',
    });
    // AAPL and MSFT have 44 bars each up to the running session of 3-05 (served by the fake,
    // dropped by the adapter): 88 bars, 50 a page → 2 pages; MSFT starts on page 1, ends on 2.
    expect(seen).toHaveLength(2);
    expect(pages.map((p) => p.length)).toEqual([50, 36]);
    expect(new Set(pages[0]!.map((r) => r.symbol))).toEqual(new Set(['AAPL', 'MSFT']));
    const msft = pages.flat().filter((r) => r.symbol === 'MSFT');
    expect(msft).toHaveLength(43);
    expect(msft[0]).toEqual({
      symbol: 'MSFT',
      date: '2024-01-02',
      open: 99.5,
      high: 101,
      low: 99,
      close: 100,
      volume: 1_001_000,
    });
    expect(msft.at(-1)!.date).toBe('2024-03-04');
    expect(msft.map((r) => r.close)).toEqual(msft.map((_, i) => 100 + i));
    const q = Object.fromEntries(seen[0]!.searchParams);
    expect(seen[0]!.origin + seen[0]!.pathname).toBe('https://data.alpaca.markets/v2/stocks/bars');
    expect(q).toEqual({
      symbols: 'MSFT,AAPL,ZZZZ',
      timeframe: '1Day',
      start: '2024-01-01T00:00:00.000Z',
      end: '2024-03-04T23:59:59.000Z',
      adjustment: 'all',
      feed: 'iex',
      limit: '50',
      sort: 'asc',
    });
    expect(seen[1]!.searchParams.get('page_token')).toBe(Buffer.from('50').toString('base64'));
  });

  it('uses the SIP feed when configured and asks nothing for a range with no completed day', async () => {
    const a = adapter({ feed: 'sip' });
    await collect(a, ['AAPL'], { from: '2024-03-05', to: '2024-03-09' });
    expect(seen).toHaveLength(0);
    await collect(a, ['AAPL'], { from: '2024-02-01', to: '2024-02-02' });
    expect(seen[0]!.searchParams.get('feed')).toBe('sip');
  });

  it('splits the symbols into requests of at most 100', async () => {
    const symbols = Array.from({ length: 250 }, (_, i) => `S${i}`);
    await collect(adapter(), symbols);
    expect(seen.map((u) => u.searchParams.get('symbols')!.split(',').length)).toEqual([
      100, 100, 50,
    ]);
    expect(new Set(seen.flatMap((u) => u.searchParams.get('symbols')!.split(',')))).toEqual(
      new Set(symbols),
    );
  });

  it('waits what Retry-After says after a 429, then asks for the same page again', async () => {
    let calls = 0;
    server.use(
      http.get('*/v2/stocks/bars', ({ request }) => {
        const url = new URL(request.url);
        seen.push(url);
        calls++;
        if (calls === 2) return alpacaError(429, 'too many requests', { 'Retry-After': '7' });
        return HttpResponse.json(multiBars(url));
      }),
    );
    const pages = await collect(adapter({ pageSize: 50 }), ['AAPL', 'MSFT']);
    expect(sleeps).toEqual([7000]);
    expect(seen.map((u) => u.searchParams.get('page_token'))).toEqual([
      null,
      Buffer.from('50').toString('base64'),
      Buffer.from('50').toString('base64'),
    ]);
    expect(pages.flat()).toHaveLength(86);
  });

  it('refuses a malformed page with our payload error, handing over nothing of it', async () => {
    const bad = { ...alpacaDailyBar('2024-02-01', 10), c: 'ten' };
    server.use(
      http.get('*/v2/stocks/bars', () =>
        HttpResponse.json({ bars: { AAPL: [bad] }, next_page_token: null }),
      ),
    );
    const pages: SymbolBarRow[][] = [];
    const err = await adapter()
      .getDailyBarsMany(['AAPL'], { from: '2024-01-01', to: '2024-03-01' }, async (rows) => {
        pages.push(rows);
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlpacaPayloadError);
    expect((err as AlpacaPayloadError).problems[0]).toMatch(/^bars\.AAPL\[0\]\.c: /);
    expect(pages).toHaveLength(0);
  });

  it('refuses a symbol that was not asked for, and dates going back across pages', async () => {
    server.use(
      http.get('*/v2/stocks/bars', () =>
        HttpResponse.json({ bars: { TSLA: [alpacaDailyBar('2024-02-01', 10)] } }),
      ),
    );
    await expect(collect(adapter(), ['AAPL'])).rejects.toThrow(/bars\.TSLA: a symbol that was not/);
    let page = 0;
    server.use(
      http.get('*/v2/stocks/bars', () => {
        page++;
        const day = page === 1 ? '2024-02-02' : '2024-02-01';
        return HttpResponse.json({
          bars: { AAPL: [alpacaDailyBar(day, 10)] },
          next_page_token: page === 1 ? 'bmV4dA==' : null,
        });
      }),
    );
    await expect(collect(adapter(), ['AAPL'])).rejects.toThrow(/dates not increasing/);
  });
});

/** A limiter that counts: every acquire, every pause, and the order against requests sent. */
function countingLimiter(refuse?: Error) {
  const log: string[] = [];
  return {
    log,
    acquire: async () => {
      if (refuse) throw refuse;
      log.push(`acquire before request ${seen.length + 1}`);
    },
    pause: async (ms: number) => void log.push(`pause ${ms}`),
  };
}

describe('the shared request budget', () => {
  it('is asked once before every HTTP request: each page and each retry', async () => {
    let calls = 0;
    server.use(
      http.get('*/v2/stocks/bars', ({ request }) => {
        const url = new URL(request.url);
        seen.push(url);
        calls++;
        if (calls === 2) return alpacaError(429, 'too many requests', { 'Retry-After': '4' });
        return HttpResponse.json(multiBars(url));
      }),
    );
    const limiter = countingLimiter();
    await collect(adapter({ pageSize: 50, limiter }), ['AAPL', 'MSFT']);
    await adapter({ limiter }).listAssets();
    expect(limiter.log).toEqual([
      'acquire before request 1',
      'acquire before request 2',
      // The 429 asked for 4 s: every client of the key holds back as long.
      'pause 4000',
      'acquire before request 3',
      'acquire before request 4',
    ]);
    expect(seen).toHaveLength(4);
  });

  it('sends nothing when no slot comes free, and says so as a rate-limit error', async () => {
    const limiter = countingLimiter(new RequestSlotTimeoutError(30_000));
    const err = await collect(adapter({ limiter }), ['AAPL']).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'rate-limited' });
    expect((err as Error).message).toBe(
      'GET /v2/stocks/bars not sent: no free request slot for this Alpaca key within 30 s',
    );
    expect(seen).toHaveLength(0);
  });
});
