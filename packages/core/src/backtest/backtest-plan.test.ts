import { BACKTEST_SETTINGS_DEFAULTS } from '@tradebot/strategy';
import { syntheticBars } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import { MIN_HISTORY_BARS, planBacktest, TRAIN_BARS, WARMUP_BARS } from './backtest-bars.js';
import { configOf, DEFAULT_BACKTEST_GENERAL, optimizeSymbol, seedOf } from './backtest-optimize.js';

// syntheticBars has one bar per calendar day: 12 months are about 365 bars.
describe('planBacktest', () => {
  it('tests the period in 4 folds after two years of training and the warm-up', () => {
    const plan = planBacktest(syntheticBars(3000, 1), 12);
    expect(plan).not.toBeNull();
    const p = plan as NonNullable<typeof plan>;
    expect(p.first).toBe(WARMUP_BARS);
    expect(p.train).toBe(TRAIN_BARS);
    expect(p.start).toBe(WARMUP_BARS + TRAIN_BARS);
    const tested = p.bars.close.length - p.start;
    expect(tested).toBeGreaterThanOrEqual(365);
    expect(tested).toBeLessThanOrEqual(367);
    expect(p.folds).toBe(4);
    expect(p.test).toBe(Math.floor(tested / 4));
    expect(p.months).toBe(12);
  });

  it('shortens training, then the tested months, on a short history', () => {
    const p = planBacktest(syntheticBars(500, 2), 12) as NonNullable<
      ReturnType<typeof planBacktest>
    >;
    expect(p.train).toBe(126);
    expect(p.start).toBe(WARMUP_BARS + 126);
    expect(p.months).toBe(Math.round(((500 - 276) / 21) * 10) / 10);
    expect(p.months).toBeLessThan(12);
  });

  it('refuses a history shorter than warm-up, half a year of training and a month', () => {
    expect(planBacktest(syntheticBars(MIN_HISTORY_BARS - 1, 3), 12)).toBeNull();
    expect(planBacktest(syntheticBars(MIN_HISTORY_BARS, 3), 12)?.folds).toBe(1);
  });
});

describe('optimizeSymbol', () => {
  const settings = { ...BACKTEST_SETTINGS_DEFAULTS, risk_per_trade: 0.01 };
  const plan = planBacktest(syntheticBars(1500, 4), 12) as NonNullable<
    ReturnType<typeof planBacktest>
  >;
  const once = () =>
    optimizeSymbol(plan, configOf(settings, DEFAULT_BACKTEST_GENERAL, seedOf('SYN')), settings, {
      evaluations: 20,
      timeMs: 60_000,
    });

  it('is seeded from the symbol: the same bars and settings give the same result', () => {
    expect(seedOf('AAPL')).toBe(seedOf('AAPL'));
    expect(seedOf('AAPL')).not.toBe(seedOf('MSFT'));
    const a = once();
    const b = once();
    expect(a.final.best.params).toEqual(b.final.best.params);
    expect(a.outOfSample.profit).toBe(b.outOfSample.profit);
    expect(a.folds).toHaveLength(4);
  });

  it('never searches position size or the drawdown halt', () => {
    const wf = once();
    for (const run of [wf.final, ...wf.folds.map((f) => ({ best: { params: f.params } }))]) {
      expect(run.best.params.risk_per_trade).toBe(0.01);
      expect(run.best.params.max_drawdown).toBe(0.2);
    }
    expect(wf.final.trials.every((t) => t.params.risk_per_trade === 0.01)).toBe(true);
  });
});
