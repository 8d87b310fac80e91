import { ZMlModelInfo } from '@tradebot/api-contract';
import { createDb, inTransaction, upsertBars, upsertCompanies } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { DemoClock, DemoMarket } from '@tradebot/market';
import { syntheticBars } from '@tradebot/strategy/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketDeps } from '../active-market/market-deps.js';
import { mlScoreService } from './ml-score.service.js';

const db = createDb(process.env.DATABASE_URL ?? '');
const SYMBOLS = Array.from({ length: 40 }, (_, k) => `FX${String(k).padStart(2, '0')}`);
const BARS = 900; // calendar days from 2020-01-01: the last is 2022-06-18
const NOW = new Date('2022-07-01T21:00:00Z');

const clock = new DemoClock({ start: Date.UTC(2026, 10, 20, 22), speed: 0 });
const market = {
  source: 'demo',
  demo: { clock, market: new DemoMarket({ seed: 7, clock, size: 50 }) },
  alpacaEnv: {},
} as MarketDeps;
const service = mlScoreService({ db, market, now: () => NOW });

/** A small csv universe: seeded synthetic bars stored as the CSV import would store them. */
async function insertFixture() {
  await inTransaction(db, async (client) => {
    await upsertCompanies(
      client,
      'csv',
      SYMBOLS.map((symbol) => ({ symbol, company_name: symbol, security_type: 'stock' as const })),
    );
    const { rows } = await client.query<{ id: number; symbol: string }>(
      `SELECT "id", "symbol" FROM "companies" WHERE "source" = 'csv'`,
    );
    for (const { id, symbol } of rows) {
      const b = syntheticBars(BARS, 500 + SYMBOLS.indexOf(symbol), symbol);
      await upsertBars(
        client,
        id,
        Array.from(b.time, (t, i) => ({
          date: new Date(t).toISOString().slice(0, 10),
          open: b.open[i]!,
          high: b.high[i]!,
          low: b.low[i]!,
          close: b.close[i]!,
          adjusted_close: b.close[i]!,
          volume: Math.round(b.volume[i]!),
          dividend_amount: 0,
          split_coefficient: 1,
        })),
      );
    }
  });
}

beforeAll(async () => {
  await resetDatabase(db);
  await insertFixture();
});
afterAll(async () => db.$disconnect());

describe('ML score service on a csv fixture', () => {
  it('has no model and no scores before training', async () => {
    expect(await service.modelInfo('csv')).toBeNull();
    expect((await service.scoresFor('csv', SYMBOLS)).size).toBe(0);
  });

  it('trains, stores the model with its figures, and serves scores and the description', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const result = await service.train('csv');
    clearInterval(timer);
    // The event loop ran during training (what keeps a BullMQ lock renewed).
    expect(ticks).toBeGreaterThan(3);
    expect(result).toMatchObject({ trained: true, version: 'rf1-2022-07-01', scored: 40 });

    const info = ZMlModelInfo.parse(await service.modelInfo('csv'));
    expect(info.version).toBe('rf1-2022-07-01');
    expect(info.trained_at).toBe(NOW.toISOString());
    expect(info.train_period.to < info.test_period.from).toBe(true);
    expect(info.test_period.to <= '2022-06-18').toBe(true);
    expect(info.beats_baseline).toBe(result.beats_baseline);
    expect(info.description).toContain(
      info.beats_baseline ? 'It beats the baseline' : 'It does not beat the baseline',
    );
    expect(info.description).toContain(
      `${info.ic.toFixed(3)} vs ${info.baseline_ic.toFixed(3)} for 12-1 month momentum`,
    );
    expect(info.hit_rate).toBeGreaterThanOrEqual(0);
    expect(info.hit_rate).toBeLessThanOrEqual(1);

    const scores = await service.scoresFor('csv', ['FX00', 'FX01', 'NOPE']);
    expect([...scores.keys()].sort()).toEqual(['FX00', 'FX01']);
    for (const score of scores.values()) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
    const all = [...(await service.scoresFor('csv', SYMBOLS)).values()].sort((a, b) => a - b);
    expect(all).toHaveLength(40);
    expect([all[0], all[39]]).toEqual([0, 100]);

    const stored = await db.mlModel.findFirstOrThrow({ select: { asOf: true, forest: true } });
    expect(stored.asOf.toISOString().slice(0, 10)).toBe('2022-06-18');
    expect((stored.forest as { trees: unknown[] }).trees).toHaveLength(64);
  });

  it('replaces the same day’s model on a retrain, with the same scores (seeded)', async () => {
    const before = await service.scoresFor('csv', SYMBOLS);
    await service.train('csv');
    expect(await db.mlModel.count()).toBe(1);
    expect(await db.mlScore.count()).toBe(40);
    expect(await service.scoresFor('csv', SYMBOLS)).toEqual(before);
  });

  it('serves no model trained after the market clock’s now (a clock set back)', async () => {
    const earlier = mlScoreService({ db, market, now: () => new Date('2022-06-30T21:00:00Z') });
    expect(await earlier.modelInfo('csv')).toBeNull();
    expect((await earlier.scoresFor('csv', SYMBOLS)).size).toBe(0);
  });

  it('keeps universes apart: the demo universe still has no model', async () => {
    expect(await service.modelInfo('demo')).toBeNull();
    expect((await service.scoresFor('demo', SYMBOLS)).size).toBe(0);
  });
});
