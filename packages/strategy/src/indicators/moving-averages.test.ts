import { describe, expect, it } from 'vitest';
import { EmaIndicator, SmaIndicator, ema, sma } from './moving-averages.js';
import { firstValueIndex, syntheticBars } from './testing.js';

const closes = Float64Array.from([10, 11, 12, 11, 13, 14, 13, 15, 16, 15]);

describe('sma', () => {
  it('matches the hand-computed SMA(3)', () => {
    // (10+11+12)/3 = 11, (11+12+11)/3 = 34/3, (12+11+13)/3 = 12, (11+13+14)/3 = 38/3,
    // (13+14+13)/3 = 40/3, (14+13+15)/3 = 14, (13+15+16)/3 = 44/3, (15+16+15)/3 = 46/3
    const expected = [11, 34 / 3, 12, 38 / 3, 40 / 3, 14, 44 / 3, 46 / 3];
    const out = sma(closes, 3);
    expect(out.length).toBe(closes.length);
    expect(Number.isNaN(out[0]!) && Number.isNaN(out[1]!)).toBe(true);
    expected.forEach((x, j) => expect(out[j + 2]).toBeCloseTo(x, 10));
  });

  it('period 1 is the input itself', () => {
    expect(sma(closes, 1)).toEqual(closes);
  });

  it('is all NaN when the series is shorter than the period', () => {
    expect(firstValueIndex(sma(closes, 11))).toBe(-1);
  });
});

describe('ema', () => {
  it('matches the hand-computed EMA(3), k = 1/2, seeded by SMA(3)', () => {
    // seed at i=2: 11; then e += (x − e)/2: 11, 12, 13, 13, 14, 15, 15
    const expected = [11, 11, 12, 13, 13, 14, 15, 15];
    const out = ema(closes, 3);
    expect(firstValueIndex(out)).toBe(2);
    expected.forEach((x, j) => expect(out[j + 2]).toBeCloseTo(x, 10));
  });

  it('starts at `from`: seed is the SMA of values[from..from+period-1]', () => {
    // from=4: seed (13+14+13)/3 = 40/3 at i=6, then 40/3 + (15 − 40/3)/2 = 85/6
    const out = ema(closes, 3, 4);
    expect(firstValueIndex(out)).toBe(6);
    expect(out[6]).toBeCloseTo(40 / 3, 10);
    expect(out[7]).toBeCloseTo(85 / 6, 10);
  });

  it('equals ema over the suffix when started at `from`', () => {
    const { close } = syntheticBars(200, 3);
    const shifted = ema(close, 7, 50);
    const suffix = ema(close.subarray(50), 7);
    expect(shifted.subarray(50)).toEqual(suffix);
  });
});

describe('incremental moving averages', () => {
  const { close } = syntheticBars(600, 42);

  it.each([1, 2, 5, 20, 200])('SmaIndicator(%i) reproduces sma bit for bit', (period) => {
    const ind = new SmaIndicator(period);
    const out = Float64Array.from(close, (x) => ind.update(x));
    expect(out).toEqual(sma(close, period));
    expect(ind.value).toBe(out[599]);
    expect(ind.isReady).toBe(true);
  });

  it.each([1, 2, 5, 20, 200])('EmaIndicator(%i) reproduces ema bit for bit', (period) => {
    const ind = new EmaIndicator(period);
    const out = Float64Array.from(close, (x) => ind.update(x));
    expect(out).toEqual(ema(close, period));
    expect(ind.value).toBe(out[599]);
  });

  it('is not ready (value NaN) until `period` values have been seen', () => {
    const ind = new SmaIndicator(3);
    ind.update(1);
    ind.update(2);
    expect(ind.isReady).toBe(false);
    expect(ind.value).toBeNaN();
    expect(ind.update(3)).toBe(2);
    expect(ind.isReady).toBe(true);
  });
});

describe('period validation', () => {
  it.each([0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects period %s', (p) => {
    expect(() => new SmaIndicator(p)).toThrow(RangeError);
    expect(() => new EmaIndicator(p)).toThrow(RangeError);
    expect(() => sma(closes, p)).toThrow(RangeError);
    expect(() => ema(closes, p)).toThrow(RangeError);
  });

  it('says what is wrong', () => {
    expect(() => new SmaIndicator(0)).toThrow('period must be an integer of at least 1, got 0');
    expect(() => ema(closes, 3, -1)).toThrow('from must be an integer of at least 0, got -1');
  });
});
