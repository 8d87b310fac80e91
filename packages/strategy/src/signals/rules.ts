import type { StockParams } from '../params.js';
import {
  MACD_ABOVE,
  MACD_BELOW,
  MACD_EQUAL,
  STRATEGY_OPTIONS_DEFAULTS,
  type Side,
  type StrategyInputs,
  type StrategyOptions,
} from './types.js';

// Module-local copies of the MACD codes: transpiled to CommonJS (tsx, vitest) every read of an
// imported binding is a getter call, too slow for the kernel's per-bar decisions.
const ABOVE = MACD_ABOVE;
const BELOW = MACD_BELOW;
const EQUAL = MACD_EQUAL;

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

export function signalRules(
  params: StockParams,
  options: Partial<StrategyOptions> = {},
): SignalRules {
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
 * close vs SMA and MACD vs signal are read from their codes (`trend`, `macdSide`), which are those
 * exact comparisons; a NaN (warm-up) value fails every test, so nothing is decided on a guessed value.
 */
export function entrySignal(x: StrategyInputs, i: number, rules: SignalRules): Side | 0 {
  const r = x.rsi[i] as number;
  if (r < rules.rsiBuy) {
    if (x.trend[i] === 1 && (!rules.macdCrossover || x.macdSide[i] === ABOVE)) return 1;
    return 0;
  }
  if (r > rules.rsiSell && rules.allowShort && x.trend[i] === -1) {
    if (rules.macdCrossunder && x.macdSide[i] !== BELOW) return 0;
    const c = x.bars.close[i] as number;
    if ((100 * (x.atr[i] as number)) / c >= rules.shortAtrThreshold) return -1;
  }
  return 0;
}

/** MACD crosses above its signal at bar i: macd[i] > signal[i] and macd[i−1] ≤ signal[i−1] (not NaN). */
function crossedUp(side: Int8Array, i: number): boolean {
  if (i < 1 || side[i] !== ABOVE) return false;
  const prev = side[i - 1];
  return prev === BELOW || prev === EQUAL;
}

/** MACD crosses below its signal at bar i: macd[i] < signal[i] and macd[i−1] ≥ signal[i−1] (not NaN). */
function crossedDown(side: Int8Array, i: number): boolean {
  if (i < 1 || side[i] !== BELOW) return false;
  const prev = side[i - 1];
  return prev === ABOVE || prev === EQUAL;
}

/**
 * Exit decision at the close of bar i for an open position (README "Exit signals"): a long exits
 * when RSI > rsi_sell_threshold or (if macd_crossunder) on a MACD crossunder; a short covers when
 * RSI < rsi_buy_threshold or (if macd_crossover) on a MACD crossover. The exit fills at the next open.
 */
export function exitSignal(x: StrategyInputs, i: number, side: Side, rules: SignalRules): boolean {
  const r = x.rsi[i] as number;
  if (side === 1) return r > rules.rsiSell || (rules.macdCrossunder && crossedDown(x.macdSide, i));
  return r < rules.rsiBuy || (rules.macdCrossover && crossedUp(x.macdSide, i));
}
