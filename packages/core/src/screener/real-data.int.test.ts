import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZScreeningCriteria, asScreenCriteria } from '@tradebot/api-contract';
import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { FUNDAMENTALS_FILE, PRICES_DIR } from '@tradebot/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMarketData } from '../market-universe/market-data-import.js';
import { refreshMetrics } from '../market-universe/metrics-refresh.js';
import { csvBarSource } from '../market-universe/metrics-sources.js';
import { screenStoredUniverse } from './screen-stored.js';

/**
 * On the real data: the CSV import loads the shared real data (108 price histories, the
 * 503-company snapshot) and the screener runs on it, through the same import, metrics refresh
 * and stored read + filter the worker uses.
 */
const db = createDb(process.env.DATABASE_URL ?? '');
const dataDir = fileURLToPath(new URL('../../../../../shared/data', import.meta.url));
const realData =
  existsSync(join(dataDir, PRICES_DIR)) && existsSync(join(dataDir, FUNDAMENTALS_FILE));
if (!realData) console.warn(`Skipping the real-data screener test: ${dataDir} is not here.`);
const AS_OF = '2021-04-21';

beforeAll(async () => {
  if (!realData) return;
  await resetDatabase(db);
  await importMarketData(db, dataDir);
  await refreshMetrics(db, csvBarSource(db, AS_OF), {
    batchSize: 250,
    now: () => new Date(`${AS_OF}T23:00:00Z`),
  });
}, 120_000);
afterAll(async () => db.$disconnect());

describe.skipIf(!realData)('the screener on the imported real universe', () => {
  it('screens the 518 listings with the spec defaults: a shortlist, the rest excluded or failing', async () => {
    const defaults = asScreenCriteria(ZScreeningCriteria.parse({}));
    const result = await screenStoredUniverse(db, 'csv', defaults);
    expect(result.rows).toBe(518);
    // Only the 108 listings with price files have RSI and ATR %; the rest are missing data.
    expect(result.excluded).toBe(518 - 108);
    // A shortlist of the 108 (13 on 2021-04-21), neither none nor all.
    expect(result.passed).toBeGreaterThan(0);
    expect(result.passed).toBeLessThan(54);
  });

  it('finds stocks when only fundamentals are asked for, and excludes none of those with them', async () => {
    const value = asScreenCriteria(
      ZScreeningCriteria.parse({
        max_rsi: null,
        min_atr_percent: null,
        min_average_volume: null,
        max_beta: null,
        min_beta: null,
        max_pe_ratio: 25,
        min_market_cap: 10_000_000_000,
      }),
    );
    const result = await screenStoredUniverse(db, 'csv', value);
    // Large caps with a P/E under 25 exist among S&P 500 companies; unknown P/Es are counted.
    expect(result.passed).toBeGreaterThan(20);
    expect(result.passed).toBeLessThan(400);
    expect(result.excluded).toBeGreaterThan(0);
  });
});
