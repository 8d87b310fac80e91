import type { StockParams } from '../params.js';
import {
  SIDE_ABOVE,
  SIDE_BELOW,
  SIDE_EQUAL,
  STRATEGY_OPTIONS_DEFAULTS,
  type Side,
  type StrategyInputs,
  type StrategyOptions,
} from './types.js';

/**
 * Bars an RSI extreme stays valid for an entry (README "Entries"): a dip below rsi_buy_threshold on
 * this bar or any of the 14 before it (three weeks of daily bars). At most one RSI block plus one bar,
 * so the kernel's scan can rule a block out from its own RSI bounds and its predecessor's.
 */
export const DIP_WINDOW = 15;

// Module-local copies of the side codes: transpiled to CommonJS (tsx, vitest) every read of an
// imported binding is a getter call, too slow for the kernel's per-bar decisions.
const ABOVE = SIDE_ABOVE;
const BELOW = SIDE_BELOW;
const EQUAL = SIDE_EQUAL;

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

const WINDOW = DIP_WINDOW;

/**
 * Entry decision at the close of bar i while flat (README "Entries"), "RSI dip, momentum turn":
 * long (1) when some RSI of bars i − DIP_WINDOW + 1 … i was below rsi_buy_threshold and the turn
 * comes now: MACD crosses above its signal if macd_crossover, else RSI crosses back above the
 * threshold. Short (−1), when shorts are allowed, mirrors it (RSI above rsi_sell_threshold, MACD
 * crossunder if macd_crossunder, else RSI back below) and needs 100·ATR/close ≥ short_atr_threshold.
 * When both hold (possible only with rsi_sell_threshold < rsi_buy_threshold and one MACD gate off),
 * the signals contradict each other and nothing is entered. A NaN (warm-up) value fails every test.
 */
export function entrySignal(x: StrategyInputs, i: number, rules: SignalRules): Side | 0 {
  const long = longEntry(x, i, rules);
  const short = rules.allowShort && shortEntry(x, i, rules);
  return long === short ? 0 : long ? 1 : -1;
}

function longEntry(x: StrategyInputs, i: number, rules: SignalRules): boolean {
  const buy = rules.rsiBuy;
  const turned = rules.macdCrossover
    ? crossedUp(x.macdSide, i)
    : i >= 1 && (x.rsi[i - 1] as number) <= buy && (x.rsi[i] as number) > buy;
  if (!turned) return false;
  const from = i - WINDOW + 1 > 0 ? i - WINDOW + 1 : 0;
  for (let k = i; k >= from; k--) if ((x.rsi[k] as number) < buy) return true;
  return false;
}

function shortEntry(x: StrategyInputs, i: number, rules: SignalRules): boolean {
  const sell = rules.rsiSell;
  const turned = rules.macdCrossunder
    ? crossedDown(x.macdSide, i)
    : i >= 1 && (x.rsi[i - 1] as number) >= sell && (x.rsi[i] as number) < sell;
  if (!turned) return false;
  if (!shortHasRange(x, i, rules)) return false;
  const from = i - WINDOW + 1 > 0 ? i - WINDOW + 1 : 0;
  for (let k = i; k >= from; k--) if ((x.rsi[k] as number) > sell) return true;
  return false;
}

/** The short's range test at bar i: 100·ATR/close ≥ short_atr_threshold (false while ATR is not warm). */
export function shortHasRange(x: StrategyInputs, i: number, rules: SignalRules): boolean {
  return (100 * (x.atr[i] as number)) / (x.bars.close[i] as number) >= rules.shortAtrThreshold;
}

/** a crosses above b at bar i by their side codes: a[i] > b[i] and a[i−1] ≤ b[i−1] (neither NaN). */
function crossedUp(side: Int8Array, i: number): boolean {
  if (i < 1 || side[i] !== ABOVE) return false;
  const prev = side[i - 1];
  return prev === BELOW || prev === EQUAL;
}

/** a crosses below b at bar i by their side codes: a[i] < b[i] and a[i−1] ≥ b[i−1] (neither NaN). */
function crossedDown(side: Int8Array, i: number): boolean {
  if (i < 1 || side[i] !== BELOW) return false;
  const prev = side[i - 1];
  return prev === ABOVE || prev === EQUAL;
}

/**
 * Exit decision at the close of bar i for an open position (README "Exit signals"), each an event
 * at this close so no exit holds by construction at the entry: a long exits when the close crosses
 * above the SMA (the dip has reverted to its mean), RSI crosses above rsi_sell_threshold, or (if
 * macd_crossunder) MACD crosses below its signal. A short covers on the mirror events (close below
 * the SMA, RSI below rsi_buy_threshold, MACD crossover if macd_crossover). Fills at the next open.
 */
