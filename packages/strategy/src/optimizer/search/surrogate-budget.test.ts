import { describe, expect, it } from 'vitest';
import { fitForest } from '../forest/forest.js';
import { stockSearchSpace } from '../space/space.js';
import type { ParamValues } from '../space/types.js';
import { mulberry32 } from '../testing.js';
import { finalForest } from './finish.js';
import { lateTail, shareBatch, type ShareState } from './surrogate-budget.js';
import type { FittedForest, OptimizeOptions, Trial } from './types.js';

// 500 evaluations, 32 done, 1 ms per evaluation outside the surrogate: allowance 0.25 × 500 = 125 ms.
const base: ShareState = {
  share: 0.2,
  maxEvals: 500,
  evaluated: 32,
  otherMs: 32,
  otherPerEvalMs: 1,
  surrogateMs: 1,
  proposePerEvalMs: 0.01,
  fitMs: 10,
  finalFit: true,
  afterMs: 5,
  minBatch: 4,
};

describe('shareBatch', () => {
  it('with a final forest, leaves the last tenth to a late fit that is then reused', () => {
    expect(lateTail(500, 4)).toBe(50);
    // Affordable: (125 − 1 − 4.68 − 5)/10 → 11 further fits; 418 points before the tail over 11 rounds.
    expect(shareBatch(base)).toBe(Math.ceil(418 / 11));
    // Unaffordable: everything but the tail now, the tail from the late fit.
    expect(shareBatch({ ...base, fitMs: 1000 })).toBe(418);
    expect(shareBatch({ ...base, fitMs: 1000, evaluated: 450 })).toBe(50);
  });

  it('without one, spreads the remaining points over the affordable fits (all now when none is)', () => {
    expect(shareBatch({ ...base, finalFit: false, afterMs: 0, fitMs: 1000 })).toBe(468);
    // (125 − 1 − 4.68)/10 → 11 further fits: 468 points over this round and 11 more.
    expect(shareBatch({ ...base, finalFit: false, afterMs: 0 })).toBe(Math.ceil(468 / 12));
  });
});

describe('finalForest', () => {
  type P = ParamValues;
  const space = stockSearchSpace() as unknown as OptimizeOptions<P>['space'];
  const d = space.dims.length;
  const rng = mulberry32(3);
  const n = 100;
  const X = Array.from({ length: n * d }, () => rng());
  const y = Float64Array.from({ length: n }, () => rng());
  const trials = Array.from({ length: n }, () => ({}) as Trial<P>);
  const rec = {
    X,
    y,
    trials,
    best: { ...(trials[0] as Trial<P>), result: { profit: 0, sharpe: 0 } },
  };
  const last = (rows: number): FittedForest => ({
    forest: fitForest(Float64Array.from(X.slice(0, rows * d)), y.subarray(0, rows), d, rng),
    rows,
  });
  const opts = (share?: number) =>
    ({
      space,
      rng,
      select: 'model',
      importance: false,
      ...(share ? { surrogateShare: share } : {}),
    }) as unknown as OptimizeOptions<P>;

  it('reuses the last search forest under a share when at most a tenth of the trials came after it', () => {
    const recent = last(90);
    expect(finalForest(opts(0.2), rec, recent)).toBe(recent);
    const old = last(89);
    const refit = finalForest(opts(0.2), rec, old);
    expect(refit).not.toBe(old);
    expect(refit?.rows).toBe(n);
  });

  it('always fits on every trial without a share (runs stay as they were)', () => {
    expect(finalForest(opts(), rec, last(99))?.rows).toBe(n);
  });
});
