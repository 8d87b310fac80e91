import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, findDailyBars } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { DemoClock, DemoMarket, FUNDAMENTALS_FILE, PRICES_DIR } from '@tradebot/market';
import { allocBars, parseIsoDate, stockMetrics } from '@tradebot/strategy';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { syncDemoUniverse } from './demo-universe-sync.js';
import { importMarketData } from './market-data-import.js';
import { refreshMetrics, type MetricsBatchDone } from './metrics-refresh.js';
import { csvBarSource, demoBarSource } from './metrics-sources.js';

const db = createDb(process.env.DATABASE_URL ?? '');
const dataDir = fileURLToPath(new URL('../../../../../shared/data', import.meta.url));
const realData =
  existsSync(join(dataDir, PRICES_DIR)) && existsSync(join(dataDir, FUNDAMENTALS_FILE));
if (!realData) console.warn(`Skipping the csv metrics tests: ${dataDir} is not here.`);
const scratch = mkdtempSync(join(tmpdir(), 'tradebot-metrics-'));
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await db.$disconnect();
});
beforeEach(async () => resetDatabase(db));

const NOW = () => new Date('2026-01-06T00:00:00Z');
// Monday 2026-01-05 after the close: the last completed session is that day.
const demoMarket = (start = Date.parse('2026-01-05T22:00:00Z')) =>
  new DemoMarket({ seed: 1, clock: new DemoClock({ start, speed: 0 }) });

const metricsRows = () =>
  db.stockMetrics.findMany({ include: { company: { select: { symbol: true, source: true } } } });

describe('the demo universe in the database', () => {
  it('writes the 520 listings with fundamentals as of the clock, and a re-run writes nothing', async () => {
    const market = demoMarket();
    const first = await syncDemoUniverse(db, market);
    expect(first).toEqual({ inserted: 520, updated: 0, unchanged: 0 });
    expect(await db.company.count({ where: { source: 'demo' } })).toBe(520);
    const some = (await market.listUniverse())[7];
    const stored = await db.company.findFirst({ where: { source: 'demo', symbol: some?.symbol } });
    expect(stored?.companyName).toBe(some?.company_name);
    expect(stored?.marketCap).toBeCloseTo(some?.market_cap ?? NaN, 0);
    expect(stored?.fundamentalsAsOf?.getTime()).toBe(some?.last_updated);

    expect(await syncDemoUniverse(db, market)).toEqual({ inserted: 0, updated: 0, unchanged: 520 });

    // A session later the prices (and so the price ratios) moved: rows are updated, none added.
    const later = demoMarket(Date.parse('2026-01-06T22:00:00Z'));
    const next = await syncDemoUniverse(db, later);
    expect(next.inserted).toBe(0);
    expect(next.updated).toBeGreaterThan(400);
    expect(await db.company.count({ where: { source: 'demo' } })).toBe(520);
  });
});

