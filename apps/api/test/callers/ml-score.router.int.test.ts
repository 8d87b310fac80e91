import { saveMlModel } from '@tradebot/db';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectUnauthenticated } from './caller.js';

/** The user is on the demo market, whose clock stands at 2026-01-05; the admin is on Alpaca. */
const s = callerSuite('mls', { demoMarket: true });

const summary = (ic: number, hitRate: number) => ({
  ic,
  ic_t: 2,
  ic_positive: 0.6,
  hit_rate: hitRate,
  months: 24,
  picks: 240,
});

const TRAIN = { from: '2018-01-02', to: '2023-12-29' };
const TEST = { from: '2024-01-02', to: '2025-12-01' };

/** A stored demo-universe model with hand-set figures (training itself is the worker's job). */
const demoModel = (version: string, trainedAt: string) =>
  saveMlModel(
    s.api.runtime.db,
    {
      universe: 'demo',
      version,
      trainedAt: new Date(trainedAt),
      asOf: '2026-01-02',
      train: TRAIN,
      test: TEST,
      metrics: {
        model: summary(0.05, 0.56),
        baseline: summary(0.02, 0.52),
        ic_edge_t: 2.5,
        beats_baseline: true,
        by_year: [],
        live_train: { from: '2018-01-02', to: '2025-12-01' },
        train_rows: 1000,
        horizon: 21,
        seed: 1,
        features: ['ret_1m'],
        trees: 64,
      },
      forest: { trees: [] },
    },
    new Map([['DMA', 87.5]]),
  );

describe('ml-score router', () => {
  it('answers null before the first training, then the model of the caller’s universe only', async () => {
    expect(await s.user.call.mlScore.model()).toBeNull();
    await demoModel('rf1-2026-01-02', '2026-01-02T22:00:00Z');
    // Trained after the demo clock's now: not served yet.
    await demoModel('rf1-2026-01-06', '2026-01-06T22:00:00Z');
    const info = await s.user.call.mlScore.model();
    expect(info).toMatchObject({
      version: 'rf1-2026-01-02',
      trained_at: '2026-01-02T22:00:00.000Z',
      train_period: TRAIN,
      test_period: TEST,
      ic: 0.05,
      baseline_ic: 0.02,
      hit_rate: 0.56,
      baseline_hit_rate: 0.52,
      beats_baseline: true,
    });
    expect(info?.description).toMatch(/^What it is: a random forest of 64 trees/);
    expect(await s.admin.call.mlScore.model()).toBeNull();
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.mlScore.model());
  });
});
