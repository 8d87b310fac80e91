import { describe, expect, it } from 'vitest';
import { RsiIndicator, rsi } from './rsi.js';
import { firstValueIndex, syntheticBars } from './testing.js';

const closes = Float64Array.from([10, 11, 12, 11, 13, 14, 13, 15, 16, 15]);

describe('rsi', () => {
  it('matches the hand-computed Wilder RSI(3)', () => {
    // changes: +1 +1 −1 +2 +1 −1 +2 +1 −1
    // i=3: G = (1+1+0)/3 = 2/3, L = 1/3, RS = 2          → 100·2/3
    // i=4: +2: G = (2/3·2 + 2)/3 = 10/9, L = (1/3·2)/3 = 2/9, RS = 5 → 100·5/6
    // i=5: +1: G = (20/9 + 1)/3 = 29/27, L = 4/27        → 100·29/33
    // i=6: −1: G = 58/81, L = (8/27 + 1)/3 = 35/81       → 100·58/93
    // i=7: +2: G = (116/81 + 2)/3 = 278/243, L = 70/243  → 100·278/348
    // i=8: +1: G = (556/243 + 1)/3 = 799/729, L = 140/729 → 100·799/939
    // i=9: −1: G = 1598/2187, L = (280/729 + 1)/3 = 1009/2187 → 100·1598/2607
    const expected = [
      200 / 3,
      500 / 6,
      2900 / 33,
      5800 / 93,
      27800 / 348,
      79900 / 939,
      159800 / 2607,
    ];
    const out = rsi(closes, 3);
    expect(firstValueIndex(out)).toBe(3);
    expected.forEach((x, j) => expect(out[j + 3]).toBeCloseTo(x, 10));
  });

  it('is 100 with no losses, 0 with no gains, 50 with no movement', () => {
    expect(rsi(Float64Array.from([1, 2, 3, 4, 5]), 3)[4]).toBe(100);
    expect(rsi(Float64Array.from([5, 4, 3, 2, 1]), 3)[4]).toBe(0);
    expect(rsi(Float64Array.from([5, 5, 5, 5, 5]), 3)[4]).toBe(50);
  });

  it('is NaN up to index period−1 exactly', () => {
    const { close } = syntheticBars(100, 7);
    for (const period of [1, 2, 14, 99]) expect(firstValueIndex(rsi(close, period))).toBe(period);
    expect(firstValueIndex(rsi(close, 100))).toBe(-1);
  });
});

describe('RsiIndicator', () => {
  const { close } = syntheticBars(600, 42);

  it.each([1, 2, 3, 14, 50])('reproduces rsi(%i) bit for bit', (period) => {
    const ind = new RsiIndicator(period);
    const out = Float64Array.from(close, (x) => ind.update(x));
    expect(out).toEqual(rsi(close, period));
    expect(ind.value).toBe(out[599]);
    expect(ind.isReady).toBe(true);
  });

  it('becomes ready after period+1 closes', () => {
    const ind = new RsiIndicator(3);
    for (const x of [10, 11, 12]) ind.update(x);
    expect(ind.isReady).toBe(false);
    expect(ind.value).toBeNaN();
    expect(ind.update(11)).toBeCloseTo(200 / 3, 10);
    expect(ind.isReady).toBe(true);
  });

  it.each([0, -3, 1.5])('rejects period %s', (p) => {
    expect(() => new RsiIndicator(p)).toThrow(RangeError);
    expect(() => rsi(closes, p)).toThrow(RangeError);
  });
});
