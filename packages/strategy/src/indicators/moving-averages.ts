import type { IncrementalIndicator } from './incremental.js';
import { checkPeriod, nanSeries, outputSeries } from './period.js';

/**
 * Simple moving average: the mean of the last `period` values, first value at index period-1.
 * Kept as a running sum (sum − oldest + newest), the same arithmetic as technicalindicators' SMA.
 */
export function sma(values: Float64Array, period: number): Float64Array {
  checkPeriod(period);
  const n = values.length;
  const out = nanSeries(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const x = values[i] as number;
    if (i < period) sum += x;
    else sum = sum - (values[i - period] as number) + x;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * Exponential moving average of values[from..]: seeded by the SMA of its first `period` values
 * (first value at from+period-1), then e = (x − e)·k + e with k = 2/(period+1).
 * The SMA seed and the update order match technicalindicators' EMA.
 * `out` (optional, same length) receives the series instead of a new array.
 */
export function ema(
  values: Float64Array,
  period: number,
  from = 0,
  out?: Float64Array,
): Float64Array {
  checkPeriod(period);
  if (!Number.isInteger(from) || from < 0)
    throw new RangeError(`from must be an integer of at least 0, got ${from}`);
  const n = values.length;
  const seedAt = from + period - 1;
  const series = outputSeries(n, seedAt, out);
  if (seedAt >= n) return series;
  const k = 2 / (period + 1);
  let sum = 0;
  for (let i = from; i <= seedAt; i++) sum += values[i] as number;
  let e = sum / period;
  series[seedAt] = e;
  for (let i = seedAt + 1; i < n; i++) {
    e = ((values[i] as number) - e) * k + e;
    series[i] = e;
  }
  return series;
}

/** Incremental SMA: the same running sum as `sma`, over a ring buffer of the last `period` values. */
export class SmaIndicator implements IncrementalIndicator {
  private readonly window: Float64Array;
  private count = 0;
  private sum = 0;
  private current = Number.NaN;

  constructor(readonly period: number) {
    checkPeriod(period);
    this.window = new Float64Array(period);
  }

  update(x: number): number {
    const slot = this.count % this.period;
    if (this.count < this.period) this.sum += x;
    else this.sum = this.sum - (this.window[slot] as number) + x;
    this.window[slot] = x;
    this.count++;
    if (this.count >= this.period) this.current = this.sum / this.period;
    return this.current;
  }

  get value(): number {
    return this.current;
  }

  get isReady(): boolean {
    return this.count >= this.period;
  }

  reset(): void {
    this.window.fill(0);
    this.count = 0;
    this.sum = 0;
    this.current = Number.NaN;
  }
}

/** Incremental EMA: SMA seed over the first `period` values, then e = (x − e)·k + e, as `ema`. */
export class EmaIndicator implements IncrementalIndicator {
  private readonly k: number;
  private count = 0;
  private sum = 0;
  private current = Number.NaN;

  constructor(readonly period: number) {
    checkPeriod(period);
    this.k = 2 / (period + 1);
  }

  update(x: number): number {
    if (this.count < this.period) {
      this.sum += x;
      this.count++;
      if (this.count === this.period) this.current = this.sum / this.period;
    } else {
      this.current = (x - this.current) * this.k + this.current;
    }
    return this.current;
  }

  get value(): number {
    return this.current;
  }

  get isReady(): boolean {
    return this.count >= this.period;
  }

  reset(): void {
    this.count = 0;
    this.sum = 0;
    this.current = Number.NaN;
  }
}
