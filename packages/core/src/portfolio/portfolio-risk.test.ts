import { ui } from '@tradebot/api-contract';
import { MONTE_CARLO_MIN_RETURNS, monteCarloRisk, seededUniform } from '@tradebot/strategy';
import { describe, expect, it } from 'vitest';
import { dailyReturns, portfolioMonteCarlo, seedOf } from './portfolio-risk.js';

/** An equity curve of `n` sessions from 100,000 with seeded daily returns of about ±1 %. */
function curve(n: number, seed = 7): number[] {
  const draw = seededUniform(seed);
  const out = [100_000];
  for (let k = 1; k < n; k++) out.push(out[k - 1]! * (1 + (draw() - 0.48) * 0.02));
  return out;
}

describe('dailyReturns', () => {
  it('gives each session its percentage change from the one before', () => {
    const returns = [...dailyReturns([100, 110, 99, 99])];
    expect(returns).toHaveLength(3);
    expect(returns[0]).toBeCloseTo(0.1, 12);
    expect(returns[1]).toBeCloseTo(-0.1, 12);
    expect(returns[2]).toBe(0);
    expect(dailyReturns([100])).toHaveLength(0);
  });
});

describe('portfolioMonteCarlo', () => {
  const equity = curve(260);
  const paths = 2_000;

  it('maps the simulation of the curve’s returns into the result, the bands weekly', () => {
    const result = portfolioMonteCarlo(equity, 50_000, 0.1, 42, paths);
    const direct = monteCarloRisk({
      returns: dailyReturns(equity),
      startEquity: 50_000,
      haltDrawdown: 0.1,
      seed: 42,
      paths,
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.paths).toBe(paths);
    expect(result.days).toBe(252);
    expect(result.seed).toBe(42);
    expect(result.start_equity).toBe(50_000);
    expect(result.halt_drawdown).toBe(0.1);
    const days = result.bands.map((b) => b.day);
    expect(days[0]).toBe(0);
    expect(days.at(-1)).toBe(252);
    expect(days.slice(1, -1).every((d, k) => d - days[k]! === 5)).toBe(true);
    expect(result.bands.length).toBeGreaterThanOrEqual(50);
    expect(result.bands.length).toBeLessThanOrEqual(54);
    for (const band of result.bands) {
      expect(band.p5).toBe(direct.bands.p5[band.day]);
      expect(band.p50).toBe(direct.bands.p50[band.day]);
      expect(band.p95).toBe(direct.bands.p95[band.day]);
      expect(band.p5).toBeLessThanOrEqual(band.p50);
      expect(band.p50).toBeLessThanOrEqual(band.p95);
    }
    expect(result.bands[0]).toEqual({ day: 0, p5: 50_000, p50: 50_000, p95: 50_000 });
    expect(result.final_equity).toEqual(direct.finalEquity);
    expect(result.halt_probability).toBe(direct.haltProbability);
    expect(result.max_drawdown.p50).toBe(direct.maxDrawdown.p50);
    expect(result.max_drawdown.histogram.bin_width).toBe(direct.maxDrawdown.histogram.binWidth);
    expect(result.max_drawdown.histogram.counts.reduce((a, c) => a + c, 0)).toBe(paths);
  });

  it('draws the same paths for the same seed and others for another', () => {
    const a = portfolioMonteCarlo(equity, 100_000, 0.2, seedOf('portfolio-1-a'), paths);
    const b = portfolioMonteCarlo(equity, 100_000, 0.2, seedOf('portfolio-1-a'), paths);
    const c = portfolioMonteCarlo(equity, 100_000, 0.2, seedOf('portfolio-1-b'), paths);
    expect(b).toEqual(a);
    if (!a.ok || !c.ok) throw new Error('the simulation should run');
    expect(c.final_equity.p50).not.toBe(a.final_equity.p50);
  });

  it('says why when the curve has too few returns or an impossible one', () => {
    const short = curve(MONTE_CARLO_MIN_RETURNS);
    expect(portfolioMonteCarlo(short, 100_000, 0.2, 1, paths)).toEqual({
      ok: false,
      error: ui.monteCarloTooFewReturns(MONTE_CARLO_MIN_RETURNS - 1, MONTE_CARLO_MIN_RETURNS),
    });
    const broken = curve(60);
    broken[30] = Number.NaN;
    expect(portfolioMonteCarlo(broken, 100_000, 0.2, 1, paths)).toEqual({
      ok: false,
      error: ui.monteCarloInvalidReturns,
    });
  });
});

describe('seedOf', () => {
  it('is a fixed 32-bit number per id', () => {
    const seed = seedOf('portfolio-3-0f0e');
    expect(seedOf('portfolio-3-0f0e')).toBe(seed);
    expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32).toBe(true);
    expect(seedOf('portfolio-3-0f0f')).not.toBe(seed);
  });
});
