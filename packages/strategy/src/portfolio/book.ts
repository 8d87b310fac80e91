import type { Bars } from '../bars.js';
import { seededUniform } from '../backtest/rng.js';
import type { ExitReason } from '../backtest/types.js';
import {
  closingSide,
  entryFillQuantity,
  openingSide,
  protectiveExit,
  slippedPrice,
} from '../fills/fills.js';
import type { StockParams } from '../params.js';
import type { Decider } from '../signals/decider.js';
import { levelMultiples, type LevelMultiples } from '../signals/protective.js';
import type { Side } from '../signals/types.js';
import type { PortfolioSettings, PortfolioTrade, StockPeriod } from './types.js';

/** A position and its bracket exit: fixed stop, target, best price since entry before the coming bar. */
export interface Held {
  side: Side;
  quantity: number;
  entryPrice: number;
  entryTime: number;
  stopLoss: number;
  target: number;
  extreme: number;
}

/** The market order waiting for a stock's next open (an `opg` order). */
export type Pending =
  { kind: 'enter'; side: Side; quantity: number } | { kind: 'exit'; reason: ExitReason };

/** One stock on the account: its bars, Decider, position and waiting order. */
export interface Slot {
  symbol: string;
  bars: Bars;
  params: StockParams;
  levels: LevelMultiples;
  decider: Decider;
  /** Index of the stock's bar at the session being stepped, −1 when it has none. */
  i: number;
  /** Index of its next bar not yet stepped. */
  next: number;
  /** Its last close so far: what a position is marked at. */
  mark: number;
  held: Held | null;
  pending: Pending | null;
  /** The list's spans of the stock (none: always on it) and the bar its Decider last decided. */
  periods: readonly StockPeriod[] | null;
  decided: number;
}

export function newSlot(bars: Bars, params: StockParams, decider: Decider): Slot {
  return {
    symbol: bars.symbol,
    bars,
    params,
    levels: levelMultiples(params),
    decider,
    i: -1,
    next: 0,
    mark: Number.NaN,
    held: null,
    pending: null,
    periods: null,
    decided: -1,
  };
}

/**
 * The shared account as the simulated broker keeps it: one cash balance and one partial-fill RNG
 * for every stock, each fill by the rules of `fills/fills.ts` with the broker's own cash
 * arithmetic (an entry: cash − d·P − c·q; an exit: cash + (−d·P − c·q), d the signed shares), and
 * each fill reported to the stock's Decider.
 */
export class PortfolioBook {
  cash: number;
  readonly trades: PortfolioTrade[] = [];
  private readonly draw: () => number;
  private readonly slippage: number;
  private readonly fee: number;

  constructor(private readonly settings: PortfolioSettings) {
    this.cash = settings.initialCash;
    this.draw = seededUniform(settings.seed);
    this.slippage = settings.slippage_percent / 100;
    this.fee = settings.commission_per_share;
  }

  /** The stock's waiting market order fills at the open of its bar `slot.i` (time `t`). */
  fillAtOpen(slot: Slot, t: number): void {
    const order = slot.pending as Pending;
    slot.pending = null;
    const open = slot.bars.open[slot.i] as number;
    if (order.kind === 'exit') {
      if (slot.held !== null) this.exit(slot, open, t, order.reason);
      return;
    }
    const side = openingSide(order.side);
    const price = slippedPrice(open, side, this.slippage);
    const { partial_fill_probability: partial } = this.settings;
    const q = entryFillQuantity(
      order.quantity,
      side,
      this.cash,
      price,
      this.fee,
      partial,
      this.draw,
    );
    if (q < 1) return;
    const d = order.side * q;
    this.cash = this.cash - d * price - this.fee * q;
    const long = order.side === 1;
    slot.held = {
      side: order.side,
      quantity: q,
      entryPrice: price,
      entryTime: t,
      stopLoss: price * (long ? slot.levels.longStopAt : slot.levels.shortStopAt),
      target: price * (long ? slot.levels.longTargetAt : slot.levels.shortTargetAt),
      extreme: price,
    };
    slot.decider.entered(order.side, q, price, t);
  }

  /** The bracket exit inside the stock's bar `slot.i`: stop (trailing) or target, else the best price moves. */
  protect(slot: Slot, t: number): void {
    const h = slot.held as Held;
    const { fill, extreme } = protectiveExit(h, slot.bars, slot.i, this.settings.trailing_stop_pct);
    if (fill === null) h.extreme = extreme;
    else this.exit(slot, fill.price, t, fill.reason);
  }

  /** The position leaves at `rawPrice` (slippage against the trader, commission). */
  exit(slot: Slot, rawPrice: number, t: number, reason: ExitReason): void {
    const h = slot.held as Held;
    const q = h.quantity;
    const side = closingSide(h.side);
    const price = slippedPrice(rawPrice, side, this.slippage);
    const d = side === 'buy' ? q : -q;
    this.cash += -d * price - this.fee * q;
    const pnl = h.side * q * (price - h.entryPrice);
    const fees = 2 * this.fee * q;
    this.trades.push({
      symbol: slot.symbol,
      side: h.side === 1 ? 'long' : 'short',
      entryTime: h.entryTime,
      exitTime: t,
      quantity: q,
      entryPrice: h.entryPrice,
      exitPrice: price,
      fees,
      pnl,
      netPnl: pnl - fees,
      reason,
    });
    slot.held = null;
    slot.decider.exited();
  }
}
