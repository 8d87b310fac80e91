/**
 * Deflated Sharpe ratio (Bailey & López de Prado, "The Deflated Sharpe Ratio: Correcting for
 * Selection Bias, Backtest Overfitting and Non-Normality", J. Portfolio Management 2014).
 * All Sharpe ratios here are per bar (not annualised), the frequency of the returns they come from.
 */

const EULER_GAMMA = 0.5772156649015329;

/** Standard normal CDF via erfc (W. J. Cody's rational approximation as in Numerical Recipes erfcc, |ε| < 1.2e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z - 1.26551223 +
    t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const erfc = t * Math.exp(poly);
  return x >= 0 ? 1 - 0.5 * erfc : 0.5 * erfc;
}

/** Inverse standard normal CDF (P. J. Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const e = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const tail = (q: number): number =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((e[0]! * q + e[1]!) * q + e[2]!) * q + e[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

export interface ReturnMoments {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1). */
  std: number;
  /** Per-bar Sharpe ratio mean/std (0 when std is 0). */
  sharpe: number;
  /** Third standardised moment. */
  skew: number;
  /** Fourth standardised moment, not excess (3 for a normal distribution). */
  kurtosis: number;
}

/** Moments of a return series; the inputs the PSR and DSR need besides the trial statistics. */
export function returnMoments(r: ArrayLike<number>): ReturnMoments {
  const n = r.length;
  let s = 0;
  for (let i = 0; i < n; i++) s += r[i] as number;
  const mean = n > 0 ? s / n : 0;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = 0; i < n; i++) {
    const x = (r[i] as number) - mean;
    const x2 = x * x;
    m2 += x2;
    m3 += x2 * x;
    m4 += x2 * x2;
  }
  const pop = n > 0 ? m2 / n : 0;
  const std = n > 1 ? Math.sqrt(m2 / (n - 1)) : 0;
  return {
    n,
    mean,
    std,
    sharpe: std > 0 ? mean / std : 0,
    skew: pop > 0 ? m3 / n / pop ** 1.5 : 0,
    kurtosis: pop > 0 ? m4 / n / (pop * pop) : 3,
  };
}

/** Per-bar Sharpe mean/std (sample std) in one pass, NaN for fewer than 2 returns: the optimizer runs it on every evaluation. */
export function onePassSharpe(x: ArrayLike<number> | undefined): number {
  const n = x?.length ?? 0;
  if (!x || n < 2) return Number.NaN;
  let s = 0;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const v = x[i] as number;
    s += v;
    ss += v * v;
  }
  const mean = s / n;
  const variance = (ss - n * mean * mean) / (n - 1);
  // A flat series leaves only rounding error in ss − n·mean²: treat it as zero spread.
  return variance > 1e-12 * (ss / n) ? mean / Math.sqrt(variance) : 0;
}

/**
 * Probabilistic Sharpe ratio (Bailey & López de Prado 2012): probability that the true Sharpe
 * exceeds `benchmark` given an observed `sharpe` over `n` returns with the given skew and
 * (non-excess) kurtosis:  Φ( (SR − SR*)·√(n−1) / √(1 − γ₃·SR + (γ₄−1)/4·SR²) ).
 */
export function probabilisticSharpe(sharpe: number, benchmark: number, n: number, skew: number, kurtosis: number): number {
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

export interface DeflatedSharpeInput {
  /** Per-bar Sharpe ratio of the selected trial. */
  sharpe: number;
  /** Number of trials tried (every evaluation counts: they are not independent, so this is conservative). */
  trials: number;
  /** Variance of the per-bar Sharpe ratios across all trials. */
  trialSharpeVariance: number;
  /** Number of returns behind `sharpe`. */
  observations: number;
  skew: number;
  /** Non-excess kurtosis. */
  kurtosis: number;
}

export interface DeflatedSharpe {
  /** Probability that the selected trial's true Sharpe is above SR₀: near 1 means not a fluke of selection. */
  dsr: number;
  /** The deflation benchmark SR₀, per bar. */
  expectedMaxSharpe: number;
}

/** DSR = PSR(SR₀): the probabilistic Sharpe ratio against the best Sharpe expected from luck alone. */
export function deflatedSharpe(input: DeflatedSharpeInput): DeflatedSharpe {
  const sr0 = expectedMaxSharpe(input.trials, input.trialSharpeVariance);
  return {
    dsr: probabilisticSharpe(input.sharpe, sr0, input.observations, input.skew, input.kurtosis),
    expectedMaxSharpe: sr0,
  };
}
