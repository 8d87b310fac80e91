import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../optimizer/testing.js';
import {
  defaultMeanBlockLength,
  monteCarloRisk,
  MonteCarloInputError,
  type MonteCarloInput,
} from './monte-carlo.js';

const base = { startEquity: 10_000, haltDrawdown: 0.2, seed: 7 } as const;

/** Standard normal from two uniforms (Box–Muller). */
const normal = (rng: () => number) =>
  Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());

/** Returns whose volatility switches between calm (0.4 %) and stormy (3 %) stretches of 40 days. */
function clusteredReturns(n: number, seed: number): number[] {
  const rng = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => {
    const sigma = Math.floor(i / 40) % 2 === 0 ? 0.004 : 0.03;
    return 0.0005 + sigma * normal(rng);
  });
}

/** With one path every band is that path: its daily returns, read back from the equity. */
function resampledReturns(input: Omit<MonteCarloInput, 'paths'>): number[] {
  const path = monteCarloRisk({ ...input, paths: 1 }).bands.p50;
  return path.slice(1).map((e, t) => e / path[t]! - 1);
}

function lagOneAutocorrelation(xs: number[]): number {
  const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    den += (xs[i]! - mean) ** 2;
    if (i > 0) num += (xs[i]! - mean) * (xs[i - 1]! - mean);
  }
  return num / den;
}

