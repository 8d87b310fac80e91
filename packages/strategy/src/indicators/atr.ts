import type { IncrementalIndicator } from './incremental.js';
import { checkPeriod, nanSeries, outputSeries } from './period.js';

/** max(high−low, |high−prevClose|, |low−prevClose|). */
export function trueRangeOf(high: number, low: number, prevClose: number): number {
  return Math.max(high - low, Math.abs(high - prevClose), Math.abs(low - prevClose));
}

/**
 * True range (Wilder 1978): max(high−low, |high−prevClose|, |low−prevClose|).
 * NaN at index 0, which has no previous close (technicalindicators' convention, not high−low).
 */
export function trueRange(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
): Float64Array {
  const n = close.length;
  const out = nanSeries(n);
  for (let i = 1; i < n; i++) {
    out[i] = trueRangeOf(high[i] as number, low[i] as number, close[i - 1] as number);
  }
  return out;
}

/**
 * Average true range (Wilder 1978): the mean of the first `period` true ranges (bars 1..period,
 * so the first value is at index `period`), then atr = (tr − atr)·(1/period) + atr, which is
 * Wilder's (atr·(period−1) + tr)/period written as technicalindicators' WEMA computes it.
 * `out` (optional, same length) receives the series instead of a new array.
 */
export function atr(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
  out?: Float64Array,
): Float64Array {
  checkPeriod(period);
  const n = close.length;
  const series = outputSeries(n, period, out);
  const k = 1 / period;
  let a = 0;
  for (let i = 1; i < n; i++) {
    const tr = trueRangeOf(high[i] as number, low[i] as number, close[i - 1] as number);
    if (i < period) a += tr;
    else if (i === period) a = (a + tr) / period;
    else a = (tr - a) * k + a;
    if (i >= period) series[i] = a;
  }
  return series;
}

/** ATR as a percentage of the close: 100·atr/close, a volatility measure comparable across prices. */
export function atrPercent(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const out = atr(high, low, close, period);
  for (let i = period; i < out.length; i++)
    out[i] = (100 * (out[i] as number)) / (close[i] as number);
  return out;
}

/** Incremental ATR with the same arithmetic as `atr`; the first bar only provides a previous close. */
export class AtrIndicator implements IncrementalIndicator<
  number,
  [high: number, low: number, close: number]
> {
  private readonly k: number;
  private prevClose = Number.NaN;
  private ranges = 0;
  private avg = 0;
  private current = Number.NaN;

  constructor(readonly period: number) {
    checkPeriod(period);
    this.k = 1 / period;
  }

  update(high: number, low: number, close: number): number {
    const prevClose = this.prevClose;
    this.prevClose = close;
    if (Number.isNaN(prevClose)) return this.current;
    const tr = trueRangeOf(high, low, prevClose);
    const p = this.period;
    this.ranges++;
    if (this.ranges < p) this.avg += tr;
    else if (this.ranges === p) this.avg = (this.avg + tr) / p;
    else this.avg = (tr - this.avg) * this.k + this.avg;
    if (this.ranges >= p) this.current = this.avg;
    return this.current;
  }

  get value(): number {
    return this.current;
  }

  get isReady(): boolean {
    return this.ranges >= this.period;
  }

  reset(): void {
    this.prevClose = Number.NaN;
    this.ranges = 0;
    this.avg = 0;
    this.current = Number.NaN;
  }
}
