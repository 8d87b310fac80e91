/**
 * Deflated Sharpe ratio (Bailey & López de Prado, "The Deflated Sharpe Ratio: Correcting for
 * Selection Bias, Backtest Overfitting and Non-Normality", J. Portfolio Management 2014).
 * All Sharpe ratios here are per bar (not annualised), the frequency of the returns they come from.
 */

import { normalCdf, normalQuantile } from './normal.js';
import type { DeflatedSharpe, DeflatedSharpeInput } from './types.js';

const EULER_GAMMA = 0.5772156649015329;

/**
 * Probabilistic Sharpe ratio (Bailey & López de Prado 2012): probability that the true Sharpe
 * exceeds `benchmark` given an observed `sharpe` over `n` returns with the given skew and
 * (non-excess) kurtosis:  Φ( (SR − SR*)·√(n−1) / √(1 − γ₃·SR + (γ₄−1)/4·SR²) ).
 */
export function probabilisticSharpe(
  sharpe: number,
  benchmark: number,
  n: number,
  skew: number,
  kurtosis: number,
): number {
  const denom = 1 - skew * sharpe + ((kurtosis - 1) / 4) * sharpe * sharpe;
  if (n < 2 || !(denom > 0)) return Number.NaN;
  return normalCdf(((sharpe - benchmark) * Math.sqrt(n - 1)) / Math.sqrt(denom));
}

/**
 * Expected maximum Sharpe ratio among `trials` independent trials whose Sharpe ratios have
 * variance `variance` and true mean 0 (the "False Strategy" theorem):
 * SR₀ = √V · ((1−γ)·Φ⁻¹(1 − 1/N) + γ·Φ⁻¹(1 − 1/(N·e))), γ the Euler–Mascheroni constant.
 */
export function expectedMaxSharpe(trials: number, variance: number): number {
  if (trials < 2 || !(variance > 0)) return 0;
  const z1 = normalQuantile(1 - 1 / trials);
  const z2 = normalQuantile(1 - 1 / (trials * Math.E));
  return Math.sqrt(variance) * ((1 - EULER_GAMMA) * z1 + EULER_GAMMA * z2);
}

/** DSR = PSR(SR₀): the probabilistic Sharpe ratio against the best Sharpe expected from luck alone. */
export function deflatedSharpe(input: DeflatedSharpeInput): DeflatedSharpe {
  const sr0 = expectedMaxSharpe(input.trials, input.trialSharpeVariance);
  return {
    dsr: probabilisticSharpe(input.sharpe, sr0, input.observations, input.skew, input.kurtosis),
    expectedMaxSharpe: sr0,
  };
}
