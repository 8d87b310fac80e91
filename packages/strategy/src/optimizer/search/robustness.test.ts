import { describe, expect, it } from 'vitest';
import type { SearchSpace } from '../space/types.js';
import { moved, robustnessMap, stepOf } from './robustness.js';
import type { BarWindow, EvalResult, Evaluate, ParamImportance } from './types.js';

type P = { period: number; level: number; slow: number; flag: boolean };

// Steps: period 2 (a tenth of 0..20), level 0.1, slow 4 (a tenth of 0..40), flag 1.
const space: SearchSpace<P> = {
  dims: [
    { name: 'period', kind: 'int', lo: 0, hi: 20 },
    { name: 'level', kind: 'float', lo: 0, hi: 1 },
    { name: 'slow', kind: 'int', lo: 0, hi: 40 },
    { name: 'flag', kind: 'bool' },
  ],
  ordered: [['period', 'slow']],
};

const importance: ParamImportance[] = [
  { name: 'flag', permutation: 0.5, impurity: 0.5 },
  { name: 'slow', permutation: 0.1, impurity: 0.2 },
  { name: 'level', permutation: 0.3, impurity: 0.2 },
  { name: 'period', permutation: 0.1, impurity: 0.1 },
];

const windows: BarWindow[] = [
  { start: 0, end: 10 },
  { start: 10, end: 30 },
];

/** Folds as walkForward leaves them: each winner's own result on its test window. */
function foldsOf(evaluate: Evaluate<P>, params: P[]) {
  return params.map((p, k) => {
    const test = windows[k] as BarWindow;
    const r = evaluate(p, test);
    return { params: p, test, outOfSample: { profit: r.profit, sharpe: r.sharpe } };
  });
}

const counted = (f: (p: P, w: BarWindow) => number) => {
  const calls: P[] = [];
  const evaluate: Evaluate<P> = (p, w): EvalResult => {
    calls.push(p);
    const profit = f(p, w);
    return { profit, sharpe: profit / 100 };
  };
  return { evaluate, calls };
};

describe('robustness map', () => {
  it('flags a set whose out-of-sample profit turns to a loss one step away as fragile', () => {
    // Profit per test bar is period − 9: period 10 earns 1 a bar, one step down (8) loses 1 a bar.
    const { evaluate } = counted((p, w) => (p.period - 9) * (w.end - w.start));
    const chosen = { period: 10, level: 0.5, slow: 30, flag: true };
    const map = robustnessMap({
      evaluate,
      space,
      folds: foldsOf(evaluate, [chosen, chosen]),
      importance,
    });
    // Sharpe is the mean of the folds' (0.1 and 0.2), as walkForward reports it.
    expect(map.centre.profit).toBe(30);
    expect(map.centre.sharpe).toBeCloseTo(0.15, 12);
    const period = map.params.find((p) => p.name === 'period');
    expect(period?.step).toBe(2);
    // −2, −1, +1, +2 steps: period 6, 8, 12, 14 over 30 test bars.
    expect(period?.neighbours.map((n) => n?.profit)).toEqual([-90, -30, 90, 150]);
    expect(map.flips).toEqual(['period']);
    expect(map.fragile).toBe(true);
  });

  it('does not flag a set whose neighbours all earn alike', () => {
    const { evaluate } = counted((_p, w) => 5 * (w.end - w.start));
    const chosen = { period: 10, level: 0.5, slow: 30, flag: false };
    const map = robustnessMap({
      evaluate,
      space,
      folds: foldsOf(evaluate, [chosen, chosen]),
      importance,
    });
    expect(map.fragile).toBe(false);
    expect(map.flips).toEqual([]);
    for (const p of map.params)
      for (const n of p.neighbours) if (n) expect(n.profit).toBe(map.centre.profit);
  });

  it('moves each fold winner on its own test window and maps the two most important numeric parameters', () => {
    // Profit depends on level and slow only, so each grid cell can be checked by hand.
    const f = (p: P, w: BarWindow) => Math.round((p.level * 10 + p.slow) * (w.end - w.start));
    const { evaluate } = counted(f);
    const a = { period: 4, level: 0.5, slow: 20, flag: true };
    const b = { period: 6, level: 0.3, slow: 24, flag: true };
    const map = robustnessMap({ evaluate, space, folds: foldsOf(evaluate, [a, b]), importance });
    // flag ranks first but is a switch: the grid takes level (0.3) then slow (tie broken by impurity).
    expect(map.grid?.x).toBe('level');
    expect(map.grid?.y).toBe('slow');
    // Row +1 (slow + 4), column −2 (level − 0.2): fold a on bars 0–10, fold b on bars 10–30.
    const cell = map.grid?.cells[3]?.[0];
    const expected =
      f({ ...a, level: 0.3, slow: 24 }, windows[0]!) +
      f({ ...b, level: 0.1, slow: 28 }, windows[1]!);
    expect(cell?.profit).toBe(expected);
    expect(map.grid?.cells[2]?.[2]).toEqual(map.centre);
    // The grid's centre row is the table's row for level.
    const level = map.params.find((p) => p.name === 'level');
    expect(map.grid?.cells[2]?.[4]).toEqual(level?.neighbours[3]);
  });

  it('evaluates each moved set once, shared between the table and the grid', () => {
    const { evaluate, calls } = counted((p) => p.slow);
    const chosen = { period: 10, level: 0.5, slow: 30, flag: true };
    const folds = foldsOf(evaluate, [chosen]);
    calls.length = 0;
    robustnessMap({ evaluate, space, folds, importance });
    // 3 numeric × 4 offsets + 1 flip of the switch + 16 grid cells off the centre row and column.
    expect(calls).toHaveLength(3 * 4 + 1 + 16);
  });

  it('keeps moves inside the searched range and its orderings, and says when nothing moved', () => {
    const top = { period: 20, level: 1, slow: 40, flag: true };
    const [period, level, slow, flag] = space.dims;
    expect(moved(space, top, [{ dim: period!, offset: 1 }])).toBeNull();
    expect(moved(space, top, [{ dim: level!, offset: 2 }])).toBeNull();
    // slow − 2 steps would be 14, below period 20: raised to 21 as the search repairs an ordering.
    const down = moved(space, { ...top, slow: 22 }, [{ dim: slow!, offset: -2 }]);
    expect(down).toMatchObject({ period: 20, slow: 21 });
    expect(moved(space, top, [{ dim: flag!, offset: -1 }])?.flag).toBe(false);
    expect(moved(space, top, [{ dim: flag!, offset: 2 }])).toBeNull();
    expect(stepOf(level!)).toBeCloseTo(0.1, 12);
  });
});
