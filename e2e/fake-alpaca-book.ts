import type { FakeAlpacaMarket } from './fake-alpaca-market.js';

/**
 * The account behind the e2e fake Alpaca: orders, fills, positions and cash, kept in memory and
 * written out in the JSON shapes of Alpaca's Trading API reference. Orders fill by plain rules
 * each time the fake is asked anything (`settle`): a market order sent outside the session fills
 * at the next session's open, one sent inside it at the price of that moment; limit and stop
 * orders fill when the price reaches them (at the open when it gaps through); a bracket's legs
 * work once the entry has filled, stop-loss first when both are reached in one stretch, one
 * cancelling the other; an OCO (a held position's take-profit limit with its stop-loss leg) works
 * the same way from the start; day and opg orders end at the close (opg at the open).
 */
export interface FakeOrder {
  id: string;
  client_order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  time_in_force: 'day' | 'gtc' | 'opg';
  qty: number;
  filled_qty: number;
  filled_avg_price: number | null;
  limit_price: number | null;
  stop_price: number | null;
  order_class: '' | 'bracket' | 'oco';
  status: string;
  submitted_at: number;
  filled_at: number | null;
  canceled_at: number | null;
  expired_at: number | null;
  /** When the order starts working (a leg: when its entry filled); null while held. */
  active_from: number | null;
  legs: FakeOrder[] | null;
  parent: FakeOrder | null;
}

export interface FakeFill {
  id: string;
  order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  qty: number;
  price: number;
  time: number;
  cum_qty: number;
  leaves_qty: number;
}

const OPEN = new Set(['new', 'held', 'accepted', 'partially_filled']);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const text = (x: number | null) => (x === null ? null : String(x));

export class FakeAlpacaBook {
  // The account figures the account-settings browser test shows ($200,000.50 buying power).
  cash = 100_000.25;
  readonly orders: FakeOrder[] = [];
  readonly fills: FakeFill[] = [];
  readonly positions = new Map<string, { qty: number; avg: number }>();
  private sequence = 0;

  constructor(private readonly market: FakeAlpacaMarket) {}

  /** An empty account again: no orders, fills or positions, the starting cash. */
  reset(): void {
    this.cash = 100_000.25;
    this.orders.length = 0;
    this.fills.length = 0;
    this.positions.clear();
  }

  isOpen(o: FakeOrder): boolean {
    return OPEN.has(o.status);
  }

  /** Adds an order: working from `active_from`, or held (a bracket's leg before its entry fills). */
  newOrder(
    fields: Pick<
      FakeOrder,
      | 'client_order_id'
      | 'symbol'
      | 'side'
      | 'type'
      | 'time_in_force'
      | 'qty'
      | 'limit_price'
      | 'stop_price'
      | 'order_class'
      | 'submitted_at'
      | 'active_from'
    >,
  ): FakeOrder {
    this.sequence++;
    const order: FakeOrder = {
      ...fields,
      id: `e2e00000-0000-4000-8000-${String(this.sequence).padStart(12, '0')}`,
      filled_qty: 0,
      filled_avg_price: null,
      status: fields.active_from === null ? 'held' : 'new',
      filled_at: null,
      canceled_at: null,
      expired_at: null,
      legs: null,
      parent: null,
    };
    this.orders.push(order);
    return order;
  }

  /** Shares of a position held by open closing orders (a bracket's legs count once). */
  heldQty(symbol: string, closingSide: 'buy' | 'sell'): number {
    const groups = new Map<FakeOrder, number>();
    for (const o of this.orders) {
      if (o.symbol !== symbol || o.side !== closingSide || !this.isOpen(o)) continue;
      const key = o.parent ?? o;
      groups.set(key, Math.max(groups.get(key) ?? 0, o.qty - o.filled_qty));
    }
    return [...groups.values()].reduce((a, b) => a + b, 0);
  }

