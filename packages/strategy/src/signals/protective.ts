import type { StockParams } from '../params.js';

/**
 * Protective exits inside one bar (README "Protective exits"), as pure functions of the bar and the
 * levels so the backtest and a paper broker agree. Results are codes, not objects, so the kernel's
 * loop allocates nothing: see `ProtectiveHit`.
 */
export const ProtectiveHit = {
  None: 0,
  /** The bar opened at or through the stop: filled at the open. */
  StopAtOpen: 1,
  /** The bar opened at or through the target: filled at the open. */
  TargetAtOpen: 2,
  /** The range reached the stop (also when it reached both: worst case): filled at the stop. */
  Stop: 3,
  /** The range reached the target only: filled at the target. */
  Target: 4,
} as const;
export type ProtectiveHit = (typeof ProtectiveHit)[keyof typeof ProtectiveHit];

/**
 * Which protective exit a long hits. The open is checked first, on every bar: it is the bar's first
 * price, so a level the bar opens at or beyond fills there (a gap; on the entry bar, a stop that the
 * entry's slippage already put at or above the open). Then the range, the stop winning when both
 * levels are inside it, since the path within the bar is unknown. Every fill is therefore a price
 * the bar traded: the open, or a level inside [low, high].
 */
export function longHit(
  open: number,
  high: number,
  low: number,
  stop: number,
  target: number,
): ProtectiveHit {
  if (open <= stop) return ProtectiveHit.StopAtOpen;
  if (open >= target) return ProtectiveHit.TargetAtOpen;
  if (low <= stop) return ProtectiveHit.Stop;
  if (high >= target) return ProtectiveHit.Target;
  return ProtectiveHit.None;
}

/** The mirror of `longHit` for a short: the stop is above, the target below. */
export function shortHit(
  open: number,
  high: number,
  low: number,
  stop: number,
  target: number,
): ProtectiveHit {
  if (open >= stop) return ProtectiveHit.StopAtOpen;
  if (open <= target) return ProtectiveHit.TargetAtOpen;
  if (high >= stop) return ProtectiveHit.Stop;
  if (low <= target) return ProtectiveHit.Target;
  return ProtectiveHit.None;
}

/**
 * The active stop of a long: max(SL, TS) with TS = H·(1 − trailingPct), H the highest of the entry
 * price and the highs since entry before this bar; trailingPct ≤ 0 turns the trailing stop off.
 */
export function longStop(stopLoss: number, highest: number, trailingPct: number): number {
  if (!(trailingPct > 0)) return stopLoss;
  const ts = highest * (1 - trailingPct);
  return ts > stopLoss ? ts : stopLoss;
}

/** The active stop of a short: min(SL, TS) with TS = L·(1 + trailingPct), L the lowest of the entry price and the lows since. */
export function shortStop(stopLoss: number, lowest: number, trailingPct: number): number {
  if (!(trailingPct > 0)) return stopLoss;
  const ts = lowest * (1 + trailingPct);
  return ts < stopLoss ? ts : stopLoss;
}

/** Stop-loss and take-profit levels as multiples of the entry fill price, for longs and shorts. */
export interface LevelMultiples {
  longStopAt: number;
  longTargetAt: number;
  shortStopAt: number;
  shortTargetAt: number;
}

/**
 * The README's SL and TP as multiples of the fill price P (long SL = P·longStopAt, …), computed
 * once here so the kernel and the bot's `Decider` round every level alike.
 */
export function levelMultiples(p: StockParams): LevelMultiples {
  return {
    longStopAt: 1 - p.stop_loss_percentage / 100,
    longTargetAt: 1 + p.take_profit_percentage / 100,
    shortStopAt: 1 + p.short_stop_loss_percentage / 100,
    shortTargetAt: 1 - p.short_take_profit_percentage / 100,
  };
}
