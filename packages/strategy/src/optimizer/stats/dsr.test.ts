import { describe, expect, it } from 'vitest';
import { deflatedSharpe, expectedMaxSharpe, probabilisticSharpe } from './dsr.js';
import { returnMoments } from './moments.js';
import { normalCdf, normalQuantile } from './normal.js';

describe('normal distribution helpers', () => {
  it('match tabulated values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    expect(normalQuantile(0.99)).toBeCloseTo(2.326348, 6);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959964, 6);
    expect(normalQuantile(1e-6)).toBeCloseTo(-4.753424, 5);
  });
});

describe('returnMoments', () => {
  it('computes mean, sample std, skew and non-excess kurtosis by hand', () => {
    // r = [1, 2, 3, 10]: mean 4; deviations -3,-2,-1,6; Σd² = 50, Σd³ = 180, Σd⁴ = 1394.
    const m = returnMoments([1, 2, 3, 10]);
    expect(m.mean).toBe(4);
    expect(m.std).toBeCloseTo(Math.sqrt(50 / 3), 12);
    expect(m.skew).toBeCloseTo(180 / 4 / (50 / 4) ** 1.5, 12);
    expect(m.kurtosis).toBeCloseTo(1394 / 4 / (50 / 4) ** 2, 12);
  });
});

describe('deflatedSharpe (Bailey & López de Prado 2014, numerical example)', () => {
  // The paper's example: 100 trials whose annualised Sharpe ratios have variance 1/2, best annualised
  // SR 2.5 over five years of daily returns (T = 1250), skewness −3, kurtosis 10. Converting to daily
  // units (÷√250 for SR, ÷250 for the variance), the paper finds SR₀ ≈ 0.1132 and DSR ≈ 0.9004.
  const input = {
    sharpe: 2.5 / Math.sqrt(250),
    trials: 100,
    trialSharpeVariance: 0.5 / 250,
    observations: 1250,
    skew: -3,
    kurtosis: 10,
  };

  it('reproduces SR₀ ≈ 0.1132 per day (≈ 1.79 annualised)', () => {
    expect(expectedMaxSharpe(100, 0.5 / 250)).toBeCloseTo(0.1132, 4);
  });

  it('reproduces DSR ≈ 0.9004', () => {
    expect(deflatedSharpe(input).dsr).toBeCloseTo(0.9004, 3);
  });

  it('shrinks as the number of trials grows and equals the PSR against zero for one trial', () => {
    expect(deflatedSharpe({ ...input, trials: 1000 }).dsr).toBeLessThan(deflatedSharpe(input).dsr);
    expect(deflatedSharpe({ ...input, trials: 1 }).dsr).toBeCloseTo(
      probabilisticSharpe(input.sharpe, 0, 1250, -3, 10),
      12,
    );
  });
});