describe('the metrics refresh', () => {
  it('computes every demo listing from the generated bars, in batches with progress', async () => {
    const market = demoMarket();
    await syncDemoUniverse(db, market);
    const batches: MetricsBatchDone[] = [];
    const report = await refreshMetrics(db, demoBarSource(market, '2026-01-05'), {
      batchSize: 100,
      now: NOW,
      onBatch: (done) => void batches.push(done),
    });
    expect(report).toEqual({ total: 520, written: 520 });
    expect(batches.map((b) => b.completed)).toEqual([100, 200, 300, 400, 500, 520]);
    const rows = await metricsRows();
    expect(rows).toHaveLength(520);
    expect(rows.every((row) => row.asOf?.toISOString() === '2026-01-05T00:00:00.000Z')).toBe(true);
    expect(rows.every((row) => row.rsi !== null && row.rsi >= 0 && row.rsi <= 100)).toBe(true);
    expect(rows.every((row) => row.beta !== null && row.atrPercent !== null)).toBe(true);

    // The stored values are the strategy package's metrics of the same bars.
    const row = rows.find((r) => r.company.symbol === rows[3]?.company.symbol);
    const bars = await market.getDailyBars(row?.company.symbol ?? '', {
      from: '2024-05-15',
      to: '2026-01-05',
    });
    const expected = stockMetrics(bars);
    expect(row?.rsi).toBeCloseTo(expected.rsi ?? NaN, 9);
    expect(row?.macd).toBeCloseTo(expected.macd ?? NaN, 9);
    expect(row?.lastPrice).toBe(expected.last_price);

    // Betas against the demo index estimate the model's betas.
    const universe = await market.listUniverse();
    const modelBeta = new Map(universe.map((f) => [f.symbol, f.beta]));
    const errors = rows.map((r) =>
      Math.abs((r.beta ?? 0) - (modelBeta.get(r.company.symbol) ?? 0)),
    );
    errors.sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThan(0.25);
  });

  it('resumes after a checkpoint: the rest is written, each listing keeps one row', async () => {
    const market = demoMarket();
    await syncDemoUniverse(db, market);
    const source = demoBarSource(market, '2026-01-05');
    const seen: MetricsBatchDone[] = [];
    // A first attempt "dies" after its second batch (an error thrown from the checkpoint hook).
    await expect(
      refreshMetrics(db, source, {
        batchSize: 100,
        now: NOW,
        onBatch: (done) => {
          seen.push(done);
          if (seen.length === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await db.stockMetrics.count()).toBe(200);
    const checkpoint = seen[1]?.lastCompanyId ?? 0;
    const resumed = await refreshMetrics(db, source, {
      batchSize: 100,
      now: () => new Date('2026-01-07T00:00:00Z'),
      afterCompanyId: checkpoint,
    });
    expect(resumed).toEqual({ total: 520, written: 320 });
    expect(await db.stockMetrics.count()).toBe(520);
    // The first 200 were not redone.
    expect(
      await db.stockMetrics.count({ where: { refreshedAt: new Date('2026-01-06T00:00:00Z') } }),
    ).toBe(200);
    expect(await db.stockMetrics.count({ where: { companyId: { lte: checkpoint } } })).toBe(200);
  });

  it.skipIf(!realData)(
    'computes csv listings from stored bars against an equal-weight index',
    async () => {
      const root = join(scratch, 'csv');
      mkdirSync(join(root, PRICES_DIR), { recursive: true });
      mkdirSync(join(root, 'fundamentals'));
      cpSync(join(dataDir, FUNDAMENTALS_FILE), join(root, FUNDAMENTALS_FILE));
      const files = readdirSync(join(dataDir, PRICES_DIR)).sort().slice(0, 6);
      for (const file of files)
        cpSync(join(dataDir, PRICES_DIR, file), join(root, PRICES_DIR, file));
      await importMarketData(db, root);
      const total = await db.company.count({ where: { source: 'csv' } });
      const asOf = '2021-04-21';
      const report = await refreshMetrics(db, csvBarSource(db, asOf), { batchSize: 250, now: NOW });
      expect(report).toEqual({ total, written: total });
      const rows = await metricsRows();
      expect(rows).toHaveLength(total);
      // Listings without price files have a row of nulls; the six with files are computed.
      const computed = rows.filter((row) => row.rsi !== null);
      expect(computed.map((row) => row.company.symbol).sort()).toEqual(
        files.map((file) => file.replace('.csv', '')).sort(),
      );
      expect(computed.every((row) => row.beta !== null && row.beta > 0 && row.beta < 3)).toBe(true);
      expect(computed.every((row) => row.asOf?.toISOString().startsWith(asOf))).toBe(true);

      // RSI (scale-free) and average volume from the stored bars: same as the job's.
      const symbol = computed[0]?.company.symbol ?? '';
      const stored = await findDailyBars(db, 'csv', symbol, { from: '2019-08-30', to: asOf });
      const bars = allocBars(symbol, stored.length);
      stored.forEach((bar, i) => {
        const f = bar.adjusted_close / bar.close;
        bars.time[i] = parseIsoDate(bar.date);
        bars.open[i] = bar.open * f;
        bars.high[i] = bar.high * f;
        bars.low[i] = bar.low * f;
        bars.close[i] = bar.adjusted_close;
        bars.volume[i] = bar.volume;
      });
      const expected = stockMetrics(bars);
      expect(computed[0]?.rsi).toBeCloseTo(expected.rsi ?? NaN, 9);
      expect(computed[0]?.averageVolume).toBeCloseTo(expected.average_volume ?? NaN, 6);
    },
  );
});
