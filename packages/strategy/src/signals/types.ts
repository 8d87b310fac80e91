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
 * Everything a decision reads for one symbol and one parameter set. The decisions read the byte
 * arrays, not the float series they summarise: `smaSide` is close vs SMA and `macdSide` MACD vs its
 * signal, both as side codes (`SIDE_ABOVE`, …, see `sideCode`); the kernel's flat scan then touches
 * the RSI and a few bytes per bar, and a MACD pair needs no float arrays at all (`IndicatorCache`
 * derives `macd`, `signal` and `sma` lazily, only for callers that want the values).
 * Build with `strategyInputs` (or `IndicatorCache.inputs`) so the codes always agree with the floats.
 */
export interface StrategyInputs extends IndicatorSeries {
  bars: Bars;
  smaSide: Int8Array;
  macdSide: Int8Array;
  /** `rsiBlockRange(rsi)`: lets the kernel skip whole blocks of bars where no RSI gate opens. */
  rsiRange: Float64Array;
}

/** Bars per block of `rsiBlockRange` (a power of two: block of bar i = i >> RSI_BLOCK_SHIFT). */
export const RSI_BLOCK_SHIFT = 4;

/** Blocks of `rsiBlockRange` over n bars. */
export function rsiBlockCount(n: number): number {
  return (n + (1 << RSI_BLOCK_SHIFT) - 1) >> RSI_BLOCK_SHIFT;
}

/**
 * Bounds on the RSI of each block of 2^RSI_BLOCK_SHIFT bars, interleaved [lo₀, hi₀, lo₁, hi₁, …]:
 * lo ≤ every RSI of the block ≤ hi (−∞ and +∞ when the block has a NaN, i.e. warm-up: never
 * skipped). An entry needs an RSI < rsi_buy_threshold or > rsi_sell_threshold within the last
 * `DIP_WINDOW` bars (≤ one block back), so a block where neither it nor the block before has
 * lo < buy or hi > sell cannot decide one: the scan reads four numbers there instead of the bars. The bounds are the block's min and max computed
 * branch-free, min(a, b) = (a + b − |a − b|)/2 (a compare-and-select mispredicts on every new
 * extreme), then widened by 1e-9·(1 + |x|) to cover that formula's rounding: they only decide which
 * blocks are scanned, never a signal. `out` (optional) receives the 2·blocks values.
 */
export function rsiBlockRange(
  rsi: Float64Array,
  out: Float64Array = new Float64Array(2 * rsiBlockCount(rsi.length)),
): Float64Array {
  const size = 1 << RSI_BLOCK_SHIFT;
  const blocks = rsiBlockCount(rsi.length);
  if (out.length !== 2 * blocks)
    throw new RangeError(`out has ${out.length} values, expected ${2 * blocks}`);
  for (let b = 0; b < blocks; b++) {
    const begin = b * size;
    const end = Math.min(rsi.length, begin + size);
    let lo = rsi[begin] as number;
    let hi = lo;
    for (let i = begin + 1; i < end; i++) {
      const r = rsi[i] as number;
      lo = 0.5 * (lo + r - Math.abs(lo - r));
      hi = 0.5 * (hi + r + Math.abs(hi - r));
    }
    // NaN in the block (either bound NaN): never skip it.
    out[2 * b] = lo === lo ? lo - 1e-9 * (1 + Math.abs(lo)) : Number.NEGATIVE_INFINITY;
    out[2 * b + 1] = hi === hi ? hi + 1e-9 * (1 + Math.abs(hi)) : Number.POSITIVE_INFINITY;
  }
  return out;
}

/**
 * Side codes of one series against another at a bar (close vs SMA, MACD vs signal). "Not warm"
 * (either value NaN) must differ from "equal": a cross up is a[i] > b[i] and a[i−1] ≤ b[i−1], which
 * holds after an equal bar but never after a NaN one (every comparison with NaN is false).
 */
export const SIDE_NOT_WARM = 0;
export const SIDE_ABOVE = 1;
export const SIDE_BELOW = -1;
export const SIDE_EQUAL = 2;

/** The side code of a against b: the comparisons the rules make, NaN included. */
export function sideCode(a: number, b: number): number {
  return a > b ? SIDE_ABOVE : a < b ? SIDE_BELOW : a === b ? SIDE_EQUAL : SIDE_NOT_WARM;
}

/** `sideCode` per bar. */
export function sideCodes(a: Float64Array, b: Float64Array): Int8Array {
  const out = new Int8Array(a.length);
  for (let i = 0; i < out.length; i++) out[i] = sideCode(a[i] as number, b[i] as number);
  return out;
}

/** Inputs from bars and hand-made or cached series, deriving the byte arrays. */
export function strategyInputs(bars: Bars, s: IndicatorSeries): StrategyInputs {
  return {
    bars,
    rsi: s.rsi,
    macd: s.macd,
    signal: s.signal,
    sma: s.sma,
    atr: s.atr,
    smaSide: sideCodes(bars.close, s.sma),
    macdSide: sideCodes(s.macd, s.signal),
    rsiRange: rsiBlockRange(s.rsi),
  };
}

/** General trading settings that shape the rules beyond the per-stock parameters. */
export interface StrategyOptions {
  /** Whether short entries are taken at all. */
  allowShort: boolean;
  /** Minimum 100·ATR/close for a short entry. */
  shortAtrThreshold: number;
}

export const STRATEGY_OPTIONS_DEFAULTS: Readonly<StrategyOptions> = {
  allowShort: true,
  shortAtrThreshold: 1.5,
};

/** Position side as a number so it multiplies into prices: 1 long, −1 short. */
export type Side = 1 | -1;
