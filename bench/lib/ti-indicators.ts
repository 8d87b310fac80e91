/**
 * Indicators from `technicalindicators`, re-aligned to bar indices (NaN before the first value), as a
 * straightforward implementation would compute them: once per parameter set, from plain arrays.
 *
 * RSI: technicalindicators' `RSI` rounds to 2 decimals, which would move threshold decisions, so RSI
 * is built from its (unrounded) `AverageGain` / `AverageLoss` — Wilder's averages seeded by the mean
 * of the first `period` changes — as 100 − 100/(1 + gain/loss). Edge cases: loss = 0 → 100 (50 when
 * gain is 0 too: no movement at all; technicalindicators says 100, the rules do not say), gain = 0 → 0.
 * MACD uses EMA oscillator and signal lines (SMA-seeded EMAs), ATR is technicalindicators' Wilder ATR.
 */
import { ATR, AverageGain, AverageLoss, MACD, SMA } from 'technicalindicators';

function align(values: readonly (number | undefined)[], n: number): number[] {
  const out = new Array<number>(n).fill(Number.NaN);
  const offset = n - values.length;
  values.forEach((v, i) => {
    out[offset + i] = v ?? Number.NaN;
  });
  return out;
}

export interface TiIndicators {
  rsi: number[];
  macd: number[];
  signal: number[];
  sma: number[];
  atr: number[];
}

export interface TiParams {
  rsi_period: number;
  macd_fast: number;
  macd_slow: number;
  sma_period: number;
  atr_period: number;
}

function rsiOf(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  if (gain === 0) return 0;
  return 100 - 100 / (1 + gain / loss);
}

/** Unrounded Wilder RSI from technicalindicators' average gain and loss series. */
export function tiRsi(close: number[], period: number): number[] {
  const gains = align(AverageGain.calculate({ values: close, period }), close.length);
  const losses = align(AverageLoss.calculate({ values: close, period }), close.length);
  return gains.map((g, i) => (Number.isNaN(g) ? Number.NaN : rsiOf(g, losses[i] as number)));
}

export function tiIndicators(
  close: number[],
  high: number[],
  low: number[],
  p: TiParams,
  signalPeriod = 9,
): TiIndicators {
  const n = close.length;
  const m = MACD.calculate({
    values: close,
    fastPeriod: p.macd_fast,
    slowPeriod: p.macd_slow,
    signalPeriod,
    SimpleMAOscillator: false,
    SimpleMASignal: false,
  });
  return {
    rsi: tiRsi(close, p.rsi_period),
    macd: align(
      m.map((x) => x.MACD),
      n,
    ),
    signal: align(
      m.map((x) => x.signal),
      n,
    ),
    sma: align(SMA.calculate({ values: close, period: p.sma_period }), n),
    atr: align(ATR.calculate({ high, low, close, period: p.atr_period }), n),
  };
}
