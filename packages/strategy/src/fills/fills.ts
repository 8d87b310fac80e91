import type { Bars } from '../bars.js';
import { longHit, longStop, ProtectiveHit, shortHit, shortStop } from '../signals/protective.js';
import { affordableQuantity } from '../signals/sizing.js';
import type { Side } from '../signals/types.js';

/**
 * The backtester's fill rules (README "Sizing and costs", "Partial fills", "Protective exits") as
 * pure functions of one order and one bar, for a broker that fills orders one at a time (the
 * simulated broker on the demo market). They are the kernel's own helpers (`longHit`/`shortHit`,
 * `longStop`/`shortStop`, `affordableQuantity`) and its arithmetic, so every price rounds alike:
 * `decider-harness.ts` fills through them and `decider-parity.test.ts` holds the result to
 * `simulate`'s trades exactly.
 */
export type FillSide = 'buy' | 'sell';

/** The part of a bar a fill reads. */
export interface FillBar {
  open: number;
  high: number;
  low: number;
}

/**
 * A fill at `price` with slippage against the trader: buys at price·(1 + s), sells at
 * price·(1 − s), s a fraction (slippage_percent / 100). Bit for bit the kernel's
 * `open·(1 + side·s)` for entries and `raw·(1 − side·s)` for exits.
 */
export function slippedPrice(price: number, side: FillSide, slippage: number): number {
  return side === 'buy' ? price * (1 + slippage) : price * (1 - slippage);
}

/**
 * Shares an entry order gets at its fill (the kernel's `fillQuantity`): one draw u of the seeded
 * RNG when partialProbability > 0; if u < partialProbability a second draw v keeps floor(qty·v);
 * then a long (a buy) is cut to what cash pays for at the fill, commission included. 0 means no
 * trade. `draw` must be the run's one RNG, drawn in order of the entry orders.
 */
export function entryFillQuantity(
  qty: number,
  side: FillSide,
  cash: number,
  fillPrice: number,
  commissionPerShare: number,
  partialProbability: number,
  draw: () => number,
): number {
  let q = qty;
  if (partialProbability > 0 && draw() < partialProbability) q = Math.floor(q * draw());
  if (side === 'buy') q = affordableQuantity(q, cash, fillPrice, commissionPerShare);
  return q >= 1 ? q : 0;
}

/** Which leg of a stop/limit order filled, and whether at the open (a gap through the level). */
export interface LevelFill {
  /** The price before slippage: the bar's open or the level. */
  price: number;
  leg: 'stop' | 'target';
  atOpen: boolean;
}

/**
 * A stop and/or limit order inside one bar (README "Protective exits", also plain stop and limit
 * orders): a sell has its stop below and its limit (`target`) above, a buy the mirror. The open
 * first: a bar opening at or through a level fills at the open; else the range, the stop first
 * when both levels are inside it (worst case). `null` for a missing leg. No fill: null.
 */
export function levelFill(
  side: FillSide,
  bar: FillBar,
  stop: number | null,
  target: number | null,
): LevelFill | null {
  const { open, high, low } = bar;
  const hit =
    side === 'sell'
      ? longHit(
          open,
          high,
          low,
          stop ?? Number.NEGATIVE_INFINITY,
          target ?? Number.POSITIVE_INFINITY,
        )
      : shortHit(
          open,
          high,
          low,
          stop ?? Number.POSITIVE_INFINITY,
          target ?? Number.NEGATIVE_INFINITY,
        );
  switch (hit) {
    case ProtectiveHit.StopAtOpen:
      return { price: open, leg: 'stop', atOpen: true };
    case ProtectiveHit.TargetAtOpen:
      return { price: open, leg: 'target', atOpen: true };
    case ProtectiveHit.Stop:
      return { price: stop as number, leg: 'stop', atOpen: false };
    case ProtectiveHit.Target:
      return { price: target as number, leg: 'target', atOpen: false };
    default:
      return null;
  }
}

/**
 * The active stop of an exit order for the coming bar: the fixed stop tightened by a trailing stop
 * at `trailing` (a fraction) from `extreme`, the best price since the entry before this bar (the
 * kernel's `longStop`/`shortStop`). `side` is the exit's side: a sell closes a long.
 */
export function activeStop(
  side: FillSide,
  stopLoss: number,
  extreme: number,
  trailing: number,
): number {
  return side === 'sell'
    ? longStop(stopLoss, extreme, trailing)
    : shortStop(stopLoss, extreme, trailing);
}

/** The best price after a bar the exit order survived: the high for a sell, the low for a buy. */
export function nextExtreme(side: FillSide, extreme: number, bar: FillBar): number {
  return side === 'sell'
    ? bar.high > extreme
      ? bar.high
      : extreme
    : bar.low < extreme
      ? bar.low
      : extreme;
}

/** The exit's reason for a stop fill: the trailing stop when it is the tighter level. */
export function stopReason(active: number, stopLoss: number): 'stop_loss' | 'trailing_stop' {
  return active !== stopLoss ? 'trailing_stop' : 'stop_loss';
}

/** A held position's bracket exit order: fixed stop, target, best price since entry before the bar. */
export interface Bracket {
  side: Side;
  stopLoss: number;
  target: number;
  extreme: number;
}

/** What a bracket exit did inside one bar. */
export interface ProtectiveExit {
  /** The active stop the bar was checked against (the trailing one when tighter). */
  stop: number;
  /** The fill before slippage and its reason; null when neither level was reached. */
  fill: { price: number; reason: 'stop_loss' | 'trailing_stop' | 'take_profit' } | null;
  /** The best price since entry after the bar: moved only when nothing filled. */
  extreme: number;
}

/**
 * The bracket exit of a held position inside bar `i` (README "Protective exits"): the active stop
 * (`activeStop`, trailing at `trailing` from the best price so far) or the target, as `levelFill`
 * fills them; when neither is reached the best price moves on (`nextExtreme`).
 */
export function protectiveExit(
  held: Bracket,
  bars: Bars,
  i: number,
  trailing: number,
): ProtectiveExit {
  const side = closingSide(held.side);
  const stop = activeStop(side, held.stopLoss, held.extreme, trailing);
  const bar = {
    open: bars.open[i] as number,
    high: bars.high[i] as number,
    low: bars.low[i] as number,
  };
  const hit = levelFill(side, bar, stop, held.target);
  if (hit === null) return { stop, fill: null, extreme: nextExtreme(side, held.extreme, bar) };
  const reason = hit.leg === 'stop' ? stopReason(stop, held.stopLoss) : 'take_profit';
  return { stop, fill: { price: hit.price, reason }, extreme: held.extreme };
}

/** The order side that opens `side` (1 long → buy) and the one that closes it. */
export function openingSide(side: Side): FillSide {
  return side === 1 ? 'buy' : 'sell';
}

export function closingSide(side: Side): FillSide {
  return side === 1 ? 'sell' : 'buy';
}
