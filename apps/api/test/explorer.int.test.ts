import { EXPLORER_METRICS, server } from '@tradebot/api-contract';
import { explorerQuery } from '@tradebot/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * The Stock Explorer (POST /api/stocks/explore, GET /api/stocks/count) over each user's
 * universe, its index-backed search, and logos (POST /api/stocks/logos/batch, the demo SVGs).
 */
let api: TestApi;
let demoUser: { token: string; userId: number };
let realUser: { token: string; userId: number };
const TEMPLATE = 'https://logo.example.com/{domain}?size=64';

type Listing = {
  source: 'demo' | 'csv' | 'alpaca';
  symbol: string;
  companyName: string;
  marketCap?: number;
  domain?: string | null;
  sector?: string;
};

beforeAll(async () => {
  api = await startTestApi({ env: { LOGO_URL_TEMPLATE: TEMPLATE } });
  await api.reset();
  demoUser = await signUpAndLogIn(api, 'demoexp', '10.0.6.1');
  realUser = await signUpAndLogIn(api, 'realexp', '10.0.6.2');
  await api.http.post('/api/use-demo-market', undefined, demoUser.token);
  const demo: Listing[] = [
    { source: 'demo', symbol: 'DEMA', companyName: 'Demarco Orange Holdings', marketCap: 5e9 },
    { source: 'demo', symbol: 'DEM', companyName: 'Demeter Foods', marketCap: 1e9 },
    { source: 'demo', symbol: 'ORNG', companyName: 'Orange Grove Partners', marketCap: 9e9 },
    { source: 'demo', symbol: 'ZZX', companyName: '<script>alert(1)</script> Corp', marketCap: 1 },
  ];
  // 250 Alpaca listings with distinct market caps (pagination), plus two known names.
  const real: Listing[] = Array.from({ length: 250 }, (_, i) => ({
    source: 'alpaca' as const,
    symbol: `R${String(i).padStart(3, '0')}`,
    companyName: `Realco ${i} Industries`,
    marketCap: (i + 1) * 1e9,
  }));
  real.push(
    {
      source: 'alpaca',
      symbol: 'AAPL',
      companyName: 'Apple Inc.',
      marketCap: 3e12,
      domain: 'apple.com',
    },
    { source: 'alpaca', symbol: 'AAP', companyName: 'Advance Auto Parts', marketCap: 3e9 },
    { source: 'alpaca', symbol: 'PINE', companyName: 'Pineapple Growers', marketCap: 2e8 },
    // The CSV snapshot is an offline universe: never an Alpaca user's listings.
    { source: 'csv', symbol: 'CSVX', companyName: 'Snapshot Only Corp', marketCap: 9e12 },
  );
  await api.runtime.db.company.createMany({
    data: [...demo, ...real].map((listing) => ({
      ...listing,
      domain: listing.domain ?? null,
      peRatio: 12.5,
    })),
  });
  const aapl = await api.runtime.db.company.findFirstOrThrow({
    where: { source: 'alpaca', symbol: 'AAPL' },
  });
  await api.runtime.db.stockMetrics.create({
    data: {
      companyId: aapl.id,
      rsi: 61.234,
      atrPercent: 1.5,
      macd: 0.75,
      refreshedAt: new Date('2026-01-05T21:00:00Z'),
    },
  });
});
afterAll(async () => api.close());

const explore = (token: string, body: unknown) => api.http.post('/api/stocks/explore', body, token);
const symbols = (body: { symbol: string }[]) => body.map((row) => row.symbol);

