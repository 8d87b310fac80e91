/**
 * Indicators from `technicalindicators`, re-aligned to bar indices (NaN before the first value), as a
 * straightforward implementation would compute them: once per parameter set, from plain arrays.
 * Note: technicalindicators rounds RSI to 2 decimals.
 */
import { ATR, MACD, RSI, SMA } from 'technicalindicators';

function align(values: number[], n: number): Float64Array {
  const out = new Float64Array(n).fill(Number.NaN);
  out.set(values, n - values.length);
  return out;
}

export interface TiIndicators {
  rsi: Float64Array;
  macd: Float64Array;
  signal: Float64Array;
  sma: Float64Array;
  atr: Float64Array;
}

export interface TiParams {
  rsi_period: number;
  macd_fast: number;
  macd_slow: number;
  sma_period: number;
  atr_period: number;
}

export function tiIndicators(close: number[], high: number[], low: number[], p: TiParams, signalPeriod = 9): TiIndicators {
  const n = close.length;
  const m = MACD.calculate({
    values: close, fastPeriod: p.macd_fast, slowPeriod: p.macd_slow, signalPeriod,
    SimpleMAOscillator: false, SimpleMASignal: false,
  });
  return {
    rsi: align(RSI.calculate({ values: close, period: p.rsi_period }), n),
    macd: align(m.map((x) => x.MACD ?? Number.NaN), n),
    signal: align(m.map((x) => x.signal ?? Number.NaN), n),
    sma: align(SMA.calculate({ values: close, period: p.sma_period }), n),
    atr: align(ATR.calculate({ high, low, close, period: p.atr_period }), n),
  };
}
