import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * A fake Financial Modeling Prep for msw, serving the stable API's JSON shapes as FMP documents
 * them (`/stable/profile`, `ratios-ttm`, `key-metrics-ttm`, `financial-growth`, `shares-float`:
 * each an array, `[]` for an unknown symbol), hand-written from the documented fields. It
 * answers on any host, records every request, and lets a test script answers per endpoint.
 */

export const FMP_ENDPOINTS = [
  'profile',
  'ratios-ttm',
  'key-metrics-ttm',
  'financial-growth',
  'shares-float',
] as const;
export type FmpEndpoint = (typeof FMP_ENDPOINTS)[number];

export type FmpCompany = Partial<Record<FmpEndpoint, Record<string, unknown>>>;

/** A scripted answer: status, JSON (or raw text) body, headers. */
export interface Scripted {
  status: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export interface FakeFmpState {
  companies: Map<string, FmpCompany>;
  /** Answers served, in order, before the normal ones, per endpoint. */
  script: Map<FmpEndpoint, Scripted[]>;
  requests: URL[];
  inFlight: number;
  maxInFlight: number;
  /** Delay of every answer, ms (to observe concurrency). */
  delayMs: number;
}

/** Apple as FMP's docs show it (stable profile example, figures rounded). */
export function appleProfile(over: Record<string, unknown> = {}) {
  return {
    symbol: 'AAPL',
    price: 232.8,
    marketCap: 3_500_000_000_000,
    beta: 1.24,
    lastDividend: 0.99,
    range: '164.08-260.1',
    change: 4.79,
    changePercentage: 2.1008,
    volume: 0,
    averageVolume: 50_542_058,
    companyName: 'Apple Inc.',
    currency: 'USD',
    cik: '0000320193',
    isin: 'US0378331005',
    cusip: '037833100',
    exchangeFullName: 'NASDAQ Global Select',
    exchange: 'NASDAQ',
    industry: 'Consumer Electronics',
    website: 'https://www.apple.com',
    description: 'Apple Inc. designs, manufactures, and markets smartphones.',
    ceo: 'Mr. Timothy D. Cook',
    sector: 'Technology',
    country: 'US',
    fullTimeEmployees: '164000',
    phone: '(408) 996-1010',
    address: 'One Apple Park Way',
    city: 'Cupertino',
    state: 'CA',
    zip: '95014',
    image: 'https://images.financialmodelingprep.com/symbol/AAPL.png',
    ipoDate: '1980-12-12',
    defaultImage: false,
    isEtf: false,
    isActivelyTrading: true,
    isAdr: false,
    isFund: false,
    ...over,
  };
}

export function appleRatios(over: Record<string, unknown> = {}) {
  return {
    symbol: 'AAPL',
    grossProfitMarginTTM: 0.4625,
    ebitMarginTTM: 0.3151,
    ebitdaMarginTTM: 0.345,
    operatingProfitMarginTTM: 0.3151,
    pretaxProfitMarginTTM: 0.3172,
    netProfitMarginTTM: 0.2397,
    currentRatioTTM: 0.8673,
    quickRatioTTM: 0.8261,
    priceToEarningsRatioTTM: 35.5,
    priceToEarningsGrowthRatioTTM: 2.5,
    forwardPriceToEarningsGrowthRatioTTM: 2.1,
    priceToBookRatioTTM: 52.1,
    priceToSalesRatioTTM: 8.9,
    priceToFreeCashFlowRatioTTM: 32.4,
    priceToOperatingCashFlowRatioTTM: 29.7,
    debtToAssetsRatioTTM: 0.29,
    debtToEquityRatioTTM: 1.45,
    interestCoverageRatioTTM: 0,
    dividendPayoutRatioTTM: 0.1575,
    dividendYieldTTM: 0.0044,
    enterpriseValueTTM: 3_540_000_000_000,
    revenuePerShareTTM: 26.0,
    netIncomePerShareTTM: 6.56,
    bookValuePerShareTTM: 4.47,
    freeCashFlowPerShareTTM: 7.2,
    ...over,
  };
}

export function appleKeyMetrics(over: Record<string, unknown> = {}) {
  return {
    symbol: 'AAPL',
    marketCap: 3_500_000_000_000,
    enterpriseValueTTM: 3_540_000_000_000,
    evToSalesTTM: 9.1,
    evToEBITDATTM: 26.4,
    currentRatioTTM: 0.8673,
    returnOnAssetsTTM: 0.2687,
    returnOnEquityTTM: 1.5081,
    returnOnInvestedCapitalTTM: 0.5,
    ...over,
  };
}

export function appleGrowth(over: Record<string, unknown> = {}) {
  return {
    symbol: 'AAPL',
    date: '2024-09-28',
    fiscalYear: '2024',
    period: 'FY',
    reportedCurrency: 'USD',
    revenueGrowth: 0.0202,
    grossProfitGrowth: 0.068,
    ebitgrowth: 0.078,
    operatingIncomeGrowth: 0.078,
    netIncomeGrowth: -0.0336,
    epsgrowth: -0.0081,
    epsdilutedGrowth: -0.0081,
    ...over,
  };
}

export function appleFloat(over: Record<string, unknown> = {}) {
  return {
    symbol: 'AAPL',
    date: '2024-12-09 17:10:35',
    freeFloat: 99.9,
    floatShares: 15_000_000_000,
    outstandingShares: 15_100_000_000,
    ...over,
  };
}

export function createFakeFmp() {
  const state: FakeFmpState = {
    companies: new Map(),
    script: new Map(),
    requests: [],
    inFlight: 0,
    maxInFlight: 0,
    delayMs: 0,
  };
  const handlers = FMP_ENDPOINTS.map((endpoint) =>
    http.get(`*/${endpoint}`, async ({ request }) => {
      const url = new URL(request.url);
      state.requests.push(url);
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        if (state.delayMs > 0) await new Promise((done) => setTimeout(done, state.delayMs));
        const scripted = state.script.get(endpoint)?.shift();
        if (scripted) {
          const init = { status: scripted.status, headers: scripted.headers ?? {} };
          return scripted.text !== undefined
            ? new HttpResponse(scripted.text, init)
            : HttpResponse.json(scripted.body ?? [], init);
        }
        const company = state.companies.get(url.searchParams.get('symbol') ?? '');
        const row = company?.[endpoint];
        return HttpResponse.json(row ? [row] : []);
      } finally {
        state.inFlight--;
      }
    }),
  );
  return { server: setupServer(...handlers), state };
}
