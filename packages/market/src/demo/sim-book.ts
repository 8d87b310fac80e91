import { randomUUID } from 'node:crypto';
import { mulberryOutput, mulberryStep } from '@tradebot/strategy';
import type { OrderSide } from '../ports/broker.port.js';
import type { SimChanges, SimFill, SimLedger, SimOrder, SimPosition } from './sim-ledger.js';

/** The backtest settings a fill reads (README "Sizing and costs"): percent, $/share, probability. */
export interface SimCosts {
  slippagePercent: number;
  commissionPerShare: number;
  partialFillProbability: number;
}

/**
 * One transaction's working copy of an account: cash, the RNG, open orders and positions, with
 * every change recorded for the store. Fills update cash and the position with the kernel's own
 * arithmetic (an entry: cash − d·P − c·q; an exit: cash + (−d·P − c·q), d the signed shares), so a
 * single-symbol run's cash is the backtester's bit for bit.
 */
export class SimBook {
  cash: number;
  private rng: number;
  readonly open = new Map<string, SimOrder>();
  private readonly positions = new Map<string, SimPosition>();
  private readonly changedOrders = new Map<string, SimOrder>();
  private readonly changedPositions = new Set<string>();
  readonly fills: SimFill[] = [];

  constructor(ledger: SimLedger) {
    this.cash = ledger.account.cash;
    this.rng = ledger.account.rngState;
    for (const o of ledger.openOrders) this.open.set(o.id, { ...o });
    for (const p of ledger.positions) this.positions.set(p.symbol, { ...p });
  }

  /** The next uniform of the account's seeded RNG (mulberry32, as `seededUniform`). */
  readonly draw = (): number => mulberryOutput((this.rng = mulberryStep(this.rng)));

  /** An order of this transaction by id: open, or changed here (e.g. just filled). */
  get(id: string): SimOrder | undefined {
    return this.changedOrders.get(id) ?? this.open.get(id);
  }

  /** An order of this transaction by the caller's id, when this transaction changed it. */
  byClientId(clientOrderId: string): SimOrder | undefined {
    for (const o of this.changedOrders.values()) if (o.clientOrderId === clientOrderId) return o;
    return undefined;
  }

  position(symbol: string): number {
    return this.positions.get(symbol)?.qty ?? 0;
  }

  allPositions(): SimPosition[] {
    return [...this.positions.values()].filter((p) => p.qty !== 0);
  }

  /** Marks an order changed (and keeps it in the open set while it can still fill). */
  touch(o: SimOrder): void {
    this.changedOrders.set(o.id, o);
    if (o.status === 'new' || o.status === 'partially_filled') this.open.set(o.id, o);
    else this.open.delete(o.id);
  }

  add(o: Omit<SimOrder, 'id'>): SimOrder {
    const order = { ...o, id: randomUUID() };
    this.touch(order);
    return order;
  }

  /** Ends an order that will not fill (further): canceled, expired or rejected. */
  end(o: SimOrder, status: 'canceled' | 'expired', at: number): void {
    o.status = status;
    o.endedAt = at;
    this.touch(o);
  }

  /** True when a fill on `side` adds to the position or opens one (an entry, by the README). */
  isEntry(symbol: string, side: OrderSide): boolean {
    const pos = this.position(symbol);
    return side === 'buy' ? pos >= 0 : pos <= 0;
  }

  /**
   * Records a fill of `qty` shares at `price` (slippage included) and its commission: cash, the
   * position (average entry price), the order's filled quantity and status. A position that
   * reaches 0 cancels the open protective exits left on its symbol (bracket exits, OCOs).
   */
  fill(
    o: SimOrder,
    qty: number,
    price: number,
    commission: number,
    time: number,
    reason: SimFill['reason'],
  ): void {
    const entry = this.isEntry(o.symbol, o.side);
    const d = o.side === 'buy' ? qty : -qty;
    if (entry) this.cash = this.cash - d * price - commission * qty;
    else this.cash += -d * price - commission * qty;
    const before = this.position(o.symbol);
    const after = before + d;
    const prev = this.positions.get(o.symbol);
    const avg =
      after === 0
        ? 0
        : Math.sign(after) !== Math.sign(before) || prev === undefined
          ? price
          : entry
            ? (prev.avgEntryPrice * Math.abs(before) + price * qty) / Math.abs(after)
            : prev.avgEntryPrice;
    this.positions.set(o.symbol, { symbol: o.symbol, qty: after, avgEntryPrice: avg });
    this.changedPositions.add(o.symbol);
    const filled = o.filledQty + qty;
    o.filledAvgPrice = ((o.filledAvgPrice ?? 0) * o.filledQty + price * qty) / filled;
    o.filledQty = filled;
    o.status = filled >= o.qty ? 'filled' : 'partially_filled';
    if (o.status === 'filled') o.filledAt = time;
    this.touch(o);
    this.fills.push({
      id: '',
      orderId: o.id,
      symbol: o.symbol,
      side: o.side,
      qty,
      price,
      commission: commission * qty,
      reason,
      time,
    });
    if (after === 0)
      for (const other of [...this.open.values()])
        if (other.symbol === o.symbol && isExitPair(other) && other !== o)
          this.end(other, 'canceled', time);
  }

  changes(): SimChanges | null {
    if (this.changedOrders.size === 0 && this.changedPositions.size === 0) return null;
    return {
      cash: this.cash,
      rngState: this.rng,
      orders: [...this.changedOrders.values()],
      positions: [...this.changedPositions].map(
        (s) => this.positions.get(s) ?? { symbol: s, qty: 0, avgEntryPrice: 0 },
      ),
      fills: this.fills,
    };
  }
}

/** A bracket's exit or an OCO: one order holding a stop-loss and a take-profit. */
export function isExitPair(o: SimOrder): boolean {
  return (
    o.parentId !== null || (o.type !== 'market' && o.stopPrice !== null && o.limitPrice !== null)
  );
}
