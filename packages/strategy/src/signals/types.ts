import type { Bars } from '../bars.js';

/** The indicator series one parameter set selects (same length as the bars, NaN while warming up). */
export interface IndicatorSeries {
  rsi: Float64Array;
  /** MACD(macd_fast, macd_slow) line and its EMA(9) signal line. */
  macd: Float64Array;
  signal: Float64Array;
  sma: Float64Array;
  atr: Float64Array;
}

/**
 * Everything a decision reads for one symbol and one parameter set. `trend` and `macdSide` are the
 * signs of close − SMA and MACD − signal (1 above, −1 below, 0 equal or not warm): the kernel's flat
 * scan reads these bytes instead of four float arrays, a quarter of the memory traffic. Build with
 * `strategyInputs` (or `IndicatorCache.inputs`) so they always agree with the float series.
 */
export interface StrategyInputs extends IndicatorSeries {
  bars: Bars;
  trend: Int8Array;
  macdSide: Int8Array;
}

/** sign(a − b) per bar as bytes: 1, −1, or 0 when equal or either is NaN. */
export function sideOf(a: Float64Array, b: Float64Array): Int8Array {
  const out = new Int8Array(a.length);
  for (let i = 0; i < out.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    out[i] = x > y ? 1 : x < y ? -1 : 0;
  }
  return out;
}

/** Inputs from bars and hand-made or cached series, deriving the sign arrays. */
export function strategyInputs(bars: Bars, s: IndicatorSeries): StrategyInputs {
  return {
    bars,
    rsi: s.rsi,
    macd: s.macd,
    signal: s.signal,
    sma: s.sma,
    atr: s.atr,
    trend: sideOf(bars.close, s.sma),
    macdSide: sideOf(s.macd, s.signal),
  };
}

/** General trading settings that shape the rules beyond the per-stock parameters. */
export interface StrategyOptions {
  /** Whether short entries are taken at all. */
  allowShort: boolean;
  /** Minimum 100·ATR/close for a short entry (spec §9 short_atr_threshold, 0–10). */
  shortAtrThreshold: number;
}

export const STRATEGY_OPTIONS_DEFAULTS: Readonly<StrategyOptions> = { allowShort: true, shortAtrThreshold: 1.5 };

/** Position side as a number so it multiplies into prices: 1 long, −1 short. */
export type Side = 1 | -1;
