import { describe, expect, it } from 'vitest';
import { AtrIndicator, atr } from './atr.js';
import { BetaIndicator, beta } from './beta.js';
import type { IncrementalIndicator } from './incremental.js';
import { MacdIndicator, macd } from './macd.js';
import { EmaIndicator, SmaIndicator, ema, sma } from './moving-averages.js';
import { RsiIndicator, rsi } from './rsi.js';
import { syntheticBars } from './testing.js';
import { AverageVolumeIndicator, averageVolume } from './volume.js';

const N = 400;
const b = syntheticBars(N, 11);
const benchmark = syntheticBars(N, 12).close;
const macdBatch = macd(b.close, 12, 26, 9);

/** One indicator under test: its inputs at bar i, and the batch form's value there as numbers. */
interface Case<T, In extends readonly number[]> {
  make: () => IncrementalIndicator<T, In>;
  input: (i: number) => In;
  /** The batch form at bar i, as the numbers `numbers(value)` gives. */
  expected: (i: number) => number[];
  numbers: (v: T) => number[];
  /** First bar whose batch value is warm. */
  first: number;
}

const num = (v: number): number[] => [v];
const series = (s: Float64Array) => (i: number) => [s[i] as number];
const close = (i: number): [number] => [b.close[i] as number];

/** Feeds every bar; returns each bar's value (as numbers) and readiness, checking them against the batch form. */
function feed<T, In extends readonly number[]>(
  ind: IncrementalIndicator<T, In>,
  c: Case<T, In>,
): unknown[] {
  const seen: unknown[] = [];
  for (let i = 0; i < N; i++) {
    const out = c.numbers(ind.update(...c.input(i)));
    const value = c.numbers(ind.value);
    // toBe is Object.is: bit for bit, NaN included.
    c.expected(i).forEach((x, k) => {
      expect(out[k]).toBe(x);
      expect(value[k]).toBe(x);
    });
    expect(ind.isReady).toBe(i >= c.first);
    seen.push(value, ind.isReady);
  }
  return seen;
}

function check<T, In extends readonly number[]>(c: Case<T, In>): void {
  const ind = c.make();
  expect(ind.isReady).toBe(false);
  for (const x of c.numbers(ind.value)) expect(x).toBeNaN();
  const firstFeed = feed(ind, c);
  ind.reset();
  expect(ind.isReady).toBe(false);
  for (const x of c.numbers(ind.value)) expect(x).toBeNaN();
  expect(feed(ind, c)).toEqual(firstFeed);
}

describe('IncrementalIndicator: each class against its batch form, then reset and fed again', () => {
  it('SmaIndicator', () => {
    check({
      make: () => new SmaIndicator(20),
      input: close,
      expected: series(sma(b.close, 20)),
      numbers: num,
      first: 19,
    });
  });

  it('EmaIndicator', () => {
    check({
      make: () => new EmaIndicator(20),
      input: close,
      expected: series(ema(b.close, 20)),
      numbers: num,
      first: 19,
    });
  });

  it('RsiIndicator', () => {
    check({
      make: () => new RsiIndicator(14),
      input: close,
      expected: series(rsi(b.close, 14)),
      numbers: num,
      first: 14,
    });
  });

  it('AtrIndicator (high, low, close)', () => {
    check({
      make: () => new AtrIndicator(14),
      input: (i): [number, number, number] => [
        b.high[i] as number,
        b.low[i] as number,
        b.close[i] as number,
      ],
      expected: series(atr(b.high, b.low, b.close, 14)),
      numbers: num,
      first: 14,
    });
  });

  it('MacdIndicator (line, signal, histogram)', () => {
    check({
      make: () => new MacdIndicator(12, 26, 9),
      input: close,
      expected: (i) => [
        macdBatch.macd[i] as number,
        macdBatch.signal[i] as number,
        macdBatch.histogram[i] as number,
      ],
      numbers: (v) => [v.macd, v.signal, v.histogram],
      first: 25 + 8,
    });
  });

  it('BetaIndicator (close, benchmark close)', () => {
    check({
      make: () => new BetaIndicator(60),
      input: (i): [number, number] => [b.close[i] as number, benchmark[i] as number],
      expected: series(beta(b.close, benchmark, 60)),
      numbers: num,
      first: 60,
    });
  });

  it('AverageVolumeIndicator (volume)', () => {
    check({
      make: () => new AverageVolumeIndicator(30),
      input: (i): [number] => [b.volume[i] as number],
      expected: series(averageVolume(b.volume, 30)),
      numbers: num,
      first: 29,
    });
  });
});
