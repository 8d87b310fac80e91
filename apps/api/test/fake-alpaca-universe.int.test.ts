import { loadAlpacaUniverse } from '@tradebot/core';
import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { dayFromIso, type UniverseDataPort } from '@tradebot/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The browser tests' Alpaca stand-in (its market-data side: assets and multi-symbol bars).
import { E2E_ALPACA_KEY, startFakeAlpaca, type FakeAlpaca } from '../../../e2e/fake-alpaca.js';

/**
 * The e2e fake Alpaca's `GET /v2/assets` and paginated multi-symbol `GET /v2/stocks/bars`
 * (Alpaca's documented JSON), read by a minimal client written here from that documentation,
 * and loaded into PostgreSQL by the Alpaca universe loader.
 */
const db = createDb(process.env.DATABASE_URL ?? '');
let fake: FakeAlpaca;
const pages: string[] = [];

function httpUniverseData(baseUrl: string, limit: number): UniverseDataPort {
  const get = async (path: string, query: Record<string, string>) => {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const reply = await fetch(url, {
      headers: { 'APCA-API-KEY-ID': E2E_ALPACA_KEY, 'APCA-API-SECRET-KEY': 'secret' },
    });
    if (!reply.ok) throw new Error(`${path}: HTTP ${reply.status}`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Alpaca's JSON, read field by field below
    return (await reply.json()) as any;
  };
  return {
    async listAssets() {
      const rows = await get('/v2/assets', { status: 'active', asset_class: 'us_equity' });
      return rows.map((a: Record<string, unknown>) => ({
        symbol: a.symbol,
        name: a.name,
        exchange: a.exchange,
        tradable: a.tradable,
        shortable: a.shortable,
        easyToBorrow: a.easy_to_borrow,
        fractionable: a.fractionable,
      }));
    },
    async getDailyBarsMany(symbols, range, onPage) {
      let token: string | null = null;
      do {
        const query: Record<string, string> = {
          symbols: symbols.join(','),
          timeframe: '1Day',
          start: range.from,
          end: range.to,
          limit: String(limit),
          adjustment: 'all',
        };
        if (token) query.page_token = token;
        const body = await get('/v2/stocks/bars', query);
        pages.push(symbols.join(','));
        const rows = Object.entries(body.bars as Record<string, Record<string, number>[]>).flatMap(
          ([symbol, bars]) =>
            bars.map((b) => ({
              symbol,
              date: String(b.t).slice(0, 10),
              open: b.o!,
              high: b.h!,
              low: b.l!,
              close: b.c!,
              volume: b.v!,
            })),
        );
        await onPage(rows);
        token = body.next_page_token;
      } while (token);
    },
  };
}

beforeAll(async () => {
  await resetDatabase(db);
  // Tuesday 2026-11-24, 17:00 New York.
  fake = await startFakeAlpaca({ now: Date.parse('2026-11-24T22:00:00Z') });
});
afterAll(async () => {
  fake.server.close();
  await db.$disconnect();
});

describe('the fake Alpaca market data, loaded as the Alpaca universe', () => {
  it('serves assets and paginated multi-symbol bars that load without gaps or duplicates', async () => {
    const port = httpUniverseData(fake.url, 400);
    const now = new Date('2026-11-24T22:00:00Z');
    const report = await loadAlpacaUniverse(db, port, '2026-11-24', now, { batchSize: 3 });
    const symbols = fake.market.assetsJson().map((a) => a.symbol);
    expect(report).toMatchObject({ assets: symbols.length, symbolsLoaded: symbols.length });
    // Two years a symbol (~500 bars), 400 bars a page over three symbols: several pages a batch.
    expect(pages.length).toBeGreaterThan(Math.ceil(symbols.length / 3) * 2);
    const from = dayFromIso('2024-11-24');
    const expected = symbols.reduce(
      (n, s) =>
        n + fake.market.bars(s, dayFromIso('2026-11-24')).filter((b) => b.day >= from).length,
      0,
    );
    expect(report.bars.inserted).toBe(expected);
    const { rows } = await db.pool.query<{ symbol: string; last: string; n: number }>(
      `SELECT c.symbol, to_char(max(b.date), 'YYYY-MM-DD') AS last, count(*)::int AS n
       FROM companies c JOIN daily_bars b ON b.company_id = c.id
       WHERE c.source = 'alpaca' GROUP BY c.symbol ORDER BY c.symbol`,
    );
    expect(rows.map((r) => r.symbol)).toEqual([...symbols].sort());
    expect(rows.every((r) => r.last === '2026-11-24')).toBe(true);
    const spy = await db.company.findFirstOrThrow({
      where: { source: 'alpaca', symbol: 'SPY' },
      select: { exchange: true, fractionable: true, barsThrough: true },
    });
    expect(spy).toMatchObject({ exchange: 'ARCA', fractionable: true });
    // A second load of the same session asks for nothing.
    pages.length = 0;
    const again = await loadAlpacaUniverse(db, port, '2026-11-24', now, { batchSize: 3 });
    expect(pages).toEqual([]);
    expect(again.symbolsLoaded).toBe(0);
  });
});
