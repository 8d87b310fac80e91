import { describe, expect, it } from 'vitest';
import { useFakeFmp } from '../../test/fmp-harness.js';
import { appleFloat, appleProfile, appleRatios } from '../../test/fmp-server.js';
import { FmpFundamentals, priceAsOf } from './fmp-fundamentals.js';
import { FMP_BASE_URL } from './settings.js';

const { state, KEY, NOW, CLOSE, apple, adapter } = useFakeFmp();

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
