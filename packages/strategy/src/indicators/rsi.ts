import type { IncrementalIndicator } from './incremental.js';
import { checkPeriod, outputSeries } from './period.js';

/** RSI from Wilder's average gain and loss; 50 when both are 0 (no movement), where technicalindicators says 100. */
export function rsiFromAverages(avgGain: number, avgLoss: number): number {
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  if (avgGain === 0) return 0;
  return 100 - 100 / (1 + avgGain / avgLoss);
}

/**
 * Relative strength index (Wilder 1978): average gain and loss over `period` changes, seeded by
 * their simple means (first value at index `period`), then avg = (avg·(period−1) + x)/period;
 * RSI = 100 − 100/(1 + avgGain/avgLoss). Not rounded (technicalindicators rounds to 2 decimals).
 * `out` (optional, same length) receives the series instead of a new array.
 */
export function rsi(close: Float64Array, period: number, out?: Float64Array): Float64Array {
  checkPeriod(period);
  const n = close.length;
  const series = outputSeries(n, period, out);
  let avgGain = 0;
  let avgLoss = 0;
  for (let i = 1; i < n; i++) {
    const change = (close[i] as number) - (close[i - 1] as number);
    const gain = change > 0 ? change : 0;
    const loss = change < 0 ? -change : 0;
    if (i < period) {
      avgGain += gain;
      avgLoss += loss;
      continue;
    }
    if (i === period) {
      avgGain = (avgGain + gain) / period;
      avgLoss = (avgLoss + loss) / period;
    } else {
      avgGain = (avgGain * (period - 1) + gain) / period;
      avgLoss = (avgLoss * (period - 1) + loss) / period;
    }
    series[i] = rsiFromAverages(avgGain, avgLoss);
  }
  return series;
}

/** Incremental Wilder RSI with the same arithmetic as `rsi`. */
export class RsiIndicator implements IncrementalIndicator {
  private prev = Number.NaN;
  private changes = 0;
  private avgGain = 0;
  private avgLoss = 0;
  private current = Number.NaN;

  constructor(readonly period: number) {
    checkPeriod(period);
  }

  update(close: number): number {
    const prev = this.prev;
    this.prev = close;
    if (Number.isNaN(prev)) return this.current;
    const change = close - prev;
    const gain = change > 0 ? change : 0;
    const loss = change < 0 ? -change : 0;
    const p = this.period;
    this.changes++;
    if (this.changes < p) {
      this.avgGain += gain;
      this.avgLoss += loss;
      return this.current;
    }
    if (this.changes === p) {
      this.avgGain = (this.avgGain + gain) / p;
      this.avgLoss = (this.avgLoss + loss) / p;
    } else {
      this.avgGain = (this.avgGain * (p - 1) + gain) / p;
      this.avgLoss = (this.avgLoss * (p - 1) + loss) / p;
    }
    this.current = rsiFromAverages(this.avgGain, this.avgLoss);
    return this.current;
  }

  get value(): number {
    return this.current;
  }

  get isReady(): boolean {
    return this.changes >= this.period;
  }

  reset(): void {
    this.prev = Number.NaN;
    this.changes = 0;
    this.avgGain = 0;
    this.avgLoss = 0;
    this.current = Number.NaN;
  }
}