describe('the explorer', () => {
  it('shows each user their own universe, largest first, with its count', async () => {
    const demo = await explore(demoUser.token, {});
    expect(demo.status).toBe(200);
    expect(symbols(demo.body)).toEqual(['ORNG', 'DEMA', 'DEM', 'ZZX']);
    const real = await explore(realUser.token, { page: 1 });
    expect(real.body[0].symbol).toBe('AAPL');
    expect(symbols(real.body)).not.toContain('DEMA');
    expect(symbols(real.body)).not.toContain('CSVX');
    expect((await api.http.get('/api/stocks/count', demoUser.token)).body).toEqual({
      count: 4,
      notice: null,
    });
    expect((await api.http.get('/api/stocks/count', realUser.token)).body).toEqual({
      count: 253,
      notice: null,
    });
  });

  it('pages by 100 without overlap', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => explore(realUser.token, { page })));
    expect(pages.map((page) => page.body.length)).toEqual([100, 100, 53]);
    const all = pages.flatMap((page) => symbols(page.body));
    expect(new Set(all).size).toBe(253);
    expect((await explore(realUser.token, { page: 4 })).body).toEqual([]);
  });

  it('sorts the whole universe by a column, missing values last, across pages', async () => {
    const asc = await explore(realUser.token, {
      metrics: ['market_cap'],
      sort: { by: 'market_cap', dir: 'asc' },
    });
    expect(symbols(asc.body).slice(0, 3)).toEqual(['PINE', 'R000', 'R001']);
    const last = await explore(realUser.token, { page: 3, sort: { by: 'market_cap', dir: 'asc' } });
    expect(symbols(last.body).at(-1)).toBe('AAPL');
    const byName = await explore(realUser.token, { sort: { by: 'company_name', dir: 'asc' } });
    expect(symbols(byName.body).slice(0, 3)).toEqual(['AAP', 'AAPL', 'PINE']);
    // Only AAPL has an RSI: first either way, the listings without one after it.
    for (const dir of ['asc', 'desc'])
      expect(symbols((await explore(realUser.token, { sort: { by: 'rsi', dir } })).body)[0]).toBe(
        'AAPL',
      );
    // A search sorts its matches.
    const search = await explore(realUser.token, {
      search: 'aap',
      sort: { by: 'market_cap', dir: 'asc' },
    });
    expect(symbols(search.body)).toEqual(['AAP', 'AAPL']);
    for (const sort of [{ by: 'description', dir: 'asc' }, { by: 'rsi', dir: 'up' }, 'rsi'])
      expect(await explore(realUser.token, { sort })).toMatchObject({
        status: 400,
        body: { detail: server.exploreSort },
      });
  });

  it('searches trimmed, by symbol prefix (exact match first) and by name', async () => {
    const prefix = await explore(demoUser.token, { search: '  dem ' });
    // DEM is exact; DEMA a prefix; nothing else starts with DEM or has "dem" in its name.
    expect(symbols(prefix.body)).toEqual(['DEM', 'DEMA']);
    const name = await explore(demoUser.token, { search: 'orange' });
    expect(symbols(name.body).sort()).toEqual(['DEMA', 'ORNG']);
    const apple = await explore(realUser.token, { search: 'aap' });
    expect(symbols(apple.body)).toEqual(['AAP', 'AAPL']);
    const substring = await explore(realUser.token, { search: 'apple' });
    expect(symbols(substring.body).sort()).toEqual(['AAPL', 'PINE']);
    // A typo still finds the name through trigram similarity.
    const typo = await explore(realUser.token, { search: 'Pinapple Growers' });
    expect(symbols(typo.body)).toContain('PINE');
    // LIKE wildcards are literal text.
    expect((await explore(realUser.token, { search: '%' })).body).toEqual([]);
    expect((await explore(realUser.token, { search: '_' })).body).toEqual([]);
    expect((await explore(realUser.token, { search: 'zzz-nothing' })).body).toEqual([]);
  });

  it('returns only the chosen metrics, the stored technical ones included', async () => {
    const reply = await explore(realUser.token, {
      search: 'AAPL',
      metrics: ['rsi', 'market_cap', 'domain', 'last_updated'],
    });
    expect(reply.body[0]).toEqual({
      symbol: 'AAPL',
      company_name: 'Apple Inc.',
      rsi: 61.234,
      market_cap: 3e12,
      domain: 'apple.com',
      last_updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const bare = await explore(realUser.token, { search: 'AAPL', metrics: [] });
    expect(bare.body[0]).toEqual({ symbol: 'AAPL', company_name: 'Apple Inc.' });
    const all = await explore(realUser.token, { search: 'AAPL' });
    expect(Object.keys(all.body[0]).sort()).toEqual(
      ['symbol', 'company_name', ...EXPLORER_METRICS].sort(),
    );
    expect(all.body[0]).toMatchObject({ pe_ratio: 12.5, atr_percent: 1.5, macd: 0.75 });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const unknown = await explore(realUser.token, { metrics: ['rsi', 'beta', 'colour'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain(server.unknownMetrics(['beta', 'colour']));
    const page = await explore(realUser.token, { page: 0 });
    expect(page.status).toBe(400);
    expect(page.body.detail).toContain(server.explorePage);
    const search = await explore(realUser.token, { search: 42 });
    expect(search.status).toBe(400);
    expect(search.body.detail).toContain(server.exploreSearchText);
    expect((await api.http.post('/api/stocks/explore', {})).status).toBe(401);
    expect((await api.http.get('/api/stocks/count')).status).toBe(401);
  });
});

describe('the search query plan', () => {
  const planOf = async (sql: string, values: unknown[]) => {
    const client = await api.runtime.db.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values);
      await client.query('ROLLBACK');
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      client.release();
    }
  };

  it('uses the indexes, not a table scan, on a universe of 50,000 listings', async () => {
    // At a few thousand rows a sequential scan is cheaper (under a millisecond) and PostgreSQL
    // rightly takes it; at 50,000 it must not.
    await api.runtime.db.pool.query(`
      INSERT INTO "companies" ("source", "symbol", "company_name", "updated_at")
      SELECT 'alpaca', 'P' || upper(to_hex(i)),
             'Plan ' || to_hex(i) || (ARRAY[' Alpha', ' Beta', ' Gamma', ' Delta'])[i % 4 + 1] || ' Corp',
             CURRENT_TIMESTAMP
      FROM generate_series(1, 50000) AS i`);
    // VACUUM too: rows earlier tests deleted would otherwise still weigh on the indexes' costs.
    await api.runtime.db.pool.query('VACUUM ANALYZE "companies"');
    const query = explorerQuery('alpaca', 'Apple', { limit: 100, offset: 0 });
    const plan = await planOf(query.text, query.values);
    console.log(`explorer search plan ("Apple", 50,253 listings):\n${plan}`);
    expect(plan).toContain('companies_symbol_prefix_idx');
    expect(plan).toContain('companies_name_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on companies/);
    const started = performance.now();
    const found = await api.runtime.db.pool.query(query);
    console.log(
      `explorer search on 50,253 listings: ${(performance.now() - started).toFixed(1)} ms`,
    );
    expect(found.rows.map((row) => row.symbol).sort()).toEqual(['AAPL', 'PINE']);
    const prefix = explorerQuery('alpaca', 'P1A', { limit: 100, offset: 0 });
    const prefixPlan = await planOf(prefix.text, prefix.values);
    console.log(`explorer search plan ("P1A"):\n${prefixPlan}`);
    expect(prefixPlan).not.toMatch(/Seq Scan on companies/);
  });
});

describe('logos', () => {
  it('maps demo listings to their generated logo, skipping what is not a symbol', async () => {
    const reply = await api.http.post(
      '/api/stocks/logos/batch',
      { symbols: ['dema', ' DEMA ', '', '   ', 42, null, { a: 1 }, 'NOPE', 'DROP TABLE', 'AAPL'] },
      demoUser.token,
    );
    expect(reply.status).toBe(200);
    // AAPL is not a listing of the demo universe: no logo for it here.
    expect(reply.body).toEqual({ DEMA: '/api/logos/demo/DEMA.svg', NOPE: null, AAPL: null });
  });

  it('builds real listings’ logos from the template and their domain, else null', async () => {
    const reply = await api.http.post(
      '/api/stocks/logos/batch',
      { symbols: ['aapl', 'AAP', 'DEMA'] },
      realUser.token,
    );
    expect(reply.body).toEqual({
      AAPL: 'https://logo.example.com/apple.com?size=64',
      AAP: null,
      DEMA: null,
    });
  });

  it('caps the batch and needs a list', async () => {
    const many = await api.http.post(
      '/api/stocks/logos/batch',
      { symbols: Array.from({ length: 1001 }, () => 'AAPL') },
      realUser.token,
    );
    expect(many.status).toBe(400);
    expect(many.body.detail).toContain(server.tooManySymbols(1000));
    const notList = await api.http.post(
      '/api/stocks/logos/batch',
      { symbols: 'AAPL' },
      realUser.token,
    );
    expect(notList.status).toBe(400);
    expect(notList.body.detail).toContain(server.symbolsMustBeList);
  });

  it('serves a demo logo publicly as a cacheable SVG, and nothing else', async () => {
    const logo = await api.http.get('/api/logos/demo/DEMA.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(logo.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(logo.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg".*>DO<\/text><\/svg>$/);
    // Deterministic: the same bytes every time.
    expect((await api.http.get('/api/logos/demo/dema.svg')).body).toBe(logo.body);
    // A hostile company name never reaches the SVG as markup.
    const hostile = await api.http.get('/api/logos/demo/ZZX.svg');
    expect(hostile.status).toBe(200);
    expect(hostile.body).not.toContain('script');
    expect(hostile.body).not.toContain('alert');
    for (const path of ['AAPL.svg', 'NOPE.svg', 'DEMA.png', '%3Cscript%3E.svg', 'DEMA']) {
      const reply = await api.http.get(`/api/logos/demo/${path}`);
      expect(reply.status, path).toBe(404);
      expect(reply.headers['content-type'], path).toContain('application/json');
    }
  });
});
