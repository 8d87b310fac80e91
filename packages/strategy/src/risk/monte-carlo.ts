import { mulberryOutput, mulberryStep } from '../backtest/rng.js';
import { quantilesInPlace } from './select.js';

/**
 * Monte Carlo risk of a strategy from its daily returns: a stationary block bootstrap
 * (Politis & Romano, 1994). Each path is built day by day: with probability 1/L a new block starts
 * at a uniformly drawn day of the series, otherwise the path takes the day after the previous one
 * (wrapping from the series end to its start), so block lengths are geometric with mean L and
 * calm and stormy stretches of the series stay together. Returns compound (equity × (1 + r)), so
 * the result scales with the starting equity and never depends on absolute profit and loss.
 *
 * Memory: days run in the outer loop and paths in the inner one, so each path keeps only its
 * state (equity, peak, worst drawdown, position in the series), and a day's equities over all paths
 * sit in one Float64Array whose 5 / 50 / 95 % quantiles are selected exactly before the next day
 * overwrites it: O(paths) memory (≈ 0.4 MB for 10,000 paths) whatever the horizon.
 */

/** Fewer returns than this and the resampled paths would mostly repeat a handful of days. */
export const MONTE_CARLO_MIN_RETURNS = 20;
export const MONTE_CARLO_DEFAULT_PATHS = 10_000;
/** One trading year. */
export const MONTE_CARLO_DEFAULT_DAYS = 252;
export const MONTE_CARLO_MAX_PATHS = 100_000;
export const MONTE_CARLO_MAX_DAYS = 2_520;
/** Quantiles of the equity bands and of the final equity. */
export const EQUITY_QUANTILES = [0.05, 0.5, 0.95] as const;
/** Quantiles of the maximum drawdown. */
export const DRAWDOWN_QUANTILES = [0.05, 0.25, 0.5, 0.75, 0.95] as const;
/** Width of the drawdown histogram's bins: 50 bins of 2 % cover 0 to 100 %. */
export const DRAWDOWN_BIN_WIDTH = 0.02;
const DRAWDOWN_BINS = Math.round(1 / DRAWDOWN_BIN_WIDTH);

export interface MonteCarloInput {
  /** Daily returns as fractions: 0.004 is +0.4 %. Each must be finite and ≥ −1. */
  returns: ArrayLike<number>;
  startEquity: number;
  /** The account's `max_drawdown` as a fraction (0.2 = 20 %); 1 means no halt. */
  haltDrawdown: number;
  seed: number;
  paths?: number;
  days?: number;
  /** Mean block length in days; 1 gives the i.i.d. bootstrap. Default: `defaultMeanBlockLength`. */
  meanBlockLength?: number;
}

export interface MonteCarloResult {
  paths: number;
  days: number;
  meanBlockLength: number;
  /** Equity per day, index 0 being the start equity (arrays of length days + 1). */
  bands: { p5: number[]; p50: number[]; p95: number[] };
  finalEquity: { p5: number; p50: number; p95: number };
  maxDrawdown: {
    /** Quantiles of the paths' maximum drawdown (fractions of the running peak). */
    p5: number;
    p25: number;
    p50: number;
    p75: number;
    p95: number;
    mean: number;
    /** counts[i]: paths whose maximum drawdown is in [i·binWidth, (i+1)·binWidth); 100 % is in the last bin. */
    histogram: { binWidth: number; counts: number[] };
  };
  /** Share of paths whose drawdown reaches the halt within the horizon (0 when the halt is 1). */
  haltProbability: number;
}

export type MonteCarloInputProblem = 'too_few_returns' | 'invalid_returns';

/** A condition of the returns the caller should show: fields say which, messages word it. */
export class MonteCarloInputError extends Error {
  constructor(
    readonly problem: MonteCarloInputProblem,
    readonly count: number,
    message: string,
  ) {
    super(message);
    this.name = 'MonteCarloInputError';
  }
}

/**
 * The mean block length for a series of n returns: n^(1/3), the stationary bootstrap's optimal
 * growth rate (Politis & White, 2004), kept within 5 to 10 trading days (one to two weeks).
 */
export function defaultMeanBlockLength(n: number): number {
  return Math.min(10, Math.max(5, Math.round(Math.cbrt(n))));
}

