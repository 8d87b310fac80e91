import { describe, expect, it } from 'vitest';
import { AtrIndicator, atr, atrPercent, trueRange } from './atr.js';
import { firstValueIndex, syntheticBars } from './testing.js';

// bar:    0     1     2     3     4     5     6
const high = Float64Array.from([10.5, 11.0, 12.0, 11.9, 11.2, 10.3, 10.0]);
const low = Float64Array.from([9.5, 10.0, 11.5, 10.9, 10.0, 9.0, 9.6]);
const close = Float64Array.from([10.0, 10.8, 11.8, 11.0, 10.2, 9.1, 9.9]);

describe('trueRange', () => {
  it('matches hand-computed values; none on the first bar', () => {
    // 1: max(1.0, |11−10|, |10−10|) = 1.0      2: max(0.5, |12−10.8|, |11.5−10.8|) = 1.2 (gap)
    // 3: max(1.0, 0.1, |10.9−11.8|) = 1.0      4: max(1.2, 0.2, 1.0) = 1.2
    // 5: max(1.3, 0.1, 1.2) = 1.3              6: max(0.4, |10−9.1|, 0.5) = 0.9
    const out = trueRange(high, low, close);
    expect(out[0]).toBeNaN();
    [1.0, 1.2, 1.0, 1.2, 1.3, 0.9].forEach((x, j) => expect(out[j + 1]).toBeCloseTo(x, 10));
  });
});

describe('atr', () => {
  it('matches the hand-computed Wilder ATR(3)', () => {
    // i=3: (1.0 + 1.2 + 1.0)/3 = 3.2/3;  i=4: (3.2/3·2 + 1.2)/3 = 10/9
    // i=5: (20/9 + 1.3)/3 = 31.7/27;     i=6: (63.4/27 + 0.9)/3 = 87.7/81
    const out = atr(high, low, close, 3);
    expect(firstValueIndex(out)).toBe(3);
    [3.2 / 3, 10 / 9, 31.7 / 27, 87.7 / 81].forEach((x, j) =>
      expect(out[j + 3]).toBeCloseTo(x, 10),
    );
  });

  it('atrPercent is 100·atr/close', () => {
    const out = atrPercent(high, low, close, 3);
    expect(firstValueIndex(out)).toBe(3);
    expect(out[4]).toBeCloseTo((100 * 10) / 9 / 10.2, 10);
  });

  it('is NaN up to index period−1 exactly', () => {
    const b = syntheticBars(100, 7);
    for (const period of [1, 2, 14, 99]) {
      expect(firstValueIndex(atr(b.high, b.low, b.close, period))).toBe(period);
      expect(firstValueIndex(atrPercent(b.high, b.low, b.close, period))).toBe(period);
    }
    expect(firstValueIndex(atr(b.high, b.low, b.close, 100))).toBe(-1);
  });
});

describe('AtrIndicator', () => {
  const b = syntheticBars(600, 42);

  it.each([1, 2, 3, 14, 50])('reproduces atr(%i) bit for bit', (period) => {
    const ind = new AtrIndicator(period);
    const out = b.close.map((c, i) => ind.update(b.high[i]!, b.low[i]!, c));
    expect(out).toEqual(atr(b.high, b.low, b.close, period));
    expect(ind.value).toBe(out[599]);
    expect(ind.isReady).toBe(true);
  });

  it('becomes ready after period+1 bars', () => {
    const ind = new AtrIndicator(3);
    for (let i = 0; i < 3; i++) ind.update(high[i]!, low[i]!, close[i]!);
    expect(ind.isReady).toBe(false);
    expect(ind.value).toBeNaN();
    expect(ind.update(high[3]!, low[3]!, close[3]!)).toBeCloseTo(3.2 / 3, 10);
  });

  it.each([0, -1, 2.5])('rejects period %s', (p) => {
    expect(() => new AtrIndicator(p)).toThrow(RangeError);
    expect(() => atr(high, low, close, p)).toThrow(RangeError);
  });
});
