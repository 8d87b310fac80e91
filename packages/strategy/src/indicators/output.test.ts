import { describe, expect, it } from 'vitest';
import { atr } from './atr.js';
import { ema } from './moving-averages.js';
import { rsi } from './rsi.js';
import { syntheticBars } from './testing.js';

/** A reused buffer: stale values everywhere, as a `SeriesPool` hands out. */
const stale = (n: number): Float64Array => new Float64Array(n).fill(123.456);

describe('batch indicators writing into a caller buffer (`out`)', () => {
  const b = syntheticBars(300, 5);

  it('give the same series as a fresh array, warm-up NaN included, and return `out`', () => {
    for (const period of [1, 3, 14, 299, 300, 400]) {
      const r = stale(300);
      expect(rsi(b.close, period, r)).toBe(r);
      expect(r).toEqual(rsi(b.close, period));
      const a = stale(300);
      expect(atr(b.high, b.low, b.close, period, a)).toEqual(atr(b.high, b.low, b.close, period));
      for (const from of [0, 7, 299])
        expect(ema(b.close, period, from, stale(300))).toEqual(ema(b.close, period, from));
    }
  });

  it('reject a buffer of the wrong length', () => {
    expect(() => rsi(b.close, 14, new Float64Array(10))).toThrow(RangeError);
  });
});
