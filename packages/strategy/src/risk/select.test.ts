import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../optimizer/testing.js';
import { quantilesInPlace, selectKth } from './select.js';

/** Type 7 quantile from a sorted copy: the definition `quantilesInPlace` must match. */
function sortedQuantile(values: Float64Array, q: number): number {
  const s = Float64Array.from(values).sort();
  const h = (s.length - 1) * q;
  const k = Math.floor(h);
  return k + 1 < s.length ? s[k]! + (h - k) * (s[k + 1]! - s[k]!) : s[k]!;
}

describe('selectKth and quantilesInPlace', () => {
  it('match a sorted copy on random arrays, with and without ties', () => {
    const rng = mulberry32(9);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rng() * 300);
      const ties = trial % 2 === 0;
      const a = Float64Array.from({ length: n }, () =>
        ties ? Math.floor(rng() * 5) : rng() * 2 - 1,
      );
      const sorted = Float64Array.from(a).sort();
      const k = Math.floor(rng() * n);
      expect(selectKth(Float64Array.from(a), k)).toBe(sorted[k]);
      const qs = [0.05, 0.25, 0.5, 0.75, 0.95];
      const got = quantilesInPlace(Float64Array.from(a), qs);
      qs.forEach((q, i) => expect(got[i]).toBeCloseTo(sortedQuantile(a, q), 12));
    }
  });

  it('gives the minimum at 0 and the maximum at 1', () => {
    const a = Float64Array.from([3, -1, 7, 7, 2]);
    expect(quantilesInPlace(a, [0, 0.5, 1])).toEqual([-1, 3, 7]);
  });
});
