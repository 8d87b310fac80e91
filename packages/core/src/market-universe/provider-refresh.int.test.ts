import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import {
  FMP_BASE_URL,
  FmpFundamentals,
  FUNDAMENTAL_COLUMNS,
  FUNDAMENTALS_FILE,
} from '@tradebot/market';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importMarketData } from './market-data-import.js';
import { refreshFundamentalsFromProvider } from './provider-refresh.js';

/**
 * The refresh against a real PostgreSQL, with a local HTTP server standing in for FMP's
 * stable API (its documented array answers; `[]` for an unknown symbol).
 */
const db = createDb(process.env.DATABASE_URL ?? '');
const KEY = 'int-test-fmp-key-42';
// Monday 2026-11-23, 16:30 New York: after the close, so the figures are as of 16:00 (21:00Z).
const NOW = Date.parse('2026-11-23T21:30:00Z');
const CLOSE = Date.parse('2026-11-23T21:00:00Z');
const scratch = mkdtempSync(join(tmpdir(), 'tradebot-fmp-'));

type Answer = { status: number; body: unknown };
/** symbol → endpoint → row; `failing` answers instead, per "endpoint symbol". */
const rows = new Map<string, Record<string, unknown>>();
const failing = new Map<string, Answer>();
const seen: URL[] = [];
let server: Server;
let baseUrl: string;

