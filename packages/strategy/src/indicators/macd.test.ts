import { describe, expect, it } from 'vitest';
import { MacdIndicator, macd, macdCrossover, macdCrossunder } from './macd.js';
import { firstValueIndex, syntheticBars } from './testing.js';

const closes = Float64Array.from([10, 11, 12, 11, 13, 14, 13, 15, 16, 15]);

describe('macd', () => {
  // EMA(3), k = 1/2:  i=2..9: 11, 11, 12, 13, 13, 14, 15, 15
  // EMA(5), k = 1/3:  i=4: 57/5, then 184/15, 563/45, 1801/135, 5762/405, 17599/1215
  // MACD = EMA3 − EMA5 from i=4: 3/5, 11/15, 22/45, 89/135, 313/405, 626/1215
  // signal EMA(2) of MACD, k = 2/3: i=5: (3/5 + 11/15)/2 = 2/3, then 74/135, 84/135, 878/1215, 710/1215
  // histogram from i=5: 1/15, −8/135, 5/135, 61/1215, −84/1215
  const m = macd(closes, 3, 5, 2);

  it('matches the hand-computed MACD(3, 5, 2)', () => {
    expect(firstValueIndex(m.macd)).toBe(4);
    expect(firstValueIndex(m.signal)).toBe(5);
    expect(firstValueIndex(m.histogram)).toBe(5);
    [3 / 5, 11 / 15, 22 / 45, 89 / 135, 313 / 405, 626 / 1215].forEach((x, j) =>
      expect(m.macd[j + 4]).toBeCloseTo(x, 10),
    );
    [2 / 3, 74 / 135, 84 / 135, 878 / 1215, 710 / 1215].forEach((x, j) =>
      expect(m.signal[j + 5]).toBeCloseTo(x, 10),
    );
    [1 / 15, -8 / 135, 5 / 135, 61 / 1215, -84 / 1215].forEach((x, j) =>
      expect(m.histogram[j + 5]).toBeCloseTo(x, 10),
    );
  });

  it('finds the crossings of the hand-computed example', () => {
    const up = closes.map((_, i) => Number(macdCrossover(m.macd, m.signal, i)));
    const down = closes.map((_, i) => Number(macdCrossunder(m.macd, m.signal, i)));
    // i=6: 66/135 < 74/135 after 11/15 ≥ 2/3; i=7: 89/135 > 84/135; i=9: 626 < 710 after 939 ≥ 878
    expect(Array.from(up)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(Array.from(down)).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 1]);
  });

  it('never reports a crossing next to NaN or outside the series', () => {
    const line = Float64Array.from([Number.NaN, 1, 2]);
    const signal = Float64Array.from([0, 1.5, 1]);
    expect(macdCrossover(line, signal, 1)).toBe(false);
    expect(macdCrossover(line, signal, 2)).toBe(true);
    expect(macdCrossover(line, signal, 0)).toBe(false);
    expect(macdCrossover(line, signal, 3)).toBe(false);
    expect(macdCrossunder(signal, line, 1)).toBe(false);
    expect(macdCrossunder(signal, line, 2)).toBe(true);
  });

  it('starts the line at slow−1 and the signal at slow+signal−2', () => {
    const { close } = syntheticBars(100, 7);
    for (const [fast, slow, sig] of [
      [12, 26, 9],
      [5, 10, 1],
      [1, 2, 3],
      [20, 60, 9],
    ] as const) {
      const out = macd(close, fast, slow, sig);
      expect(firstValueIndex(out.macd)).toBe(slow - 1);
      expect(firstValueIndex(out.signal)).toBe(slow + sig - 2);
      expect(firstValueIndex(out.histogram)).toBe(slow + sig - 2);
    }
    expect(firstValueIndex(macd(close, 12, 26).signal)).toBe(33);
    expect(firstValueIndex(macd(close, 12, 95, 9).signal)).toBe(-1);
  });
});

describe('MacdIndicator', () => {
  const { close } = syntheticBars(600, 42);

  it.each([
    [12, 26, 9],
    [3, 5, 2],
    [1, 1, 1],
    [5, 60, 20],
  ])('reproduces macd(%i, %i, %i) bit for bit', (fast, slow, sig) => {
    const ind = new MacdIndicator(fast, slow, sig);
    const values = Array.from(close, (x) => ind.update(x));
    const batch = macd(close, fast, slow, sig);
    expect(Float64Array.from(values, (v) => v.macd)).toEqual(batch.macd);
    expect(Float64Array.from(values, (v) => v.signal)).toEqual(batch.signal);
    expect(Float64Array.from(values, (v) => v.histogram)).toEqual(batch.histogram);
    expect(ind.value).toBe(values[599]);
    expect(ind.isReady).toBe(true);
  });

  it('is NaN while warming up and ready with the first signal value', () => {
    const ind = new MacdIndicator(3, 5, 2);
    for (const x of closes.subarray(0, 5)) ind.update(x);
    expect(ind.isReady).toBe(false);
    expect(ind.value.macd).toBeCloseTo(3 / 5, 10);
    expect(ind.value.signal).toBeNaN();
    expect(ind.value.histogram).toBeNaN();
    expect(ind.update(14).signal).toBeCloseTo(2 / 3, 10);
    expect(ind.isReady).toBe(true);
  });

  it('defaults the signal period to 9', () => {
    const ind = new MacdIndicator(12, 26);
    const values = Array.from(close, (x) => ind.update(x));
    expect(Float64Array.from(values, (v) => v.signal)).toEqual(macd(close, 12, 26).signal);
  });

  it('rejects bad periods with a message naming them', () => {
    expect(() => new MacdIndicator(0, 26)).toThrow(
      'fast period must be an integer of at least 1, got 0',
    );
    expect(() => new MacdIndicator(12, 2.5)).toThrow(
      'slow period must be an integer of at least 1, got 2.5',
    );
    expect(() => new MacdIndicator(12, 26, -1)).toThrow(
      'signal period must be an integer of at least 1, got -1',
    );
    expect(() => macd(closes, 12, 26, 0)).toThrow(RangeError);
  });
});
