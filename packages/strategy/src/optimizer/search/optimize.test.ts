import { describe, expect, it } from 'vitest';
import {
  STOCK_PARAM_BOUNDS,
  STOCK_PARAM_DEFAULTS,
  type NumericParam,
  type StockParams,
} from '../../params.js';
import { encode, stockSearchSpace } from '../space/space.js';
import type { ParamValues } from '../space/types.js';
import { mulberry32 } from '../testing.js';
import { optimize } from './optimize.js';
import type { EvalResult } from './types.js';

type P = StockParams & ParamValues;
const space = stockSearchSpace();
const window = { start: 0, end: 500 };

/**
 * A synthetic objective with a known optimum: a weighted quadratic bowl in the encoded unit cube
 * (weights from 8 down to 0.1, so a few parameters matter most, as in real strategies), plus a
 * bonus for macd_crossover. Maximum 110 at `target` with macd_crossover = true.
 */
const target = Float64Array.from({ length: 16 }, (_, j) => 0.15 + 0.7 * (((j * 7) % 16) / 15));
const weights = Float64Array.from({ length: 16 }, (_, j) => (j < 14 ? 8 * 0.7 ** j + 0.1 : 0));
function bowl(p: P): number {
  const u = encode(space, p);
  let s = 0;
  for (let j = 0; j < 14; j++) s += weights[j]! * (u[j]! - target[j]!) ** 2;
  return 100 - 100 * s + (p.macd_crossover ? 10 : 0);
}
function evaluate(p: P): EvalResult {
  const profit = bowl(p);
  const rng = mulberry32(Math.round(profit * 1e6));
  const returns = Float64Array.from({ length: 250 }, () => profit * 1e-5 + 0.01 * (rng() - 0.5));
  return { profit, sharpe: profit / 100, returns };
}

describe('optimize', () => {
  it('is deterministic: the same seed gives the same trials and winner', () => {
    const run = () =>
      optimize<P>({ evaluate, space, window, budget: { evaluations: 60 }, rng: mulberry32(11) });
    const a = run();
    const b = run();
    expect(a.trials).toEqual(b.trials);
    expect(a.best.params).toEqual(b.best.params);
    expect(a.importance).toEqual(b.importance);
  });

  it('only evaluates points inside the search ranges, with integral integers and macd_slow > macd_fast', () => {
    const seen: P[] = [];
    const res = optimize<P>({
      evaluate: (p) => (seen.push(p), evaluate(p)),
      space,
      window,
      budget: { evaluations: 150 },
      rng: mulberry32(2),
    });
    expect(seen).toHaveLength(150);
    expect(res.trials).toHaveLength(150);
    for (const p of seen) {
      for (const name of Object.keys(STOCK_PARAM_BOUNDS) as NumericParam[]) {
        const b = STOCK_PARAM_BOUNDS[name];
        expect(p[name]).toBeGreaterThanOrEqual(b.search[0]);
        expect(p[name]).toBeLessThanOrEqual(b.search[1]);
        if (b.integer) expect(Number.isInteger(p[name])).toBe(true);
      }
      expect(p.macd_slow).toBeGreaterThan(p.macd_fast);
      expect(typeof p.macd_crossover).toBe('boolean');
    }
  });

  it('beats random search with the same number of evaluations on a known optimum (mean of 6 seeds)', () => {
    const budget = { evaluations: 120 };
    let forest = 0;
    let random = 0;
    for (let seed = 1; seed <= 6; seed++) {
      forest +=
        optimize<P>({ evaluate, space, window, budget, rng: mulberry32(seed) }).best.score / 6;
      random +=
        optimize<P>({ evaluate, space, window, budget, rng: mulberry32(seed), method: 'random' })
          .best.score / 6;
    }
    console.log(
      `synthetic bowl, 120 evaluations: forest ${forest.toFixed(2)} vs random ${random.toFixed(2)} (optimum 110)`,
    );
    expect(forest).toBeGreaterThan(random + 5);
  });

  it('reports the DSR of the winner with every evaluation counted, and ranks the steepest parameter first', () => {
    const res = optimize<P>({
      evaluate,
      space,
      window,
      budget: { evaluations: 120 },
      rng: mulberry32(4),
    });
    expect(res.deflated?.trials).toBe(120);
    expect(res.deflated?.observations).toBe(250);
    expect(res.deflated!.dsr).toBeGreaterThan(0);
    expect(res.deflated!.dsr).toBeLessThanOrEqual(1);
    const top = [...res.importance].sort((a, b) => b.permutation - a.permutation)[0];
    expect(['atr_multiplier', 'atr_period']).toContain(top?.name);
    expect(res.importance.reduce((s, i) => s + i.impurity, 0)).toBeCloseTo(1, 9);
  });

  it("with select: 'model' returns an evaluated trial the final forest rates highly", () => {
    const res = optimize<P>({
      evaluate,
      space,
      window,
      budget: { evaluations: 80 },
      rng: mulberry32(5),
      select: 'model',
    });
    expect(res.trials.map((t) => t.params)).toContainEqual(res.best.params);
    expect(res.best.result.profit).toBe(res.best.profit);
    expect(res.best.score).toBeGreaterThan(
      res.trials.map((t) => t.score).sort((a, b) => a - b)[40]!,
    );
  });

  it('stops on the time budget of the injected clock', () => {
    let t = 0;
    const res = optimize<P>({
      evaluate: (p) => ((t += 10), evaluate(p)),
      space,
      window,
      budget: { timeMs: 300 },
      rng: mulberry32(1),
      now: () => t,
    });
    expect(res.trials).toHaveLength(30);
    expect(res.timing.evaluateMs).toBe(300);
  });

  it('evaluates the seeds first and refuses an unbounded budget', () => {
    const seen: P[] = [];
    const seed = { ...STOCK_PARAM_DEFAULTS } as P;
    optimize<P>({
      evaluate: (p) => (seen.push(p), evaluate(p)),
      space,
      window,
      budget: { evaluations: 12 },
      rng: mulberry32(1),
      seeds: [seed],
    });
    expect(seen[0]).toEqual(seed);
    expect(() => optimize<P>({ evaluate, space, window, budget: {}, rng: mulberry32(1) })).toThrow(
      /budget/,
    );
  });
});
