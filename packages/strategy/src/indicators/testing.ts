import { mulberry32 } from '../optimizer/testing.js';

/** Daily bars for tests: a seeded random walk with consistent high/low around open and close. */
export interface TestBars {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

export function syntheticBars(n: number, seed: number, start = 100): TestBars {
  const u = mulberry32(seed);
  const bars: TestBars = {
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  let prev = start;
  for (let i = 0; i < n; i++) {
    const open = prev * (1 + 0.01 * (u() - 0.5));
    const close = open * (1 + 0.04 * (u() - 0.5));
    bars.open[i] = open;
    bars.close[i] = close;
    bars.high[i] = Math.max(open, close) * (1 + 0.01 * u());
    bars.low[i] = Math.min(open, close) * (1 - 0.01 * u());
    bars.volume[i] = Math.round(1e6 * (0.5 + u()));
    prev = close;
  }
  return bars;
}

/** Index of the first non-NaN value, or -1. */
export function firstValueIndex(series: Float64Array): number {
  return series.findIndex((x) => !Number.isNaN(x));
}