function profile(symbol: string, over: Record<string, unknown> = {}) {
  return {
    symbol,
    companyName: `${symbol} Inc.`,
    price: 100,
    marketCap: 1_000_000_000,
    beta: 1.1,
    lastDividend: 2,
    range: '80.5-120.25',
    averageVolume: 2_000_000,
    currency: 'USD',
    exchange: 'NYSE',
    industry: 'Consumer Electronics',
    sector: 'Technology',
    website: `https://www.${symbol.toLowerCase().replace(/\W/g, '')}.com`,
    description: `${symbol} makes things.`,
    isEtf: false,
    isFund: false,
    ...over,
  };
}
function company(symbol: string, over: Record<string, unknown> = {}) {
  return {
    profile: profile(symbol, over),
    'ratios-ttm': {
      symbol,
      grossProfitMarginTTM: 0.4,
      netProfitMarginTTM: 0.1,
      priceToEarningsRatioTTM: 20,
      dividendYieldTTM: 0.02,
      revenuePerShareTTM: 50,
    },
    'key-metrics-ttm': { symbol, returnOnEquityTTM: 0.15 },
    'financial-growth': { symbol, date: '2025-12-31', revenueGrowth: 0.05, epsgrowth: 0.08 },
    'shares-float': { symbol, floatShares: 9_000_000, outstandingShares: 10_000_000 },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push(url);
    const endpoint = url.pathname.split('/').pop() ?? '';
    const symbol = url.searchParams.get('symbol') ?? '';
    const answer: Answer =
      url.searchParams.get('apikey') !== KEY
        ? { status: 401, body: { 'Error Message': 'Invalid API KEY.' } }
        : (failing.get(`${endpoint} ${symbol}`) ?? {
            status: 200,
            body: rows.get(symbol)?.[endpoint] ? [rows.get(symbol)?.[endpoint]] : [],
          });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stable`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(scratch, { recursive: true, force: true });
  await db.$disconnect();
});

const CSV = [
  FUNDAMENTAL_COLUMNS.join(','),
  'AAPL,Apple Inc.,"Technology Hardware, Storage & Peripherals",155.15,16.86,0.0158,9.2,142.2,180.1,809508034020,79386000000,3.46,5.86,http://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=AAPL',
  'BRK.B,Berkshire Hathaway,Multi-Sector Holdings,191.42,30.4,0,12.66,160.93,217.62,261401203633,0,1.02,1.38,http://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=BRK.B',
  'GONE,Gone Corp,Property & Casualty Insurance,50,10,0.01,5,40,60,1000000000,100000000,1,1,http://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=GONE',
  'O,Realty Income,Retail REITs,55.27,46.2,0.0473,1.2,51.4,66.4,15000000000,1000000000,12,1.5,http://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=O',
].join('\n');

beforeEach(async () => {
  await resetDatabase(db);
  rows.clear();
  failing.clear();
  seen.length = 0;
  rows.set('AAPL', company('AAPL'));
  rows.set(
    'BRK-B',
    company('BRK-B', { industry: 'Insurance - Diversified', sector: 'Financial Services' }),
  );
  rows.set('O', company('O', { industry: 'REIT - Retail', sector: 'Real Estate' }));
  const folder = join(scratch, String(Math.random()).slice(2));
  mkdirSync(join(folder, 'fundamentals'), { recursive: true });
  writeFileSync(join(folder, FUNDAMENTALS_FILE), CSV);
  const report = await importMarketData(db, folder);
  expect(report.companies.inserted).toBe(4);
});

const fmp = (o: { apiKey?: string; maxRetries?: number } = {}) =>
  new FmpFundamentals({
    apiKey: o.apiKey ?? KEY,
    baseUrl,
    wallTime: () => NOW,
    maxRetries: o.maxRetries ?? 0,
    sleep: async () => undefined,
  });

async function row(symbol: string) {
  const { rows: found } = await db.pool.query(
    `SELECT * FROM "companies" WHERE "source" = 'csv' AND "symbol" = $1`,
    [symbol],
  );
  return found[0] as Record<string, unknown>;
}

describe('refreshing the real universe from FMP', () => {
  it('updates the known listings, keeps the CSV classification, reports the unknown one', async () => {
    expect(FMP_BASE_URL).not.toBe(baseUrl);
    const progress: number[] = [];
    const report = await refreshFundamentalsFromProvider(db, fmp(), {
      batchSize: 3,
      onProgress: (p) => progress.push(p.done),
    });
    expect(report).toEqual({
      symbols: 4,
      updated: 3,
      unchanged: 0,
      failed: [{ symbol: 'GONE', reason: 'unknown to the fundamentals provider' }],
    });
    expect(progress).toEqual([3, 4]);
    const aapl = await row('AAPL');
    expect(aapl).toMatchObject({
      company_name: 'AAPL Inc.',
      // kept from the CSV: GICS names and the filings address
      sector: 'Information Technology',
      industry: 'Technology Hardware, Storage & Peripherals',
      sec_filings_url: 'http://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=AAPL',
      domain: 'aapl.com',
      exchange: 'NYSE',
      security_type: 'stock',
      price: 100,
      beta: 1.1,
      week_52_high: 120.25,
      week_52_low: 80.5,
      gross_margin: 40,
      net_profit_margin: 10,
      roe: 15,
      dividend_yield: 2,
      revenue_growth: 5,
      earnings_growth: 8,
      revenue: 500_000_000,
      shares_outstanding: 10_000_000,
      float_shares: 9_000_000,
      pe_ratio: 20,
      pb_ratio: null,
    });
    expect((aapl.fundamentals_as_of as Date).getTime()).toBe(CLOSE);
    expect((await row('O')).security_type).toBe('reit');
    expect(await row('BRK.B')).toMatchObject({ company_name: 'BRK-B Inc.', sector: 'Financials' });
    const gone = await row('GONE');
    expect(gone).toMatchObject({ company_name: 'Gone Corp', price: 50, beta: null });
    expect(seen.some((u) => u.searchParams.get('symbol') === 'BRK-B')).toBe(true);
  });

  it('is idempotent: a second run with the same figures writes nothing and adds no rows', async () => {
    await refreshFundamentalsFromProvider(db, fmp());
    const before = await db.pool.query(
      `SELECT "symbol", "updated_at" FROM "companies" ORDER BY "symbol"`,
    );
    const again = await refreshFundamentalsFromProvider(db, fmp());
    expect(again).toMatchObject({ symbols: 4, updated: 0, unchanged: 3 });
    const after = await db.pool.query(
      `SELECT "symbol", "updated_at" FROM "companies" ORDER BY "symbol"`,
    );
    expect(after.rows).toEqual(before.rows);
    expect(after.rows).toHaveLength(4);
  });

  it('reports a failed symbol with its reason and leaves its row as it was', async () => {
    failing.set('ratios-ttm AAPL', { status: 500, body: { 'Error Message': 'boom' } });
    failing.set('profile O', { status: 200, body: [{ symbol: 'O', price: 'n/a' }] });
    const report = await refreshFundamentalsFromProvider(db, fmp());
    expect(report.updated).toBe(1);
    expect(report.failed).toEqual([
      { symbol: 'AAPL', reason: 'FMP answered 500 on ratios-ttm?symbol=AAPL: boom' },
      { symbol: 'GONE', reason: 'unknown to the fundamentals provider' },
      {
        symbol: 'O',
        reason: expect.stringMatching(/^Malformed FMP payload from profile\?symbol=O: /),
      },
    ]);
    expect(await row('AAPL')).toMatchObject({
      price: 155.15,
      beta: null,
      company_name: 'Apple Inc.',
    });
    expect((await row('BRK.B')).beta).toBe(1.1);
  });

  it('stops at a rejected key: every symbol failed, nothing written, the key in no reason', async () => {
    const report = await refreshFundamentalsFromProvider(db, fmp({ apiKey: 'wrong-key-123' }), {
      batchSize: 2,
    });
    expect(report.updated + report.unchanged).toBe(0);
    expect(report.failed.map((f) => f.symbol)).toEqual(['AAPL', 'BRK.B', 'GONE', 'O']);
    for (const f of report.failed) {
      expect(f.reason).toMatch(/^FMP rejected the API key \(401\) on profile\?symbol=/);
      expect(f.reason).not.toContain('wrong-key-123');
    }
    // only the first batch was asked
    expect(seen).toHaveLength(2);
    expect((await row('AAPL')).price).toBe(155.15);
  });
});
