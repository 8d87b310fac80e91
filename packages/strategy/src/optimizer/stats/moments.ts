import type { ReturnMoments } from './types.js';

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
