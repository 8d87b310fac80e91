import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { DemoClock, DemoMarket, PRICES_DIR } from '@tradebot/market';
import { parseDailyCsv, runMlScore } from '@tradebot/strategy';
import { afterAll, describe, expect, it } from 'vitest';
import type { MarketDeps } from '../active-market/market-deps.js';
import { importMarketData } from '../market-universe/market-data-import.js';
import { mlScoreService } from './ml-score.service.js';

/**
 * The csv universe end to end on the shared real data: import, then train from `daily_bars`.
 * The figures must equal the bench's (bars parsed from the files): the database path adjusts
 * splits and dividends the same way and loses nothing.
 */
const db = createDb(process.env.DATABASE_URL ?? '');
const dataDir = fileURLToPath(new URL('../../../../../shared/data', import.meta.url));
const realData = existsSync(join(dataDir, PRICES_DIR));
if (!realData) console.warn(`Skipping the ML score real-data test: ${dataDir} is not here.`);
afterAll(async () => db.$disconnect());

const clock = new DemoClock({ start: Date.UTC(2026, 10, 20, 22), speed: 0 });
const market = {
  source: 'demo',
  demo: { clock, market: new DemoMarket({ seed: 1, clock, size: 50 }) },
  alpacaEnv: {},
} as MarketDeps;

describe.skipIf(!realData)('ML score on the imported real data', () => {
  it('trains from daily_bars with the same figures as from the files', async () => {
    await resetDatabase(db);
    await importMarketData(db, dataDir);
    const service = mlScoreService({ db, market, now: () => new Date('2026-11-21T12:00:00Z') });
    const result = await service.train('csv');
    expect(result).toMatchObject({ trained: true, version: 'rf1-2026-11-20' });

    const prices = join(dataDir, PRICES_DIR);
    const files = readdirSync(prices).filter((f) => f.endsWith('.csv'));
    const fromFiles = runMlScore(
      files.map((f) => parseDailyCsv(f.slice(0, -4), readFileSync(join(prices, f), 'utf8'))),
      { seed: 1 },
    );
    const info = await service.modelInfo('csv');
    expect(info?.ic).toBeCloseTo(fromFiles.evaluation.model.ic, 9);
    expect(info?.baseline_ic).toBeCloseTo(fromFiles.evaluation.baseline.ic, 9);
    expect(info?.hit_rate).toBeCloseTo(fromFiles.evaluation.model.hitRate, 9);
    expect(result.scored).toBe(fromFiles.scores.size);
    expect(info?.test_period.to).toBe('2021-02-26');
  }, 240_000);
});
