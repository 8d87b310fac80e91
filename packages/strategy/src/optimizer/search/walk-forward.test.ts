import { describe, expect, it } from 'vitest';
import { STOCK_PARAM_DEFAULTS, type StockParams } from '../../params.js';
import { stockSearchSpace } from '../space/space.js';
import type { ParamValues } from '../space/types.js';
import { mulberry32 } from '../testing.js';
import type { BarWindow, EvalResult } from './types.js';
import { toBestParameters, walkForward, walkForwardFolds } from './walk-forward.js';

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
  });
});
