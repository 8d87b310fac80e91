import type { Bars } from '../bars.js';
import { atrPercent } from '../indicators/atr.js';
import { beta } from '../indicators/beta.js';
import { macd } from '../indicators/macd.js';
import { sma } from '../indicators/moving-averages.js';
import { rsi } from '../indicators/rsi.js';

/** Trading days per month and per year, the usual conventions (21 and 252). */
export const MONTH = 21;
export const YEAR = 252;

/**
 * The model's inputs, in column order. Every value at bar i is computed from bars 0..i only
 * (point in time), so a feature row never sees the future its label measures.
 * - ret_1m … ret_12m: simple return over 21, 63, 126, 252 sessions.
 * - mom_12_1: return from 12 months back to 1 month back, the customary momentum signal
 *   (Jegadeesh & Titman 1993) that skips the last month's short-term reversal; also the baseline.
 * - dist_52w_high: close / highest high of the last 252 sessions − 1 (George & Hwang 2004).
 * - vol_20, vol_60: standard deviation of daily log returns over 20 and 60 sessions.
 * - rsi_14, atr_pct_14: Wilder's RSI and ATR as a percent of the close.
 * - macd_hist: MACD(12,26,9) histogram / close, comparable across price levels.
 * - volume_trend: 20-session average volume / 120-session average − 1.
 * - beta_252: beta of daily returns against the universe's equal-weight index over a year.
 */
export const FEATURE_NAMES = [
  'ret_1m',
  'ret_3m',
  'ret_6m',
  'ret_12m',
  'mom_12_1',
  'dist_52w_high',
  'vol_20',
  'vol_60',
  'rsi_14',
  'atr_pct_14',
  'macd_hist',
  'volume_trend',
  'beta_252',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** Column of the 12-1 momentum feature: the naive baseline ranks stocks by it. */
export const MOMENTUM_FEATURE = FEATURE_NAMES.indexOf('mom_12_1');

/** One series per feature, each as long as the bars; NaN where the history is too short. */
export type FeatureSeries = Float64Array[];

function pastReturn(close: Float64Array, from: number, to: number): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  for (let i = from; i < n; i++)
    out[i] = (close[i - to] as number) / (close[i - from] as number) - 1;
  return out;
}

/** Rolling population standard deviation of daily log returns over `period` returns. */
function volatility(close: Float64Array, period: number): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  let sum = 0;
  let sq = 0;
  const r = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    r[i] = Math.log((close[i] as number) / (close[i - 1] as number));
    sum += r[i] as number;
    sq += (r[i] as number) ** 2;
    if (i > period) {
      sum -= r[i - period] as number;
      sq -= (r[i - period] as number) ** 2;
    }
    if (i >= period) {
      const mean = sum / period;
      out[i] = Math.sqrt(Math.max(0, sq / period - mean * mean));
    }
  }
  return out;
}

/** close / max(high over the last `period` bars) − 1, by a monotonic deque (O(n)). */
function distanceFromHigh(high: Float64Array, close: Float64Array, period: number): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const deque = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    while (tail > head && (high[deque[tail - 1] as number] as number) <= (high[i] as number))
      tail--;
    deque[tail++] = i;
    if ((deque[head] as number) <= i - period) head++;
    if (i >= period - 1)
      out[i] = (close[i] as number) / (high[deque[head] as number] as number) - 1;
  }
  return out;
}

function ratio(a: Float64Array, b: Float64Array, minus = 0): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) / (b[i] as number) - minus;
  return out;
}

/**
 * The feature series of one symbol. `benchmark` is the index's close on the symbol's own dates
 * (same length as the bars) for beta; without it beta is NaN throughout.
 */
export function featureSeries(bars: Bars, benchmark: Float64Array | null = null): FeatureSeries {
  const { close, high, low, volume } = bars;
  const n = close.length;
  const hist = macd(close, 12, 26, 9).histogram;
  const betaSeries =
    benchmark !== null && n > YEAR
      ? beta(close, benchmark, YEAR)
      : new Float64Array(n).fill(Number.NaN);
  return [
    pastReturn(close, MONTH, 0),
    pastReturn(close, 3 * MONTH, 0),
    pastReturn(close, 6 * MONTH, 0),
    pastReturn(close, YEAR, 0),
    pastReturn(close, YEAR, MONTH),
    distanceFromHigh(high, close, YEAR),
    volatility(close, 20),
    volatility(close, 60),
    rsi(close, 14),
    atrPercent(high, low, close, 14),
    ratio(hist, close),
    ratio(sma(volume, 20), sma(volume, 120), 1),
    betaSeries,
  ];
}

/**
 * An equal-weight index of the universe on the union of its dates: each date's return is the
 * mean simple return of the symbols that have a bar on it and on their previous bar. Returned as
 * a close level per date (starting at 1), point in time like the features (a date's level uses
 * returns up to that date only).
 */
export function equalWeightIndex(universe: readonly Bars[]): Map<number, number> {
  const sums = new Map<number, { sum: number; count: number }>();
  for (const bars of universe) {
    for (let i = 1; i < bars.close.length; i++) {
      const r = (bars.close[i] as number) / (bars.close[i - 1] as number) - 1;
      if (!Number.isFinite(r)) continue;
      const t = bars.time[i] as number;
      const s = sums.get(t) ?? { sum: 0, count: 0 };
      s.sum += r;
      s.count += 1;
      sums.set(t, s);
    }
  }
  const dates = new Set<number>();
  for (const bars of universe) for (const t of bars.time) dates.add(t);
  const level = new Map<number, number>();
  let value = 1;
  for (const t of [...dates].sort((a, b) => a - b)) {
    const s = sums.get(t);
    if (s !== undefined) value *= 1 + s.sum / s.count;
    level.set(t, value);
  }
  return level;
}

/** The index's level on each of a symbol's dates (the benchmark `featureSeries` takes). */
export function benchmarkOn(bars: Bars, index: Map<number, number>): Float64Array {
  const out = new Float64Array(bars.time.length);
  for (let i = 0; i < out.length; i++) out[i] = index.get(bars.time[i] as number) ?? Number.NaN;
  return out;
}
