import type { IncrementalIndicator } from './incremental.js';
import { checkPeriod, nanSeries } from './period.js';

/**
 * Beta of one window of returns, read as r[(start + j) % r.length] for j = 0..period−1 (oldest
 * first) so that the batch form (contiguous) and the ring buffer of the incremental form share it.
 * Two-pass population moments: cov(r, rb)/var(rb); the 1/period factors cancel. NaN if var(rb) = 0.
 */
export function windowBeta(
  r: Float64Array,
  rb: Float64Array,
  start: number,
  period: number,
): number {
  const size = r.length;
  let sumR = 0;
  let sumB = 0;
  for (let j = 0, k = start; j < period; j++, k = k + 1 === size ? 0 : k + 1) {
    sumR += r[k] as number;
    sumB += rb[k] as number;
  }
  const meanR = sumR / period;
  const meanB = sumB / period;
  let cov = 0;
  let varB = 0;
  for (let j = 0, k = start; j < period; j++, k = k + 1 === size ? 0 : k + 1) {
    const dB = (rb[k] as number) - meanB;
    cov += ((r[k] as number) - meanR) * dB;
    varB += dB * dB;
  }
  return varB === 0 ? Number.NaN : cov / varB;
}

/**
 * Rolling beta of simple daily returns r = close/prevClose − 1 against the benchmark's, over the
 * last `period` returns: cov(r, rb)/var(rb) (population moments; the choice cancels out).
 * First value at index `period`; NaN where the benchmark did not move over the window.
 */
export function beta(
  close: Float64Array,
  benchmarkClose: Float64Array,
  period: number,
): Float64Array {
  checkPeriod(period);
  const n = close.length;
  if (benchmarkClose.length !== n)
    throw new RangeError('close and benchmarkClose must have the same length');
  const out = nanSeries(n);
  if (n <= period) return out;
  const r = new Float64Array(n);
  const rb = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    r[i] = (close[i] as number) / (close[i - 1] as number) - 1;
    rb[i] = (benchmarkClose[i] as number) / (benchmarkClose[i - 1] as number) - 1;
  }
  for (let i = period; i < n; i++) out[i] = windowBeta(r, rb, i - period + 1, period);
  return out;
}

/** Incremental rolling beta: ring buffers of the last `period` returns, same arithmetic as `beta`. */
export class BetaIndicator implements IncrementalIndicator<
  number,
  [close: number, benchmarkClose: number]
> {
  private readonly r: Float64Array;
  private readonly rb: Float64Array;
  private prevClose = Number.NaN;
  private prevBenchmark = Number.NaN;
  private returns = 0;
  private current = Number.NaN;

  constructor(readonly period: number) {
    checkPeriod(period);
    this.r = new Float64Array(period);
    this.rb = new Float64Array(period);
  }

  update(close: number, benchmarkClose: number): number {
    const prevClose = this.prevClose;
    const prevBenchmark = this.prevBenchmark;
    this.prevClose = close;
    this.prevBenchmark = benchmarkClose;
    if (Number.isNaN(prevClose)) return this.current;
    const slot = this.returns % this.period;
    this.r[slot] = close / prevClose - 1;
    this.rb[slot] = benchmarkClose / prevBenchmark - 1;
    this.returns++;
    if (this.returns >= this.period) {
      this.current = windowBeta(this.r, this.rb, this.returns % this.period, this.period);
    }
    return this.current;
  }

  get value(): number {
    return this.current;
  }

  get isReady(): boolean {
    return this.returns >= this.period;
  }

  reset(): void {
    this.r.fill(0);
    this.rb.fill(0);
    this.prevClose = Number.NaN;
    this.prevBenchmark = Number.NaN;
    this.returns = 0;
    this.current = Number.NaN;
  }
}
