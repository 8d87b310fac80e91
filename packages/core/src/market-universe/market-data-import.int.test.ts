import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countUniverse, createDb, findDailyBars } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { FUNDAMENTAL_COLUMNS, FUNDAMENTALS_FILE, PRICES_DIR } from '@tradebot/market';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { importMarketData, type ImportProgress } from './market-data-import.js';

const db = createDb(process.env.DATABASE_URL ?? '');
const dataDir = fileURLToPath(new URL('../../../../../shared/data', import.meta.url));
const realData =
  existsSync(join(dataDir, PRICES_DIR)) && existsSync(join(dataDir, FUNDAMENTALS_FILE));
if (!realData) console.warn(`Skipping the real-data import tests: ${dataDir} is not here.`);

const scratch = mkdtempSync(join(tmpdir(), 'tradebot-import-'));
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await db.$disconnect();
});
beforeEach(async () => resetDatabase(db));

const PRICE_HEADER =
  'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient';

/** A folder in the shared layout holding the given files (path → text). */
function folder(name: string, files: Record<string, string>) {
  const root = join(scratch, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The real fundamentals and the first `count` real price files, copied. */
function realSubset(name: string, count: number) {
  const root = join(scratch, name);
  mkdirSync(join(root, PRICES_DIR), { recursive: true });
  mkdirSync(join(root, 'fundamentals'));
  cpSync(join(dataDir, FUNDAMENTALS_FILE), join(root, FUNDAMENTALS_FILE));
  for (const file of readdirSync(join(dataDir, PRICES_DIR)).sort().slice(0, count)) {
    cpSync(join(dataDir, PRICES_DIR, file), join(root, PRICES_DIR, file));
  }
  return root;
}

describe.skipIf(!realData)('importing the real data', () => {
  it('loads companies and bars, and a re-run changes nothing', async () => {
    const root = realSubset('subset', 12);
    const progress: ImportProgress[] = [];
    const first = await importMarketData(db, root, { onProgress: (p) => progress.push(p) });
    expect(first.rejected).toEqual([]);
    // ABC and BLL are among the price files but no longer in the snapshot: bare listings.
    expect(first.companies).toEqual({ inserted: 505, updated: 0, unchanged: 0 });
    expect(progress.map((p) => p.filesDone)).toEqual([...Array(13).keys()].map((i) => i + 1));
    expect(progress.at(-1)).toMatchObject({ filesTotal: 13, rejected: 0 });
    const after = await countUniverse(db, 'csv');
    expect(after.bars).toBe(first.bars.inserted);
    expect(after.bars).toBe((progress.at(-1) as ImportProgress).rows - 503);

    // Read back through Prisma, which also holds the schema and the migration to each other.
    const apple = await db.company.findUniqueOrThrow({
      where: { source_symbol: { source: 'csv', symbol: 'AAPL' } },
    });
    expect(apple).toMatchObject({
      companyName: 'Apple Inc.',
      sector: 'Information Technology',
      industry: 'Technology Hardware, Storage & Peripherals',
      securityType: 'stock',
      dividendYield: 0.35,
      marketCap: 4514709504000,
      beta: null,
    });
    const bar = await db.dailyBar.findFirstOrThrow({
      where: { company: { symbol: 'ABC' }, date: new Date('2011-04-21') },
    });
    expect(bar).toMatchObject({
      open: 40.55,
      high: 40.6,
      low: 40.27,
      close: 40.55,
      volume: 1402800n,
    });

    const second = await importMarketData(db, root);
    expect(second.companies).toEqual({ inserted: 0, updated: 0, unchanged: 503 });
    expect(second.bars).toEqual({ inserted: 0, updated: 0, unchanged: after.bars });
    expect(await countUniverse(db, 'csv')).toEqual(after);
  });

  it('resumes a run aborted after 5 files: the re-run completes with no duplicate', async () => {
    const root = realSubset('abort', 10);
    const controller = new AbortController();
    const aborted = importMarketData(db, root, {
      signal: controller.signal,
      onProgress: (p) => (p.filesDone === 5 ? controller.abort(new Error('killed')) : undefined),
    });
    await expect(aborted).rejects.toThrow('killed');
    const partial = await db.$queryRaw<{ symbols: bigint }[]>`
      SELECT count(DISTINCT company_id) AS symbols FROM daily_bars`;
    expect(Number(partial[0]?.symbols)).toBe(4); // the fundamentals file and 4 price files

    const resumed = await importMarketData(db, root);
    expect(resumed.companies.unchanged).toBe(503);
    const clean = await countUniverse(db, 'csv');
    await resetDatabase(db);
    const fresh = await importMarketData(db, root);
    expect(await countUniverse(db, 'csv')).toEqual(clean);
    expect(resumed.bars.inserted + resumed.bars.unchanged).toBe(fresh.bars.inserted);
  });

  it(
    'loads the whole folder (503 companies, 108 symbols, 264,273 bars)',
    { timeout: 120_000 },
    async () => {
      const started = performance.now();
      const report = await importMarketData(db, dataDir);
      expect(report.companies.inserted).toBe(518);
      const seconds = (performance.now() - started) / 1000;
      console.log(`full import: ${report.bars.inserted} bars in ${seconds.toFixed(1)} s`);
      expect(report.rejected).toEqual([]);
      // 15 price files are of symbols no longer in the snapshot: bare listings named by symbol.
      expect(await countUniverse(db, 'csv')).toEqual({ companies: 518, bars: 264_273 });
      expect(
        await db.company.findFirst({ where: { symbol: 'FB' }, select: { companyName: true } }),
      ).toEqual({
        companyName: 'FB',
      });
    },
  );
});

describe('bad files', () => {
  it('reports rejected rows and writes nothing of a refused file', async () => {
    const root = folder('bad', {
      [FUNDAMENTALS_FILE]: `${FUNDAMENTAL_COLUMNS.join(',')}\nAAA,Alpha,Biotechnology,10,,,,,,,,,,\n,Nameless,Biotechnology,10,,,,,,,,,,\n`,
      [`${PRICES_DIR}/AAA.csv`]: `${PRICE_HEADER}\n2021-04-19,10,11,9,10,10,100,0,1\n2021-04-20,10,11,9,x,10,100,0,1\n`,
      [`${PRICES_DIR}/BBB.csv`]: `timestamp,open,high,low,close\n2021-04-19,10,11,9,10\n`,
    });
    const report = await importMarketData(db, root);
    expect(report.filesRefused).toEqual([`${PRICES_DIR}/BBB.csv`]);
    expect(report.rejected).toEqual([
      { file: FUNDAMENTALS_FILE, row: 3, column: 'Symbol', reason: 'empty symbol' },
      { file: `${PRICES_DIR}/AAA.csv`, row: 3, column: 'close', reason: 'not a number: "x"' },
      ...['adjusted_close', 'volume', 'dividend_amount', 'split_coefficient'].map((column) => ({
        file: `${PRICES_DIR}/BBB.csv`,
        row: 1,
        column,
        reason: 'missing column: file not loaded',
      })),
    ]);
    expect(await db.company.findMany({ select: { symbol: true } })).toEqual([{ symbol: 'AAA' }]);
    expect(await countUniverse(db, 'csv')).toEqual({ companies: 1, bars: 1 });
  });

  it('replaces a value a corrected file changes', async () => {
    const path = `${PRICES_DIR}/AAA.csv`;
    await importMarketData(
      db,
      folder('v1', { [path]: `${PRICE_HEADER}\n2021-04-19,10,11,9,10,10,100,0,1\n` }),
    );
    const report = await importMarketData(
      db,
      folder('v2', { [path]: `${PRICE_HEADER}\n2021-04-19,10,11,9,10.5,10.5,100,0,1\n` }),
    );
    expect(report.bars).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await db.dailyBar.findFirst({ select: { close: true } })).toEqual({ close: 10.5 });
  });

  it('refuses a folder with nothing of the layout in it', async () => {
    await expect(importMarketData(db, folder('empty', { 'notes.txt': 'hello' }))).rejects.toThrow(
      /No market data in .*: expected fundamentals\/sp500-constituents-financials.csv or prices-daily/,
    );
  });
});

describe('reading bars back', () => {
  it('gives the bars of a symbol between two dates, oldest first, from the primary key', async () => {
    const path = `${PRICES_DIR}/AAA.csv`;
    const rows = [
      '2021-04-21,3,3,3,3,3,300,0,1',
      '2021-04-19,1,1,1,1,1,100,0.5,1',
      '2021-04-20,2,2,2,2,2,200,0,2',
    ];
    await importMarketData(db, folder('read', { [path]: `${PRICE_HEADER}\n${rows.join('\n')}\n` }));
    const bars = await findDailyBars(db, 'csv', 'AAA', { from: '2021-04-19', to: '2021-04-20' });
    expect(bars).toEqual([
      {
        date: '2021-04-19',
        open: 1,
        high: 1,
        low: 1,
        close: 1,
        adjusted_close: 1,
        volume: 100,
        dividend_amount: 0.5,
        split_coefficient: 1,
      },
      {
        date: '2021-04-20',
        open: 2,
        high: 2,
        low: 2,
        close: 2,
        adjusted_close: 2,
        volume: 200,
        dividend_amount: 0,
        split_coefficient: 2,
      },
    ]);
    const plan = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN SELECT * FROM daily_bars WHERE company_id = 1 AND date BETWEEN '2021-01-01' AND '2021-12-31'`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('daily_bars_pkey');
  });
});

describe('search indexes', () => {
  it('serve symbol prefixes and name substrings', async () => {
    const plan = async (where: string) => {
      const rows = await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
        return tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
          `EXPLAIN SELECT id FROM companies WHERE ${where}`,
        );
      });
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    expect(await plan(`upper(symbol) LIKE 'AA%'`)).toContain('companies_symbol_prefix_idx');
    expect(await plan(`company_name ILIKE '%apple%'`)).toContain('companies_name_trgm_idx');
  });
});