  /** Cancels an order and the open rest of its bracket group. */
  cancel(order: FakeOrder, at = this.market.now()): void {
    const parent = order.parent ?? order;
    for (const o of [parent, ...(parent.legs ?? [])]) {
      if (o === order || this.isOpen(o)) {
        o.status = 'canceled';
        o.canceled_at = at;
      }
    }
  }

  /** Fills `qty` of an order at `price` at time `t`: the fill, the position, the cash. */
  fill(order: FakeOrder, qty: number, price: number, t: number): void {
    const cum = order.filled_qty + qty;
    order.filled_avg_price = ((order.filled_avg_price ?? 0) * order.filled_qty + price * qty) / cum;
    order.filled_qty = cum;
    const done = cum >= order.qty;
    order.status = done ? 'filled' : 'partially_filled';
    if (done) order.filled_at = t;
    this.fills.push({
      id: `${new Date(t).toISOString().replace(/\D/g, '').slice(0, 17)}::${order.id}-${this.fills.length}`,
      order_id: order.id,
      symbol: order.symbol,
      side: order.side,
      qty,
      price,
      time: t,
      cum_qty: cum,
      leaves_qty: order.qty - cum,
    });
    const signed = order.side === 'buy' ? qty : -qty;
    this.cash -= signed * price;
    const held = this.positions.get(order.symbol) ?? { qty: 0, avg: 0 };
    const after = held.qty + signed;
    const adding = held.qty === 0 || Math.sign(held.qty) === Math.sign(signed);
    const avg = adding
      ? (held.qty * held.avg + signed * price) / after
      : Math.sign(after) === Math.sign(held.qty)
        ? held.avg
        : price;
    if (after === 0) this.positions.delete(order.symbol);
    else this.positions.set(order.symbol, { qty: after, avg });
    if (!done) return;
    // A filled entry starts its legs; a filled leg cancels the other one.
    for (const leg of order.legs ?? []) {
      leg.status = leg.type === 'stop' ? 'held' : 'new';
      leg.active_from = t;
    }
    for (const other of order.parent?.legs ?? []) {
      if (other !== order && this.isOpen(other)) this.cancel(other, t);
    }
    // An OCO's fill (its take-profit or its stop leg) cancels the rest of the pair.
    const oco = order.order_class === 'oco' ? (order.parent ?? order) : null;
    const rest = oco ? [oco, ...(oco.legs ?? [])].find((o) => o !== order && this.isOpen(o)) : null;
    if (rest) this.cancel(rest, t);
  }

  /** An OCO for a held position: the take-profit limit with its stop-loss leg, both working. */
  newOco(
    fields: Pick<FakeOrder, 'client_order_id' | 'symbol' | 'side' | 'qty' | 'submitted_at'>,
    takeProfit: number,
    stopLoss: number,
  ): FakeOrder {
    const common = {
      symbol: fields.symbol,
      side: fields.side,
      time_in_force: 'gtc',
      qty: fields.qty,
      order_class: 'oco',
      submitted_at: fields.submitted_at,
      active_from: fields.submitted_at,
    } as const;
    const order = this.newOrder({
      ...common,
      client_order_id: fields.client_order_id,
      type: 'limit',
      limit_price: takeProfit,
      stop_price: null,
    });
    const leg = this.newOrder({
      ...common,
      client_order_id: `leg-${this.orders.length + 1}`,
      type: 'stop',
      limit_price: null,
      stop_price: stopLoss,
    });
    leg.parent = order;
    order.legs = [leg];
    return order;
  }

  /** Fills what the market did up to the market's now (idempotent: call it before any answer). */
  settle(): void {
    const now = this.market.now();
    // Three passes: an entry filled in the first starts its legs, which may fill in the next.
    for (let pass = 0; pass < 3; pass++) {
      for (const order of [...this.orders]) if (this.isOpen(order)) this.work(order, now);
    }
  }