export function exitSignal(x: StrategyInputs, i: number, side: Side, rules: SignalRules): boolean {
  if (i < 1) return false;
  const r = x.rsi[i] as number;
  const before = x.rsi[i - 1] as number;
  if (side === 1)
    return (
      crossedUp(x.smaSide, i) ||
      (r > rules.rsiSell && before <= rules.rsiSell) ||
      (rules.macdCrossunder && crossedDown(x.macdSide, i))
    );
  return (
    crossedDown(x.smaSide, i) ||
    (r < rules.rsiBuy && before >= rules.rsiBuy) ||
    (rules.macdCrossover && crossedUp(x.macdSide, i))
  );
}

/** Why an entry did or did not come at bar i, from the values the rules read (README "Entries"). */
export interface EntryFacts {
  /** `entrySignal` at bar i. */
  signal: Side | 0;
  long: SideFacts;
  /** Null when shorts are not allowed. */
  short: (SideFacts & { atrPercent: number; hasRange: boolean }) | null;
}

export interface SideFacts {
  /** RSI was past the threshold (below the buy one, above the sell one) within DIP_WINDOW bars. */
  extreme: boolean;
  /** The lowest (long) or highest (short) RSI of the window; NaN while RSI is not warm. */
  rsi: number;
  /** Which turn the side needs: MACD crossing its signal, or RSI crossing back. */
  turn: 'macd' | 'rsi';
  turned: boolean;
}

/**
 * The facts behind `entrySignal` at bar i, by the same tests (`crossedUp`, `crossedDown`, the dip
 * window, `shortHasRange`); `signal` is `entrySignal` itself. For the bot's log, not the kernel.
 */
export function explainEntry(x: StrategyInputs, i: number, rules: SignalRules): EntryFacts {
  const from = i - WINDOW + 1 > 0 ? i - WINDOW + 1 : 0;
  let lo = Number.NaN;
  let hi = Number.NaN;
  let below = false;
  let above = false;
  for (let k = i; k >= from; k--) {
    const r = x.rsi[k] as number;
    if (r < rules.rsiBuy) below = true;
    if (r > rules.rsiSell) above = true;
    if (!(r >= lo)) lo = r === r ? r : lo;
    if (!(r <= hi)) hi = r === r ? r : hi;
  }
  const rsiNow = x.rsi[i] as number;
  const rsiBefore = x.rsi[i - 1] as number;
  const long: SideFacts = {
    extreme: below,
    rsi: lo,
    turn: rules.macdCrossover ? 'macd' : 'rsi',
    turned: rules.macdCrossover
      ? crossedUp(x.macdSide, i)
      : i >= 1 && rsiBefore <= rules.rsiBuy && rsiNow > rules.rsiBuy,
  };
  const short = rules.allowShort
    ? {
        extreme: above,
        rsi: hi,
        turn: rules.macdCrossunder ? ('macd' as const) : ('rsi' as const),
        turned: rules.macdCrossunder
          ? crossedDown(x.macdSide, i)
          : i >= 1 && rsiBefore >= rules.rsiSell && rsiNow < rules.rsiSell,
        atrPercent: (100 * (x.atr[i] as number)) / (x.bars.close[i] as number),
        hasRange: shortHasRange(x, i, rules),
      }
    : null;
  return { signal: entrySignal(x, i, rules), long, short };
}

/** Why an open position was or was not exited at bar i (README "Exit signals"). */
export interface ExitFacts {
  /** `exitSignal` at bar i. */
  exit: boolean;
  /** The close crossed the SMA back (above for a long, below for a short). */
  smaCrossed: boolean;
  /** RSI crossed the exit threshold (above rsi_sell for a long, below rsi_buy for a short). */
  rsiCrossed: boolean;
  /** MACD crossed its signal against the position; null when that gate is off. */
  macdCrossed: boolean | null;
}

/** The facts behind `exitSignal` at bar i, by the same tests. */
export function explainExit(
  x: StrategyInputs,
  i: number,
  side: Side,
  rules: SignalRules,
): ExitFacts {
  const exit = exitSignal(x, i, side, rules);
  if (i < 1) return { exit, smaCrossed: false, rsiCrossed: false, macdCrossed: null };
  const r = x.rsi[i] as number;
  const before = x.rsi[i - 1] as number;
  if (side === 1)
    return {
      exit,
      smaCrossed: crossedUp(x.smaSide, i),
      rsiCrossed: r > rules.rsiSell && before <= rules.rsiSell,
      macdCrossed: rules.macdCrossunder ? crossedDown(x.macdSide, i) : null,
    };
  return {
    exit,
    smaCrossed: crossedDown(x.smaSide, i),
    rsiCrossed: r < rules.rsiBuy && before >= rules.rsiBuy,
    macdCrossed: rules.macdCrossover ? crossedUp(x.macdSide, i) : null,
  };
}
