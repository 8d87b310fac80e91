import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../optimizer/testing.js';
import { BetaIndicator, beta } from './beta.js';
import { firstValueIndex } from './testing.js';

// Benchmark returns +10%, −10%, +10%; stock returns +5%, 0%, +2%.
const bench = Float64Array.from([100, 110, 99, 108.9]);
const stock = Float64Array.from([100, 105, 105, 107.1]);

/** A stock whose returns are 1.3× the benchmark's plus noise, so beta ≈ 1.3. */
function correlatedPair(n: number, seed: number): { close: Float64Array; benchmark: Float64Array } {
  const u = mulberry32(seed);
  const close = new Float64Array(n);
  const benchmark = new Float64Array(n);
  close[0] = 50;
  benchmark[0] = 400;
  for (let i = 1; i < n; i++) {
    const rb = 0.02 * (u() - 0.5);
    benchmark[i] = benchmark[i - 1]! * (1 + rb);
    close[i] = close[i - 1]! * (1 + 1.3 * rb + 0.01 * (u() - 0.5));
  }
  return { close, benchmark };
}

describe('beta', () => {
  it('matches the hand-computed beta over 3 returns', () => {
    // mean rb = 1/30, deviations 1/15, −2/15, 1/15: Σd² = 6/225
    // Σ(r − mean r)·d = Σ r·d = 0.05/15 + 0 + 0.02/15 = 0.07/15 → beta = (0.07/15)/(6/225) = 0.175
    const out = beta(stock, bench, 3);
    expect(firstValueIndex(out)).toBe(3);
    expect(out[3]).toBeCloseTo(0.175, 10);
  });

  it('is 2 for a stock that moves twice as much, NaN when the benchmark is flat', () => {
    const doubled = Float64Array.from([100, 120, 96, 115.2]);
    expect(beta(doubled, bench, 3)[3]).toBeCloseTo(2, 10);
    expect(beta(doubled, Float64Array.from([7, 7, 7, 7]), 3)[3]).toBeNaN();
  });

  it('is NaN up to index period−1 exactly, and ≈ 1.3 on a correlated pair', () => {
    const { close, benchmark } = correlatedPair(300, 5);
    for (const period of [2, 20, 60])
      expect(firstValueIndex(beta(close, benchmark, period))).toBe(period);
    expect(beta(close, benchmark, 250)[299]).toBeCloseTo(1.3, 1);
  });

  it('rejects mismatched lengths and bad periods', () => {
    expect(() => beta(stock, bench.subarray(1), 2)).toThrow(
      'close and benchmarkClose must have the same length',
    );
    expect(() => beta(stock, bench, 0)).toThrow(RangeError);
    expect(() => new BetaIndicator(1.5)).toThrow(RangeError);
  });
});

describe('BetaIndicator', () => {
  const { close, benchmark } = correlatedPair(600, 42);

  it.each([1, 2, 3, 20, 60, 250])('reproduces beta(%i) bit for bit', (period) => {
    const ind = new BetaIndicator(period);
    const out = close.map((c, i) => ind.update(c, benchmark[i]!));
    expect(out).toEqual(beta(close, benchmark, period));
    expect(ind.value).toBe(out[599]);
    expect(ind.isReady).toBe(true);
  });

  it('becomes ready after period+1 bars', () => {
    const ind = new BetaIndicator(3);
    for (let i = 0; i < 3; i++) ind.update(stock[i]!, bench[i]!);
    expect(ind.isReady).toBe(false);
    expect(ind.value).toBeNaN();
    expect(ind.update(stock[3]!, bench[3]!)).toBeCloseTo(0.175, 10);
  });
});