  private work(order: FakeOrder, now: number): void {
    const from = order.active_from;
    // Held legs wait for their entry; a bracket's stop leg is worked with its take-profit leg.
    if (from === null || (order.parent && order.type === 'stop')) return;
    for (const s of this.market.sessionsIn(from, now)) {
      if (order.type === 'market') {
        if (order.time_in_force === 'opg' && from >= s.open) return this.expire(order, s.open);
        const at = Math.max(from, s.open);
        const price = this.market.priceAt(order.symbol, at);
        if (price !== null) this.fill(order, order.qty - order.filled_qty, price, at);
        return;
      }
      const range = this.market.rangeIn(order.symbol, s, from, now);
      const group = order.parent ?? (order.order_class === 'oco' ? order : null);
      const stopLeg = group?.legs?.find((l) => l.type === 'stop' && this.isOpen(l));
      // Stop-loss before take-profit when both are reached in one stretch (the backtester's rule).
      for (const o of range ? (stopLeg ? [stopLeg, order] : [order]) : []) {
        const level = o.type === 'stop' ? o.stop_price! : o.limit_price!;
        // A sell stop and a buy limit wait for the price to fall to the level; the others to rise.
        const falling = (o.side === 'sell') === (o.type === 'stop');
        const reached = falling ? range!.low <= level : range!.high >= level;
        if (!reached) continue;
        const open = range!.open;
        const gapped = open !== null && (falling ? open <= level : open >= level);
        this.fill(
          o,
          o.qty - o.filled_qty,
          gapped ? open : level,
          gapped ? s.open : Math.min(now, s.close),
        );
        return;
      }
      if (order.time_in_force !== 'gtc' && s.close <= now) return this.expire(order, s.close);
    }
  }

  private expire(order: FakeOrder, at: number): void {
    order.status = 'expired';
    order.expired_at = at;
  }

  /** Equity, cash and buying power (a margin account: twice equity less what is held). */
  account() {
    let held = 0;
    let value = 0;
    for (const [symbol, p] of this.positions) {
      const price = this.market.priceAt(symbol, this.market.now()) ?? p.avg;
      value += p.qty * price;
      held += Math.abs(p.qty * price);
    }
    const equity = this.cash + value;
    return { equity, cash: this.cash, buyingPower: Math.max(0, 2 * equity - held) };
  }

  orderJson(o: FakeOrder): Record<string, unknown> {
    return {
      id: o.id,
      client_order_id: o.client_order_id,
      created_at: iso(o.submitted_at),
      updated_at: iso(o.filled_at ?? o.canceled_at ?? o.expired_at ?? o.submitted_at),
      submitted_at: iso(o.submitted_at),
      filled_at: iso(o.filled_at),
      expired_at: iso(o.expired_at),
      canceled_at: iso(o.canceled_at),
      failed_at: null,
      replaced_at: null,
      replaced_by: null,
      replaces: null,
      asset_id: `asset-${o.symbol}`,
      symbol: o.symbol,
      asset_class: 'us_equity',
      notional: null,
      qty: String(o.qty),
      filled_qty: String(o.filled_qty),
      filled_avg_price: text(o.filled_avg_price),
      order_class: o.order_class,
      order_type: o.type,
      type: o.type,
      side: o.side,
      time_in_force: o.time_in_force,
      limit_price: text(o.limit_price),
      stop_price: text(o.stop_price),
      status: o.status,
      extended_hours: false,
      legs: o.legs ? o.legs.map((l) => this.orderJson(l)) : null,
      trail_percent: null,
      trail_price: null,
      hwm: null,
    };
  }

  fillJson(f: FakeFill): Record<string, unknown> {
    return {
      id: f.id,
      activity_type: 'FILL',
      transaction_time: iso(f.time),
      type: f.leaves_qty > 0 ? 'partial_fill' : 'fill',
      price: String(f.price),
      qty: String(f.qty),
      side: f.side,
      symbol: f.symbol,
      leaves_qty: String(f.leaves_qty),
      order_id: f.order_id,
      cum_qty: String(f.cum_qty),
      order_status: f.leaves_qty > 0 ? 'partially_filled' : 'filled',
    };
  }
}
