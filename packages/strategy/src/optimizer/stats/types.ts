/**
 * The statistics' shared types. A leaf: it imports nothing, so the statistics and the search
 * that reports them depend on it without a cycle.
 */

/** Moments of a return series (see `returnMoments`). */
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
