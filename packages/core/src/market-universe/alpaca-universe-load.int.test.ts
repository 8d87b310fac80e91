import { createDb, inTransaction, upsertCompanies } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { dayFromIso, isoFromDay, tradingDaysBetween } from '@tradebot/market';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  assetSecurityType,
  lastCompletedSession,
  loadAlpacaUniverse,
  topUpAlpacaBars,
  type AlpacaLoadProgress,
} from './alpaca-universe-load.js';
import { memoryUniverseData } from './alpaca-universe-memory.js';

const db = createDb(process.env.DATABASE_URL ?? '');
afterAll(() => db.$disconnect());
beforeEach(() => resetDatabase(db));

// Tuesday 2026-11-24, 17:00 New York: the 24th's session has closed.
const NOW = new Date('2026-11-24T22:00:00Z');
const SESSION = '2026-11-24';
const sessions = (from: string, to: string) =>
  tradingDaysBetween(dayFromIso(from), dayFromIso(to)).map(isoFromDay);
const HISTORY = sessions('2024-11-24', SESSION);

async function barsOf(symbol: string) {
  const { rows } = await db.pool.query<{ date: string; close: number; adjusted_close: number }>(
    `SELECT to_char(b.date, 'YYYY-MM-DD') AS date, b.close, b.adjusted_close,
            b.dividend_amount, b.split_coefficient
     FROM daily_bars b JOIN companies c ON c.id = b.company_id
     WHERE c.source = 'alpaca' AND c.symbol = $1 ORDER BY b.date`,
    [symbol],
  );
  return rows;
}
const barCount = async () =>
  (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM daily_bars`)).rows[0]!.n;

function market(symbols: string[], pageSize = 200) {
  const fake = memoryUniverseData({ pageSize });
  for (const [i, s] of symbols.entries()) {
    fake.list(s);
    fake.setBars(s, HISTORY, 10 + i);
  }
  return fake;
}

describe('lastCompletedSession', () => {
  it('is today after the close, the previous session before it and over a weekend', () => {
    expect(lastCompletedSession(NOW)).toBe(SESSION);
    expect(lastCompletedSession(new Date('2026-11-24T15:00:00Z'))).toBe('2026-11-23');
    // Thanksgiving (Thursday 26th) is closed; Saturday the 28th reads Friday's early close.
    expect(lastCompletedSession(new Date('2026-11-28T15:00:00Z'))).toBe('2026-11-27');
  });
});

describe('assetSecurityType', () => {
  it('reads a fund from the asset name, and nothing else', () => {
    expect(assetSecurityType('SPDR S&P 500 ETF Trust')).toBe('etf');
    expect(assetSecurityType('iPath Series B Bloomberg Commodity Index Total Return ETN')).toBe(
      'etf',
    );
    expect(assetSecurityType('Vanguard Exchange-Traded Fund')).toBe('etf');
    expect(assetSecurityType('Apple Inc. Common Stock')).toBe('stock');
    expect(assetSecurityType('Netflix, Inc. Common Stock')).toBe('stock');
    expect(assetSecurityType('Retfield Holdings')).toBe('stock');
  });
});

describe('loadAlpacaUniverse', () => {
  it('lists the assets and loads two years of bars on a first load', async () => {
    const fake = market(['AAA', 'BBB', 'CCC']);
    fake.list('NOPE', { tradable: false });
    const progress: AlpacaLoadProgress[] = [];
    const report = await loadAlpacaUniverse(db, fake.port, SESSION, NOW, {
      batchSize: 2,
      onProgress: (p) => void progress.push(p),
    });
    expect(report).toMatchObject({ assets: 3, symbolsTotal: 3, symbolsLoaded: 3, delisted: 0 });
    expect(report.bars.inserted).toBe(3 * HISTORY.length);
    expect(fake.requests.map((r) => r.range)).toEqual([
      { from: '2024-11-24', to: SESSION },
      { from: '2024-11-24', to: SESSION },
    ]);
    expect(progress).toEqual([
      { done: 0, total: 3 },
      { done: 2, total: 3 },
      { done: 3, total: 3 },
    ]);
    const bars = await barsOf('BBB');
    expect(bars).toHaveLength(HISTORY.length);
    expect(bars.at(-1)).toMatchObject({ date: SESSION, adjusted_close: bars.at(-1)!.close });
    const { rows } = await db.pool.query(
      `SELECT symbol, exchange, shortable, easy_to_borrow, fractionable, price,
              to_char(bars_through, 'YYYY-MM-DD') AS bars_through
       FROM companies WHERE source = 'alpaca' ORDER BY symbol`,
    );
    expect(rows.map((r) => r.symbol)).toEqual(['AAA', 'BBB', 'CCC']);
    expect(rows[1]).toMatchObject({
      exchange: 'NASDAQ',
      shortable: true,
      easy_to_borrow: true,
      fractionable: false,
      price: 11 + HISTORY.length - 1,
      bars_through: SESSION,
    });
  });

  it('tops up incrementally from each listing’s last bar after a new session', async () => {
    const fake = market(['AAA', 'BBB']);
    await loadAlpacaUniverse(db, fake.port, SESSION, NOW);
    const before = await barCount();
    const next = [...HISTORY, '2026-11-25'];
    fake.setBars('AAA', next, 10);
    fake.setBars('BBB', next, 11);
    fake.requests.length = 0;
    const report = await loadAlpacaUniverse(
      db,
      fake.port,
      '2026-11-25',
      new Date('2026-11-25T22:00:00Z'),
    );
    // One request from a few days before the stored end, not two years again.
    expect(fake.requests).toEqual([
      { symbols: ['AAA', 'BBB'], range: { from: '2026-11-21', to: '2026-11-25' } },
    ]);
    expect(report.bars.inserted).toBe(2);
    expect(await barCount()).toBe(before + 2);
    // Nothing new: a rerun for the same session asks for nothing.
    fake.requests.length = 0;
    const again = await loadAlpacaUniverse(db, fake.port, '2026-11-25', NOW);
    expect(fake.requests).toEqual([]);
    expect(again.symbolsLoaded).toBe(0);
  });

  it('resumes after a crash mid-load without duplicates and with correct progress', async () => {
    const symbols = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'];
    const fake = market(symbols, 200);
    // 501 bars a symbol, pages of 200, batches of 2 symbols (6 pages): the 8th page fails.
    fake.failAfterPages(7);
    await expect(loadAlpacaUniverse(db, fake.port, SESSION, NOW, { batchSize: 2 })).rejects.toThrow(
      'connection lost',
    );
    const partial = await barCount();
    expect(partial).toBeGreaterThan(2 * HISTORY.length);
    expect(partial).toBeLessThan(4 * HISTORY.length);
    fake.heal();
    fake.requests.length = 0;
    const progress: AlpacaLoadProgress[] = [];
    const report = await loadAlpacaUniverse(db, fake.port, SESSION, NOW, {
      batchSize: 2,
      onProgress: (p) => void progress.push(p),
    });
    // The first batch was complete: it is not asked for again; A3 continues from its last bar.
    expect(fake.requests.flatMap((r) => r.symbols).sort()).toEqual(['A3', 'A4', 'A5', 'A6']);
    expect(fake.requests.find((r) => r.symbols.includes('A3'))!.range.from > '2024-11-24').toBe(
      true,
    );
    expect(progress[0]).toEqual({ done: 2, total: 6 });
    expect(progress.at(-1)).toEqual({ done: 6, total: 6 });
    expect(report.symbolsLoaded).toBe(4);
    expect(await barCount()).toBe(6 * HISTORY.length);
    const { rows } = await db.pool.query(
      `SELECT company_id, date, count(*) FROM daily_bars GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(rows).toEqual([]);
    for (const s of symbols) expect(await barsOf(s)).toHaveLength(HISTORY.length);
  });

  it('marks listings that left the active list, keeps their bars, and brings them back', async () => {
    const fake = market(['AAA', 'GONE']);
    await loadAlpacaUniverse(db, fake.port, SESSION, NOW);
    fake.assets.delete('GONE');
    const report = await loadAlpacaUniverse(db, fake.port, SESSION, NOW);
    expect(report).toMatchObject({ delisted: 1, symbolsTotal: 1 });
    const gone = await db.company.findFirstOrThrow({
      where: { source: 'alpaca', symbol: 'GONE' },
      select: { delistedAt: true },
    });
    expect(gone.delistedAt).toEqual(NOW);
    expect(await barsOf('GONE')).toHaveLength(HISTORY.length);
    fake.list('GONE');
    await loadAlpacaUniverse(db, fake.port, SESSION, NOW);
    const back = await db.company.findFirstOrThrow({
      where: { source: 'alpaca', symbol: 'GONE' },
      select: { delistedAt: true },
    });
    expect(back.delistedAt).toBeNull();
  });

  it('types a listing whose name says ETF or ETN as a fund, so exclude_etfs drops it', async () => {
    const fake = market(['SPY', 'AAA']);
    fake.list('SPY', { name: 'SPDR S&P 500 ETF Trust', exchange: 'ARCA' });
    await loadAlpacaUniverse(db, fake.port, SESSION, NOW);
    // A second load keeps the type (and does not count the fund as changed).
    const again = await loadAlpacaUniverse(db, fake.port, SESSION, NOW);
    expect(again.listings).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    const types = await db.company.findMany({
      where: { source: 'alpaca' },
      select: { symbol: true, securityType: true },
      orderBy: { symbol: 'asc' },
    });
    expect(types).toEqual([
      { symbol: 'AAA', securityType: 'stock' },
      { symbol: 'SPY', securityType: 'etf' },
    ]);
  });

  it('copies fundamentals from the CSV listing of the same symbol, not its price', async () => {
    await inTransaction(db, (client) =>
      upsertCompanies(client, 'csv', [
        {
          symbol: 'AAA',
          company_name: 'Aaa Corp (csv)',
          security_type: 'stock',
          sector: 'Technology',
          price: 1,
          pe_ratio: 21.5,
          market_cap: 5e9,
          fundamentals_as_of: new Date('2021-04-21T00:00:00Z'),
        },
      ]),
    );
    const fake = market(['AAA', 'BBB']);
    const report = await loadAlpacaUniverse(db, fake.port, SESSION, NOW);
    expect(report.fundamentalsCopied).toBe(1);
    const rows = await db.company.findMany({
      where: { source: 'alpaca' },
      orderBy: { symbol: 'asc' },
      select: { symbol: true, companyName: true, sector: true, peRatio: true, price: true },
    });
    expect(rows[0]).toEqual({
      symbol: 'AAA',
      companyName: 'AAA Inc.',
      sector: 'Technology',
      peRatio: 21.5,
      price: 10 + HISTORY.length - 1,
    });
    expect(rows[1]).toMatchObject({ symbol: 'BBB', sector: null, peRatio: null });
  });
});

describe('topUpAlpacaBars', () => {
  it('brings the given symbols to the last completed session', async () => {
    const fake = market(['AAA', 'BBB']);
    const result = await topUpAlpacaBars(db, fake.port, ['aaa'], NOW);
    expect(result.session).toBe(SESSION);
    expect(fake.requests).toEqual([
      { symbols: ['AAA'], range: { from: '2024-11-24', to: SESSION } },
    ]);
    expect(await barsOf('AAA')).toHaveLength(HISTORY.length);
    expect(await barsOf('BBB')).toHaveLength(0);
  });
});