describe('monteCarloRisk', () => {
  const returns = clusteredReturns(500, 1);

  it('is deterministic for a seed, and another seed gives other paths', () => {
    const a = monteCarloRisk({ ...base, returns, paths: 2_000 });
    const b = monteCarloRisk({ ...base, returns, paths: 2_000 });
    const c = monteCarloRisk({ ...base, returns, paths: 2_000, seed: 8 });
    expect(b).toEqual(a);
    expect(c.bands.p50).not.toEqual(a.bands.p50);
    expect(a.bands.p50).toHaveLength(253);
    expect(a.meanBlockLength).toBe(defaultMeanBlockLength(500));
  });

  it('collapses the bands onto (1 + r)^t when every return is r', () => {
    for (const r of [0.003, -0.002]) {
      const result = monteCarloRisk({ ...base, returns: new Array(30).fill(r), paths: 500 });
      for (let t = 0; t <= 252; t++) {
        const expected = 10_000 * (1 + r) ** t;
        for (const band of [result.bands.p5, result.bands.p50, result.bands.p95])
          expect(band[t]! / expected - 1).toBeCloseTo(0, 10);
      }
      const drawdown = r > 0 ? 0 : 1 - (1 + r) ** 252;
      expect(result.maxDrawdown.p5).toBeCloseTo(drawdown, 10);
      expect(result.maxDrawdown.p95).toBeCloseTo(drawdown, 10);
    }
  });

  it('keeps the series mean and volatility', () => {
    const series = clusteredReturns(2_000, 2);
    const mean = series.reduce((a, x) => a + x, 0) / series.length;
    const sd = Math.sqrt(series.reduce((a, x) => a + (x - mean) ** 2, 0) / series.length);
    const drawn: number[] = [];
    for (let seed = 1; seed <= 40; seed++)
      drawn.push(...resampledReturns({ ...base, returns: series, days: 2_520, seed }));
    const drawnMean = drawn.reduce((a, x) => a + x, 0) / drawn.length;
    const drawnSd = Math.sqrt(drawn.reduce((a, x) => a + (x - drawnMean) ** 2, 0) / drawn.length);
    // 100,800 draws: the standard error of the mean is ≈ 1.5e-4 with blocks of 10 days.
    expect(Math.abs(drawnMean - mean)).toBeLessThan(4e-4);
    expect(drawnSd / sd).toBeGreaterThan(0.95);
    expect(drawnSd / sd).toBeLessThan(1.05);
  });

  it('keeps volatility clustering with blocks, and loses it with blocks of one day', () => {
    const series = clusteredReturns(2_000, 3);
    const acf = (block: number) => {
      let sum = 0;
      for (let seed = 1; seed <= 10; seed++) {
        const drawn = resampledReturns({
          ...base,
          returns: series,
          days: 2_520,
          seed,
          meanBlockLength: block,
        });
        sum += lagOneAutocorrelation(drawn.map(Math.abs));
      }
      return sum / 10;
    };
    const original = lagOneAutocorrelation(series.map(Math.abs));
    const blocks = acf(10);
    const iid = acf(1);
    expect(original).toBeGreaterThan(0.3);
    expect(blocks).toBeGreaterThan(0.7 * original);
    expect(Math.abs(iid)).toBeLessThan(0.05);
    expect(blocks - iid).toBeGreaterThan(0.2);
  });

  it('never reaches the halt when no day loses, and always when every day loses past it', () => {
    const rng = mulberry32(4);
    const gains = Array.from({ length: 60 }, () => rng() * 0.01);
    const up = monteCarloRisk({ ...base, returns: gains, paths: 1_000 });
    expect(up.haltProbability).toBe(0);
    expect(up.maxDrawdown.p95).toBe(0);
    expect(up.bands.p5[252]).toBeGreaterThan(10_000);

    const losses = Array.from({ length: 60 }, () => -0.002 - rng() * 0.01);
    const down = monteCarloRisk({ ...base, returns: losses, paths: 1_000 });
    expect(down.haltProbability).toBe(1);
    expect(down.maxDrawdown.p5).toBeGreaterThan(0.2);
    // A halt of 100 % is no halt.
    expect(monteCarloRisk({ ...base, returns: losses, haltDrawdown: 1 }).haltProbability).toBe(0);
  });

  it('counts a path as halted exactly when its drawdown reaches the halt', () => {
    // One day of −20 % in a flat series: 1 − 0.8 is 0.19999999999999996, which reaches a 20 % halt.
    const returns = [...new Array(29).fill(0), -0.2];
    let halted = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const input = { ...base, returns, days: 10, seed, paths: 1 };
      const result = monteCarloRisk(input);
      const path = result.bands.p50;
      const drewLoss = path.some((e, t) => t > 0 && e < path[t - 1]!);
      expect(result.haltProbability).toBe(drewLoss ? 1 : 0);
      expect(monteCarloRisk({ ...input, haltDrawdown: 0.21 }).haltProbability).toBeLessThanOrEqual(
        result.haltProbability,
      );
      if (drewLoss) halted++;
    }
    expect(halted).toBeGreaterThan(20);
    expect(halted).toBeLessThan(180);
  });

  it('gives flat bands and no drawdown for all-zero returns', () => {
    const result = monteCarloRisk({ ...base, returns: new Array(25).fill(0), paths: 300 });
    expect(new Set([...result.bands.p5, ...result.bands.p95])).toEqual(new Set([10_000]));
    expect(result.maxDrawdown.p95).toBe(0);
    expect(result.maxDrawdown.histogram.counts[0]).toBe(300);
    expect(result.haltProbability).toBe(0);
  });

  it('refuses fewer than 20 returns and returns that are not numbers above −100 %', () => {
    const short = () => monteCarloRisk({ ...base, returns: new Array(19).fill(0.001) });
    expect(short).toThrow(MonteCarloInputError);
    expect(short).toThrow(/19 daily returns; the simulation needs at least 20/);
    const nan = [...new Array(30).fill(0.001), Number.NaN];
    expect(() => monteCarloRisk({ ...base, returns: nan })).toThrow(
      expect.objectContaining({ problem: 'invalid_returns' }),
    );
    const ruin = [...new Array(30).fill(0.001), -1.5];
    expect(() => monteCarloRisk({ ...base, returns: ruin })).toThrow(MonteCarloInputError);
    const ok = new Array(30).fill(0.001);
    expect(() => monteCarloRisk({ ...base, returns: ok, haltDrawdown: 0 })).toThrow(RangeError);
    expect(() => monteCarloRisk({ ...base, returns: ok, paths: 0 })).toThrow(RangeError);
    expect(() => monteCarloRisk({ ...base, returns: ok, startEquity: -1 })).toThrow(RangeError);
  });

  it('orders the bands 5 ≤ 50 ≤ 95 % every day, and the drawdown quantiles', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), {
          minLength: 20,
          maxLength: 80,
        }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer(),
        fc.double({ min: 1, max: 30, noNaN: true }),
        (returns, paths, days, seed, meanBlockLength) => {
          const r = monteCarloRisk({ ...base, returns, paths, days, seed, meanBlockLength });
          expect(r.bands.p5).toHaveLength(days + 1);
          for (let t = 0; t <= days; t++) {
            expect(r.bands.p5[t]).toBeLessThanOrEqual(r.bands.p50[t]!);
            expect(r.bands.p50[t]).toBeLessThanOrEqual(r.bands.p95[t]!);
          }
          const d = r.maxDrawdown;
          expect([d.p5, d.p25, d.p50, d.p75, d.p95]).toEqual(
            [d.p5, d.p25, d.p50, d.p75, d.p95].sort((x, y) => x - y),
          );
          expect(d.histogram.counts.reduce((a, c) => a + c, 0)).toBe(paths);
        },
      ),
      { numRuns: 150, seed: 42 },
    );
  });
});
