import type { StockParams } from '../params.js';
import { STRATEGY_OPTIONS_DEFAULTS, type Side, type StrategyInputs, type StrategyOptions } from './types.js';

/**
 * The per-stock parameters and general options a decision reads, flattened into one fixed-shape
 * object. Parameter objects from different sources (JSON, the optimizer's decoder) have different
 * hidden classes; reading them in a hot loop would make every property load polymorphic, so the
 * kernel and the bot compile them once with `signalRules` and decide from this.
 */
export class SignalRules {
  constructor(
    readonly rsiBuy: number,
    readonly rsiSell: number,
    readonly macdCrossover: boolean,
    readonly macdCrossunder: boolean,
    readonly allowShort: boolean,
    readonly shortAtrThreshold: number,
  ) {}
}

export function signalRules(params: StockParams, options: Partial<StrategyOptions> = {}): SignalRules {
  return new SignalRules(
    params.rsi_buy_threshold,
    params.rsi_sell_threshold,
    params.macd_crossover,
    params.macd_crossunder,
    options.allowShort ?? STRATEGY_OPTIONS_DEFAULTS.allowShort,
    options.shortAtrThreshold ?? STRATEGY_OPTIONS_DEFAULTS.shortAtrThreshold,
  );
}

/**
 * Entry decision at the close of bar i while flat (README "Entries"):
 * long (1) when RSI < rsi_buy_threshold, close > SMA and, if macd_crossover, MACD > signal;
 * short (−1) when shorts are allowed, RSI > rsi_sell_threshold, close < SMA, if macd_crossunder
 * MACD < signal, and 100·ATR/close ≥ short_atr_threshold; else 0.
 * Every comparison with a NaN (warm-up) value is false, so nothing is decided on a guessed value.
 */
export function entrySignal(x: StrategyInputs, i: number, rules: SignalRules): Side | 0 {
  const r = x.rsi[i] as number;
  const c = x.bars.close[i] as number;
  if (r < rules.rsiBuy) {
    if (c > (x.sma[i] as number) && (!rules.macdCrossover || (x.macd[i] as number) > (x.signal[i] as number))) return 1;
    return 0;
  }
  if (r > rules.rsiSell && rules.allowShort && c < (x.sma[i] as number)) {
    if (rules.macdCrossunder && !((x.macd[i] as number) < (x.signal[i] as number))) return 0;
    if ((100 * (x.atr[i] as number)) / c >= rules.shortAtrThreshold) return -1;
  }
  return 0;
}

/** MACD crosses above its signal at bar i: macd[i] > signal[i] and macd[i−1] ≤ signal[i−1]. */
function crossedUp(m: Float64Array, s: Float64Array, i: number): boolean {
  return i > 0 && (m[i] as number) > (s[i] as number) && (m[i - 1] as number) <= (s[i - 1] as number);
}

/** MACD crosses below its signal at bar i: macd[i] < signal[i] and macd[i−1] ≥ signal[i−1]. */
function crossedDown(m: Float64Array, s: Float64Array, i: number): boolean {
  return i > 0 && (m[i] as number) < (s[i] as number) && (m[i - 1] as number) >= (s[i - 1] as number);
}

/**
 * Exit decision at the close of bar i for an open position (README "Exit signals"): a long exits
 * when RSI > rsi_sell_threshold or (if macd_crossunder) on a MACD crossunder; a short covers when
 * RSI < rsi_buy_threshold or (if macd_crossover) on a MACD crossover. The exit fills at the next open.
 */
export function exitSignal(x: StrategyInputs, i: number, side: Side, rules: SignalRules): boolean {
  const r = x.rsi[i] as number;
  if (side === 1) return r > rules.rsiSell || (rules.macdCrossunder && crossedDown(x.macd, x.signal, i));
  return r < rules.rsiBuy || (rules.macdCrossover && crossedUp(x.macd, x.signal, i));
}
