import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appleFloat,
  appleGrowth,
  appleKeyMetrics,
  appleProfile,
  appleRatios,
  createFakeFmp,
  type FmpCompany,
} from '../../test/fmp-server.js';
import {
  FmpError,
  FmpInvalidKeyError,
  FmpNotPermittedError,
  FmpPayloadError,
  FmpRateLimitError,
} from './errors.js';
import { FmpFundamentals, priceAsOf, type FmpFundamentalsOptions } from './fmp-fundamentals.js';
import { FMP_BASE_URL } from './settings.js';

const { server, state } = createFakeFmp();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const KEY = 'fmp-secret-key-0123456789';
// Monday 2026-11-23, 17:00 in New York: after the close (16:00 = 21:00Z).
const NOW = Date.parse('2026-11-23T22:00:00Z');
const CLOSE = Date.parse('2026-11-23T21:00:00Z');
let sleeps: number[];

const apple = (): FmpCompany => ({
  profile: appleProfile(),
  'ratios-ttm': appleRatios(),
  'key-metrics-ttm': appleKeyMetrics(),
  'financial-growth': appleGrowth(),
  'shares-float': appleFloat(),
});

beforeEach(() => {
  sleeps = [];
  state.requests.length = 0;
  state.script.clear();
  state.maxInFlight = 0;
  state.delayMs = 0;
  state.companies = new Map([['AAPL', apple()]]);
});

function adapter(o: Partial<FmpFundamentalsOptions> = {}) {
  return new FmpFundamentals({
    apiKey: KEY,
    baseUrl: 'http://fmp.test/stable',
    wallTime: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...o,
  });
}