export function monteCarloRisk(input: MonteCarloInput): MonteCarloResult {
  const returns = checkReturns(input.returns);
  const n = returns.length;
  const paths = input.paths ?? MONTE_CARLO_DEFAULT_PATHS;
  const days = input.days ?? MONTE_CARLO_DEFAULT_DAYS;
  const block = input.meanBlockLength ?? defaultMeanBlockLength(n);
  const { startEquity, haltDrawdown } = input;
  checkInteger('paths', paths, 1, MONTE_CARLO_MAX_PATHS);
  checkInteger('days', days, 1, MONTE_CARLO_MAX_DAYS);
  if (!(Number.isFinite(startEquity) && startEquity > 0))
    throw new RangeError(`startEquity must be a positive number, got ${startEquity}`);
  if (!(haltDrawdown > 0 && haltDrawdown <= 1))
    throw new RangeError(`haltDrawdown must be in (0, 1], got ${haltDrawdown}`);
  if (!(Number.isFinite(block) && block >= 1))
    throw new RangeError(`meanBlockLength must be at least 1, got ${block}`);
  if (!Number.isFinite(input.seed)) throw new RangeError(`seed must be a number`);

  const newBlock = 1 / block;
  const equity = new Float64Array(paths).fill(startEquity);
  const peak = new Float64Array(paths).fill(startEquity);
  const worst = new Float64Array(paths);
  const position = new Int32Array(paths);
  const column = new Float64Array(paths);
  const p5 = [startEquity];
  const p50 = [startEquity];
  const p95 = [startEquity];
  let state = input.seed >>> 0;

  for (let t = 0; t < days; t++) {
    for (let p = 0; p < paths; p++) {
      let at: number;
      state = mulberryStep(state);
      if (t === 0 || mulberryOutput(state) < newBlock) {
        state = mulberryStep(state);
        at = Math.floor(mulberryOutput(state) * n);
      } else {
        at = position[p]! + 1;
        if (at === n) at = 0;
      }
      position[p] = at;
      const e = equity[p]! * (1 + returns[at]!);
      equity[p] = e;
      if (e > peak[p]!) peak[p] = e;
      else {
        const drawdown = 1 - e / peak[p]!;
        if (drawdown > worst[p]!) worst[p] = drawdown;
      }
    }
    column.set(equity);
    const [q5, q50, q95] = quantilesInPlace(column, EQUITY_QUANTILES);
    p5.push(q5!);
    p50.push(q50!);
    p95.push(q95!);
  }

  return {
    paths,
    days,
    meanBlockLength: block,
    bands: { p5, p50, p95 },
    finalEquity: { p5: p5[days]!, p50: p50[days]!, p95: p95[days]! },
    maxDrawdown: drawdownSummary(worst),
    haltProbability: haltShare(worst, haltDrawdown),
  };
}

function checkReturns(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  if (n < MONTE_CARLO_MIN_RETURNS)
    throw new MonteCarloInputError(
      'too_few_returns',
      n,
      `${n} daily returns; the simulation needs at least ${MONTE_CARLO_MIN_RETURNS}`,
    );
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = values[i]!;
    if (!(Number.isFinite(r) && r >= -1))
      throw new MonteCarloInputError(
        'invalid_returns',
        n,
        `daily return ${i} is ${r}; returns must be finite fractions no lower than -1`,
      );
    out[i] = r;
  }
  return out;
}

function checkInteger(name: string, value: number, min: number, max: number): void {
  if (!(Number.isInteger(value) && value >= min && value <= max))
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
}

function drawdownSummary(worst: Float64Array): MonteCarloResult['maxDrawdown'] {
  const counts = new Array<number>(DRAWDOWN_BINS).fill(0);
  let sum = 0;
  for (const d of worst) {
    sum += d;
    counts[Math.min(DRAWDOWN_BINS - 1, Math.floor(d / DRAWDOWN_BIN_WIDTH))]!++;
  }
  const [p5, p25, p50, p75, p95] = quantilesInPlace(worst.slice(), DRAWDOWN_QUANTILES);
  return {
    p5: p5!,
    p25: p25!,
    p50: p50!,
    p75: p75!,
    p95: p95!,
    mean: sum / worst.length,
    histogram: { binWidth: DRAWDOWN_BIN_WIDTH, counts },
  };
}

/** Within a hair of the halt counts as reaching it: 1 − 0.8 is 0.19999999999999996. */
const HALT_TOLERANCE = 1e-12;

function haltShare(worst: Float64Array, halt: number): number {
  if (halt >= 1) return 0;
  let hits = 0;
  for (const d of worst) if (d >= halt - HALT_TOLERANCE) hits++;
  return hits / worst.length;
}
