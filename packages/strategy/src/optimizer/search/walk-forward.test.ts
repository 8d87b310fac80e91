import { describe, expect, it } from 'vitest';
import { STOCK_PARAM_DEFAULTS, type StockParams } from '../../params.js';
import { stockSearchSpace } from '../space/space.js';
import type { ParamValues } from '../space/types.js';
import { mulberry32 } from '../testing.js';
import type { BarWindow, EvalResult } from './types.js';
import { toBestParameters } from './best-parameters.js';
import { defaultMinTrades, walkForward, walkForwardFolds } from './walk-forward.js';

type P = StockParams & ParamValues;

describe('walkForwardFolds', () => {
  it('rolls fixed windows so the last test window ends on the last bar', () => {
    expect(walkForwardFolds(1000, { train: 500, test: 100 })).toEqual([
      { train: { start: 0, end: 500 }, test: { start: 500, end: 600 } },
      { train: { start: 100, end: 600 }, test: { start: 600, end: 700 } },
      { train: { start: 200, end: 700 }, test: { start: 700, end: 800 } },
      { train: { start: 300, end: 800 }, test: { start: 800, end: 900 } },
      { train: { start: 400, end: 900 }, test: { start: 900, end: 1000 } },
    ]);
  });

  it('anchors, skips warm-up bars, keeps the most recent folds, and returns [] when nothing fits', () => {
    expect(
      walkForwardFolds(1050, { train: 500, test: 200, anchored: true, first: 50, maxFolds: 2 }),
    ).toEqual([
      { train: { start: 50, end: 650 }, test: { start: 650, end: 850 } },
      { train: { start: 50, end: 850 }, test: { start: 850, end: 1050 } },
    ]);
    expect(walkForwardFolds(500, { train: 450, test: 100 })).toEqual([]);
  });
});

describe('walkForward', () => {
  // The best rsi_period drifts with time (15 + window.start / 100), so in-sample winners are only
  // approximately right out of sample, as on real data.
  const evaluate = (p: P, w: BarWindow): EvalResult => {
    const best = 15 + w.start / 100;
    const profit = (w.end - w.start) * (1 - Math.abs(p.rsi_period - best) / 10);
    return {
      profit,
      sharpe: profit / 100,
      returns: new Float64Array(w.end - w.start)
        .fill(profit / 1e5)
        .map((x, i) => x + (i % 2 ? 1e-3 : -1e-3)),
      trades: Math.round((w.end - w.start) / 50),
    };
  };

  it('optimises each in-sample window, scores the winner out of sample and maps to best_parameters', () => {
    const calls: BarWindow[] = [];
    const wf = walkForward<P>({
      evaluate: (p, w) => (calls.push(w), evaluate(p, w)),
      space: stockSearchSpace(),
      bars: 1000,
      folds: { train: 400, test: 200 },
      budget: { evaluations: 40 },
      rng: mulberry32(8),
    });
    expect(wf.folds.map((f) => f.fold.test)).toEqual([
      { start: 400, end: 600 },
      { start: 600, end: 800 },
      { start: 800, end: 1000 },
    ]);
    expect(wf.totalTrials).toBe(4 * 40);
    expect(calls.filter((w) => w.start === 600 && w.end === 800)).toHaveLength(1);
    expect(wf.outOfSample.profit).toBeCloseTo(
      wf.folds.reduce((s, f) => s + f.outOfSample.profit, 0),
      9,
    );
    expect(wf.final.best.params.rsi_period).toBeGreaterThanOrEqual(19);
    const report = toBestParameters('AAPL', wf);
    expect(Object.keys(report.entry).sort()).toEqual(
      [...Object.keys(STOCK_PARAM_DEFAULTS), 'profit', 'symbol'].sort(),
    );
    expect(report.entry.profit).toBe(wf.outOfSample.profit);
    expect(report.trials).toBe(160);
    expect(report.deflatedSharpe).not.toBeNull();
    // A strong, steady edge that trades enough passes every check.
    expect(report.minTrades).toBe(3);
    expect(report.inSampleTrades).toBe(8);
    expect(report.outOfSampleTrades).toBe(12);
    expect(report.noEdgeReasons).toEqual([]);
    expect(report.noRobustEdge).toBe(false);
    expect(wf.edge.deflatedSharpe).toBeGreaterThan(0.95);
  });

  it('defaults to one in-sample round trip per 126 bars, at least one', () => {
    expect(defaultMinTrades({ start: 200, end: 956 })).toBe(6);
    expect(defaultMinTrades({ start: 0, end: 100 })).toBe(1);
  });

  const run = (evaluate: (p: P, w: BarWindow) => EvalResult, bars = 1000) =>
    walkForward<P>({
      evaluate,
      space: stockSearchSpace(),
      bars,
      folds: { train: 400, test: 200 },
      budget: { evaluations: 30 },
      rng: mulberry32(3),
    });

  it('flags noRobustEdge, with trades 0, when nothing trades at all', () => {
    const wf = run((_, w) => ({
      profit: 0,
      sharpe: 0,
      returns: new Float64Array(w.end - w.start),
      trades: 0,
    }));
    const report = toBestParameters('FLAT', wf);
    expect(report.noRobustEdge).toBe(true);
    expect(report.noEdgeReasons).toEqual([
      'too_few_trades',
      'below_significance_bar',
      'low_deflated_sharpe',
      'no_out_of_sample_profit',
    ]);
    expect(report.inSampleTrades).toBe(0);
    expect(report.minTrades).toBe(3);
    expect(report.outOfSampleTrades).toBe(0);
    expect(report.entry.profit).toBe(0);
  });

  it('flags a trading winner that loses out of sample and does not clear the bar in sample', () => {
    // Noise with a small loss per bar: every set trades, none has an edge.
    const wf = run((p, w) => {
      const rng = mulberry32(w.start * 1000 + p.rsi_period);
      const returns = Float64Array.from({ length: w.end - w.start }, () => 0.01 * (rng() - 0.52));
      const profit = returns.reduce((a, b) => a + b, 0) * 1e4;
      return { profit, sharpe: 0, returns, trades: 20 };
    });
    expect(wf.folds.every((f) => f.inSample.trades === 20)).toBe(true);
    expect(wf.edge.noRobustEdge).toBe(true);
    expect(wf.edge.reasons).toContain('below_significance_bar');
    expect(wf.edge.reasons).not.toContain('too_few_trades');
  });

  it('says there was no out-of-sample test when no fold fits', () => {
    const wf = run(
      (_, w) => ({
        profit: 1,
        sharpe: 0,
        returns: Float64Array.from({ length: w.end - w.start }, (_, i) => (i % 2 ? 0.02 : 0.01)),
        trades: 10,
      }),
      500,
    );
    expect(wf.folds).toHaveLength(0);
    expect(wf.edge.reasons).toEqual(['no_out_of_sample']);
    expect(wf.edge.noRobustEdge).toBe(true);
  });
});