/** The rejection of `promise`, asserting that it holds no trace of the key. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
  expect(error.message).not.toContain(KEY);
  expect(String(error.stack)).not.toContain(KEY);
  expect(JSON.stringify(error)).not.toContain(KEY);
  return error;
}

describe('mapping one company', () => {
  it('maps every field of a full company in the port units (fractions → percent)', async () => {
    const company = await adapter().getCompany('aapl');
    expect(company).not.toBeNull();
    const c = company!;
    expect(c).toMatchObject({
      symbol: 'AAPL',
      company_name: 'Apple Inc.',
      sector: 'Information Technology', // FMP's "Technology", in GICS' name
      industry: 'Consumer Electronics',
      domain: 'apple.com',
      description: 'Apple Inc. designs, manufactures, and markets smartphones.',
      exchange: 'NASDAQ',
      asset_type: 'stock',
      price: 232.8,
      shares_outstanding: 15_100_000_000,
      float_shares: 15_000_000_000,
      market_cap: 3_500_000_000_000,
      average_volume: 50_542_058,
      beta: 1.24,
      week_52_high: 260.1,
      week_52_low: 164.08,
      eps: 6.56,
      book_value_per_share: 4.47,
      dividend_per_share: 0.99,
      pe_ratio: 35.5,
      pb_ratio: 52.1,
      ps_ratio: 8.9,
      peg_ratio: 2.5,
      ev_ebitda: 26.4,
      price_to_free_cash_flow: 32.4,
      // percents, from FMP's fractions
      dividend_yield: 0.44,
      payout_ratio: 15.75,
      roe: 150.81,
      roa: 26.87,
      gross_margin: 46.25,
      operating_margin: 31.51,
      net_profit_margin: 23.97,
      revenue_growth: 2.02,
      earnings_growth: -0.81,
      current_ratio: 0.8673,
      debt_to_equity: 1.45,
      // FMP's 0 (no interest expense) is "not meaningful", not a coverage of zero
      interest_coverage: null,
      last_updated: CLOSE, // the price is the session's close
    });
    // money in USD, from per-share TTM figures × shares outstanding
    expect(c.revenue).toBeCloseTo(26 * 15.1e9, -3);
    expect(c.ebitda).toBeCloseTo(0.345 * 26 * 15.1e9, -3);
    expect(c.free_cash_flow).toBeCloseTo(7.2 * 15.1e9, -3);
    for (const value of Object.values(c)) {
      if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
    }
  });

  it('asks the five documented endpoints once each, with the key in `apikey`', async () => {
    await adapter().getCompany('AAPL');
    const paths = state.requests.map((u) => u.pathname).sort();
    expect(paths).toEqual([
      '/stable/financial-growth',
      '/stable/key-metrics-ttm',
      '/stable/profile',
      '/stable/ratios-ttm',
      '/stable/shares-float',
    ]);
    for (const url of state.requests) {
      expect(url.host).toBe('fmp.test');
      expect(url.searchParams.get('symbol')).toBe('AAPL');
      expect(url.searchParams.get('apikey')).toBe(KEY);
    }
    const growth = state.requests.find((u) => u.pathname.endsWith('financial-growth'))!;
    expect(growth.searchParams.get('limit')).toBe('1');
  });

  it('flags ETFs and funds, and leaves their ratios null (two requests only)', async () => {
    state.companies.set('SPY', {
      profile: appleProfile({
        symbol: 'SPY',
        companyName: 'SPDR S&P 500 ETF Trust',
        price: 600,
        lastDividend: 6.6,
        industry: 'Asset Management',
        sector: 'Financial Services',
        isEtf: true,
      }),
      'ratios-ttm': appleRatios({ symbol: 'SPY' }),
      'shares-float': appleFloat({ symbol: 'SPY', floatShares: null, outstandingShares: 9e8 }),
    });
    state.companies.set('FUND', {
      profile: appleProfile({ symbol: 'FUND', isFund: true }),
    });
    const spy = await adapter().getCompany('SPY');
    expect(spy?.asset_type).toBe('etf');
    expect(spy).toMatchObject({
      sector: 'Financials',
      pe_ratio: null,
      pb_ratio: null,
      roe: null,
      gross_margin: null,
      revenue: null,
      eps: null,
      revenue_growth: null,
      shares_outstanding: 9e8,
      float_shares: 9e8,
      dividend_per_share: 6.6,
      dividend_yield: 1.1,
    });
    expect(state.requests.map((u) => u.pathname).sort()).toEqual([
      '/stable/profile',
      '/stable/shares-float',
    ]);
    expect((await adapter().getCompany('FUND'))?.asset_type).toBe('etf');
  });

  it('flags REITs by industry and SPACs by the "Shell Companies" industry', async () => {
    const profileOnly = (symbol: string, industry: string) => ({
      profile: appleProfile({ symbol, industry }),
    });
    state.companies.set('O', profileOnly('O', 'REIT - Retail'));
    state.companies.set('PLD', profileOnly('PLD', 'REIT - Industrial'));
    state.companies.set('SPAQ', profileOnly('SPAQ', 'Shell Companies'));
    state.companies.set('XOM', profileOnly('XOM', 'Oil & Gas Integrated'));
    const fmp = adapter();
    expect((await fmp.getCompany('O'))?.asset_type).toBe('reit');
    expect((await fmp.getCompany('PLD'))?.asset_type).toBe('reit');
    expect((await fmp.getCompany('SPAQ'))?.asset_type).toBe('spac');
    expect((await fmp.getCompany('XOM'))?.asset_type).toBe('stock');
  });

  it('turns missing and meaningless values into null, never 0 or Infinity', async () => {
    state.companies.set('LOSS', {
      profile: appleProfile({
        symbol: 'LOSS',
        lastDividend: null,
        website: null,
        sector: null,
        industry: null,
        description: undefined,
      }),
      'ratios-ttm': {
        symbol: 'LOSS',
        priceToEarningsRatioTTM: -12.5,
        priceToEarningsGrowthRatioTTM: -0.4,
        priceToBookRatioTTM: -3,
        netIncomePerShareTTM: -2.1,
        bookValuePerShareTTM: -1.5,
        debtToEquityRatioTTM: -4.2,
        dividendPayoutRatioTTM: -0.3,
        grossProfitMarginTTM: null,
        currentRatioTTM: 0,
        interestCoverageRatioTTM: -1.7,
      },
      'key-metrics-ttm': { symbol: 'LOSS', returnOnEquityTTM: 1.4, evToEBITDATTM: -8 },
      // financial-growth and shares-float: [] (FMP has none)
    });
    const c = (await adapter().getCompany('LOSS'))!;
    expect(c).toMatchObject({
      pe_ratio: null,
      peg_ratio: null,
      pb_ratio: null,
      ev_ebitda: null,
      roe: null, // negative equity: a "return" on it means nothing
      debt_to_equity: null,
      payout_ratio: null,
      gross_margin: null,
      current_ratio: null,
      interest_coverage: -1.7, // losses: a real (negative) coverage
      ps_ratio: null,
      revenue: null,
      ebitda: null,
      free_cash_flow: null,
      revenue_growth: null,
      earnings_growth: null,
      roa: null,
      eps: -2.1,
      dividend_per_share: 0,
      dividend_yield: 0,
      domain: '',
      sector: '',
      industry: '',
      description: '',
    });
    // no float figure: shares from market cap / price, all floating
    expect(c.shares_outstanding).toBeCloseTo(3_500_000_000_000 / 232.8, 3);
    expect(c.float_shares).toBe(c.shares_outstanding);
  });

  it('asks FMP for a share class with a dash and answers with the caller’s symbol', async () => {
    state.companies.set('BRK-B', { profile: appleProfile({ symbol: 'BRK-B' }) });
    const c = await adapter().getCompany('brk.b');
    expect(c?.symbol).toBe('BRK.B');
    expect(state.requests[0]!.searchParams.get('symbol')).toBe('BRK-B');
  });
});

describe('empty results and the universe', () => {
  it('an empty array means an unknown company: null, and nothing else is asked', async () => {
    expect(await adapter().getCompany('NOPE')).toBeNull();
    expect(state.requests.map((u) => u.pathname)).toEqual(['/stable/profile']);
    expect(await adapter().getCompany('   ')).toBeNull();
  });

  it('lists the given symbols in order, drops unknown ones, at most 5 requests at a time', async () => {
    const symbols = Array.from({ length: 12 }, (_, i) => `S${String(i).padStart(2, '0')}`);
    for (const s of symbols) state.companies.set(s, { profile: appleProfile({ symbol: s }) });
    state.delayMs = 5;
    const universe = await adapter({
      symbols: [...symbols].reverse().concat('GONE', 's01'),
    }).listUniverse();
    expect(universe.map((c) => c.symbol)).toEqual(symbols);
    expect(state.requests).toHaveLength(12 * 5 + 1);
    expect(state.maxInFlight).toBe(5);
  });

  it('honours a lower concurrency setting', async () => {
    for (const s of ['A', 'B', 'C']) state.companies.set(s, apple());
    state.delayMs = 5;
    await adapter({ symbols: ['A', 'B', 'C'], concurrency: 2 }).listUniverse();
    expect(state.maxInFlight).toBe(2);
  });
});

describe('failures', () => {
  it('retries a 429 after Retry-After, then succeeds', async () => {
    state.script.set('profile', [{ status: 429, body: {}, headers: { 'Retry-After': '2' } }]);
    const c = await adapter().getCompany('AAPL');
    expect(c?.symbol).toBe('AAPL');
    expect(sleeps).toEqual([2_000]);
    expect(state.requests.filter((u) => u.pathname.endsWith('/profile'))).toHaveLength(2);
  });

  it('backs off without Retry-After, caps long waits, and gives up with a typed error', async () => {
    state.script.set('profile', [
      { status: 429, body: {} },
      { status: 429, body: {}, headers: { 'Retry-After': '3600' } },
      { status: 429, body: {} },
    ]);
    const error = await failure(adapter({ maxRetries: 2, maxWaitMs: 10_000 }).getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpRateLimitError);
    expect((error as FmpRateLimitError).retryAfterMs).toBeUndefined();
    expect(error.message).toBe('FMP rate limit on profile?symbol=AAPL: still 429 after 3 attempts');
    expect(sleeps).toEqual([1_000, 10_000]);
  });

  it('retries a 503 and a network failure, then reports FMP unavailable', async () => {
    state.script.set('profile', [{ status: 503, body: {} }]);
    expect((await adapter().getCompany('AAPL'))?.symbol).toBe('AAPL');
    expect(sleeps).toEqual([1_000]);
    const down = adapter({
      maxRetries: 1,
      fetch: () => Promise.reject(new TypeError(`fetch failed: http://x/?apikey=${KEY}`)),
    });
    const error = await failure(down.getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpError);
    expect((error as FmpError).kind).toBe('unavailable');
    expect(error.message).toContain('apikey=REDACTED');
  });

  it('401 → invalid key', async () => {
    state.script.set('profile', [
      { status: 401, body: { 'Error Message': `Invalid API KEY. Your key: ${KEY}` } },
    ]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpInvalidKeyError);
    expect((error as FmpError).kind).toBe('invalid-key');
    expect(error.message).toBe(
      'FMP rejected the API key (401) on profile?symbol=AAPL: invalid key',
    );
  });

  it('403 and 402 → the plan does not include this endpoint, with FMP’s reason redacted', async () => {
    state.script.set('shares-float', [
      {
        status: 403,
        body: { 'Error Message': `Restricted Endpoint: upgrade your plan (apikey=${KEY})` },
      },
    ]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpNotPermittedError);
    expect((error as FmpError).status).toBe(403);
    expect(error.message).toContain('shares-float?symbol=AAPL (403)');
    expect(error.message).toContain('does not include this endpoint');
    expect(error.message).toContain('Restricted Endpoint: upgrade your plan (apikey=REDACTED)');
    state.script.set('ratios-ttm', [{ status: 402, body: { 'Error Message': 'Premium' } }]);
    const paid = await failure(adapter().getCompany('AAPL'));
    expect((paid as FmpError).kind).toBe('not-permitted');
  });

  it('a malformed payload is a typed error naming the field, and nothing is returned', async () => {
    state.script.set('profile', [
      { status: 200, body: [appleProfile({ price: '232.8', range: 'n/a' })] },
    ]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpPayloadError);
    expect((error as FmpPayloadError).problems).toEqual([
      '[0].price: Invalid input: expected number, received string',
      '[0].range: expected "low-high"',
    ]);
    expect(error.message).toMatch(/^Malformed FMP payload from profile\?symbol=AAPL: /);
  });

  it('refuses a ratio of the wrong type, an object instead of an array, and non-JSON', async () => {
    state.script.set('ratios-ttm', [
      { status: 200, body: [appleRatios({ priceToEarningsRatioTTM: 'high' })] },
    ]);
    const ratio = await failure(adapter().getCompany('AAPL'));
    expect((ratio as FmpPayloadError).problems[0]).toMatch(/^\[0\]\.priceToEarningsRatioTTM: /);
    state.script.set('profile', [{ status: 200, body: { symbol: 'AAPL' } }]);
    expect(await failure(adapter().getCompany('AAPL'))).toBeInstanceOf(FmpPayloadError);
    state.script.set('profile', [{ status: 200, text: '<html>maintenance</html>' }]);
    const html = await failure(adapter().getCompany('AAPL'));
    expect((html as FmpPayloadError).problems).toEqual(['body is not JSON']);
  });

  it('refuses a listing quoted in another currency (the port is in US dollars)', async () => {
    state.script.set('profile', [{ status: 200, body: [appleProfile({ currency: 'EUR' })] }]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect((error as FmpPayloadError).problems).toEqual(['[0].currency: expected USD']);
  });

  it('an "Error Message" answered with 200 is an error, not an empty company', async () => {
    state.script.set('profile', [{ status: 200, body: { 'Error Message': 'Limit Reach' } }]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect((error as FmpError).kind).toBe('request-failed');
    expect(error.message).toBe('FMP answered profile?symbol=AAPL with: Limit Reach');
  });

  it('listUniverse rejects as a whole when one company fails', async () => {
    state.companies.set('MSFT', apple());
    state.script.set('key-metrics-ttm', [{ status: 401, body: {} }]);
    await failure(adapter({ symbols: ['AAPL', 'MSFT'] }).listUniverse());
  });
});

describe('settings', () => {
  it('uses FMP_BASE_URL when set, FMP’s address otherwise, and refuses a bad one', () => {
    expect(FMP_BASE_URL).toBe('https://financialmodelingprep.com/stable');
    expect(() => new FmpFundamentals({ apiKey: KEY, env: { FMP_BASE_URL: 'ftp://x' } })).toThrow(
      'FMP_BASE_URL must be an http(s) address',
    );
    expect(() => new FmpFundamentals({ apiKey: ' ' })).toThrow('FMP needs an API key');
  });

  it('sends requests to the FMP_BASE_URL of the env', async () => {
    await new FmpFundamentals({
      apiKey: KEY,
      env: { FMP_BASE_URL: 'http://mirror.test/fmp/stable/' },
    }).getCompany('NOPE');
    expect(state.requests[0]!.href).toBe(
      `http://mirror.test/fmp/stable/profile?symbol=NOPE&apikey=${KEY}`,
    );
  });
});

describe('last_updated', () => {
  it('is now during a session, else the close of the last completed session', () => {
    const during = Date.parse('2026-11-23T18:00:00Z'); // Monday 13:00 New York
    expect(priceAsOf(during)).toBe(during);
    expect(priceAsOf(NOW)).toBe(CLOSE);
    // Saturday → Friday's close; Thanksgiving (Thu 26th) is closed, Friday 27th closes at 13:00
    expect(priceAsOf(Date.parse('2026-11-21T15:00:00Z'))).toBe(Date.parse('2026-11-20T21:00:00Z'));
    expect(priceAsOf(Date.parse('2026-11-28T15:00:00Z'))).toBe(Date.parse('2026-11-27T18:00:00Z'));
  });
});
