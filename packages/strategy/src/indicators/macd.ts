import type { IncrementalIndicator } from './incremental.js';
import { EmaIndicator, ema } from './moving-averages.js';
import { checkPeriod, nanSeries } from './period.js';

export interface MacdSeries {
  macd: Float64Array;
  signal: Float64Array;
  histogram: Float64Array;
}

/**
 * MACD (Appel): EMA(fast) − EMA(slow) of the close, a signal line that is an EMA of the MACD line,
 * and histogram = macd − signal. EMAs are SMA-seeded, so with fast < slow the MACD line starts at
 * index slow−1 and the signal at slow+signalPeriod−2 (as technicalindicators with EMA oscillators).
 */
export function macd(
  close: Float64Array,
  fast: number,
  slow: number,
  signalPeriod = 9,
): MacdSeries {
  checkPeriod(fast, 'fast period');
  checkPeriod(slow, 'slow period');
  checkPeriod(signalPeriod, 'signal period');
  const n = close.length;
  const line = ema(close, fast);
  const slowLine = ema(close, slow);
  for (let i = 0; i < n; i++) line[i] = (line[i] as number) - (slowLine[i] as number);
  const start = Math.max(fast, slow) - 1;
  const signal = ema(line, signalPeriod, Math.min(start, n));
  const histogram = nanSeries(n);
  for (let i = start + signalPeriod - 1; i < n; i++)
    histogram[i] = (line[i] as number) - (signal[i] as number);
  return { macd: line, signal, histogram };
}

/** True when the MACD line crosses above the signal at bar i: macd[i] > signal[i] and macd[i−1] ≤ signal[i−1]. */
export function macdCrossover(macdLine: Float64Array, signal: Float64Array, i: number): boolean {
  if (i < 1 || i >= macdLine.length || i >= signal.length) return false;
  const m0 = macdLine[i - 1] as number;
  const s0 = signal[i - 1] as number;
  const m1 = macdLine[i] as number;
  const s1 = signal[i] as number;
  if (Number.isNaN(m0) || Number.isNaN(s0) || Number.isNaN(m1) || Number.isNaN(s1)) return false;
  return m1 > s1 && m0 <= s0;
}

/**
 * True when the MACD line crosses below the signal at bar i: macd[i] < signal[i] and
 * macd[i−1] ≥ signal[i−1], which is the signal crossing above the line.
 */
export function macdCrossunder(macdLine: Float64Array, signal: Float64Array, i: number): boolean {
  return macdCrossover(signal, macdLine, i);
}

export interface MacdValue {
  macd: number;
  signal: number;
  histogram: number;
}

/** The value before the first bar: a new object per call, as `update` gives a new one each bar. */
function notWarm(): MacdValue {
  return { macd: Number.NaN, signal: Number.NaN, histogram: Number.NaN };
}

/** Incremental MACD: two EMAs of the close and an EMA of their difference, as `macd`. */
export class MacdIndicator implements IncrementalIndicator<MacdValue, [close: number]> {
  private readonly fastEma: EmaIndicator;
  private readonly slowEma: EmaIndicator;
  private readonly signalEma: EmaIndicator;
  private current: MacdValue = notWarm();

  constructor(fast: number, slow: number, signalPeriod = 9) {
    checkPeriod(fast, 'fast period');
    checkPeriod(slow, 'slow period');
    checkPeriod(signalPeriod, 'signal period');
    this.fastEma = new EmaIndicator(fast);
    this.slowEma = new EmaIndicator(slow);
    this.signalEma = new EmaIndicator(signalPeriod);
  }

  /** Returns a new object each bar, so earlier results stay valid. */
  update(close: number): MacdValue {
    const line = this.fastEma.update(close) - this.slowEma.update(close);
    const signal = Number.isNaN(line) ? Number.NaN : this.signalEma.update(line);
    this.current = {
      macd: line,
      signal,
      histogram: Number.isNaN(signal) ? Number.NaN : line - signal,
    };
    return this.current;
  }

  get value(): MacdValue {
    return this.current;
  }

  get isReady(): boolean {
    return this.signalEma.isReady;
  }

  reset(): void {
    this.fastEma.reset();
    this.slowEma.reset();
    this.signalEma.reset();
    this.current = notWarm();
  }
}
