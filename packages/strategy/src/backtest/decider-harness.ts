import type { Bars } from '../bars.js';
import type { StockParams } from '../params.js';
import { Decider } from '../signals/decider.js';
import { decisionBarAt as barAt } from '../signals/decision-window.js';
import {
  closingSide,
  entryFillQuantity,
  openingSide,
  protectiveExit,
  slippedPrice,
} from '../fills/fills.js';
import { levelMultiples } from '../signals/protective.js';
import type { Side } from '../signals/types.js';
import { seededUniform } from './rng.js';
import type { BacktestConfig, ExitReason, SimWindow, Trade } from './types.js';

/**
 * Test-only: a paper broker that drives a `Decider` bar by bar the way the live bot will, with the
 * kernel's fills (README "Order of checks", "Sizing and costs", "Partial fills", "End of data"), so
 * the parity test can hold its trades against `simulate`. It computes cash, fills and decision
 * indices on its own, from the decider's intents only, every fill by the pure rules of
 * `fills/fills.ts` (what the simulated broker uses), keeping its own exit levels and checking them
 * against the decider's `levels()`: nothing is read from the kernel.
 */
export interface PaperRun {
  tradeList: Trade[];
  finalEquity: number;
  /** Close equity of each window bar, as passed to `update`. */
  equity: Float64Array;
  halted: boolean;
  /** Entry orders the partial-fill draw cut (for coverage counts). */
  partialFills: number;
}

interface Held {
  side: Side;
  quantity: number;
  entryPrice: number;
  entryIndex: number;
  decidedAt: number;
  /** The exit order's fixed stop, target and best price since entry before the coming bar. */
  stopLoss: number;
  target: number;
  extreme: number;
}

type Pending =
  | { kind: 'enter'; side: Side; quantity: number; at: number }
  | { kind: 'exit'; reason: ExitReason; at: number };

/** Cash, the position and the trade list of one paper run; every fill tells the decider. */
class PaperAccount {
  cash: number;
  held: Held | null = null;
  readonly trades: Trade[] = [];
  partialFills = 0;
  private readonly draw: () => number;
  private readonly slippage: number;

  constructor(
    private readonly bars: Bars,
    private readonly config: BacktestConfig,
    private readonly params: StockParams,
    private readonly decider: Decider,
  ) {
    this.cash = config.initial_balance;
    this.draw = seededUniform(config.seed);
    this.slippage = config.slippage_percent / 100;
  }

  /** The entry order fills at the open of bar i: partial-fill draw, then a long's cash cut. */
  enter(i: number, side: Side, quantity: number, decidedAt: number): void {
    const { commission_per_share: fee, partial_fill_probability: partial } = this.config;
    const open = openingSide(side);
    const price = slippedPrice(this.bars.open[i] as number, open, this.slippage);
    let drawn = 0;
    const draw = () => {
      drawn++;
      return this.draw();
    };
    const q = entryFillQuantity(quantity, open, this.cash, price, fee, partial, draw);
    if (drawn === 2) this.partialFills++;
    if (q < 1) return;
    this.cash = this.cash - side * q * price - fee * q;
    const m = levelMultiples(this.params);
    this.held = {
      side,
      quantity: q,
      entryPrice: price,
      entryIndex: i,
      decidedAt,
      stopLoss: price * (side === 1 ? m.longStopAt : m.shortStopAt),
      target: price * (side === 1 ? m.longTargetAt : m.shortTargetAt),
      extreme: price,
    };
    this.decider.entered(side, q, price, this.bars.time[i] as number);
  }

  /** The position leaves at `rawPrice` on bar i (slippage against the trader, commission). */
  exit(i: number, rawPrice: number, reason: ExitReason, decidedAt: number): void {
    const h = this.held as Held;
    const fee = this.config.commission_per_share * h.quantity;
    const exitPrice = slippedPrice(rawPrice, closingSide(h.side), this.slippage);
    this.cash += h.side * h.quantity * exitPrice - fee;
    const pnl = h.side * h.quantity * (exitPrice - h.entryPrice);
    const fees = fee + fee;
    this.trades.push({
      side: h.side === 1 ? 'long' : 'short',
      entryIndex: h.entryIndex,
      exitIndex: i,
      entryDecisionIndex: h.decidedAt,
      exitDecisionIndex: decidedAt,
      entryTime: this.bars.time[h.entryIndex] as number,
      exitTime: this.bars.time[i] as number,
      entryPrice: h.entryPrice,
      exitPrice,
      quantity: h.quantity,
      fees,
      pnl,
      netPnl: pnl - fees,
      reason,
    });
    this.held = null;
    this.decider.exited();
  }

  /** Protective exits inside bar i by the exit order's own levels, checked against the decider's. */
  protect(i: number): void {
    const h = this.held as Held;
    const { stop, fill, extreme } = protectiveExit(h, this.bars, i, this.config.trailing_stop_pct);
    const lv = this.decider.levels();
    if (lv === null || lv.stop !== stop || lv.target !== h.target)
      throw new Error(`the exit order's levels differ from the decider's at bar ${i}`);
    if (fill === null) h.extreme = extreme;
    else this.exit(i, fill.price, fill.reason, i);
  }

  equityAt(i: number): number {
    const h = this.held;
    return h === null
      ? this.cash
      : this.cash + h.side * h.quantity * (this.bars.close[i] as number);
  }
}

/** One run over `window` (default: all bars): bars before it only warm the decider. */
export function paperRun(
  bars: Bars,
  params: StockParams,
  config: BacktestConfig,
  window?: SimWindow,
): PaperRun {
  const start = window?.start ?? 0;
  const end = window?.end ?? bars.close.length;
  const last = end - 1;
  const decider = new Decider(params, config);
  for (let k = 0; k < start; k++) decider.warm(barAt(bars, k));
  const acct = new PaperAccount(bars, config, params, decider);
  const equity = new Float64Array(end - start);
  let pending: Pending | null = null;
  for (let i = start; i < end; i++) {
    if (pending?.kind === 'exit') acct.exit(i, bars.open[i] as number, pending.reason, pending.at);
    else if (pending?.kind === 'enter') acct.enter(i, pending.side, pending.quantity, pending.at);
    if (acct.held !== null) acct.protect(i);
    if (acct.held !== null && i === last) acct.exit(i, bars.close[i] as number, 'end_of_data', i);
    const eq = acct.equityAt(i);
    equity[i - start] = eq;
    const intent = decider.update(barAt(bars, i), eq).intent;
    // An entry decided on the last bar would fill after the window: dropped.
    pending =
      intent === null || (intent.kind === 'enter' && i === last) ? null : { ...intent, at: i };
  }
  return {
    tradeList: acct.trades,
    finalEquity: acct.cash,
    equity,
    halted: decider.halted,
    partialFills: acct.partialFills,
  };
}
