/**
 * Closed round trips from one symbol's fills, as the backtester counts trades: a trade opens
 * when the position leaves zero and closes when it returns to zero (or flips through it). Entry
 * price is the quantity-weighted average of the opening fills, exit price that of the closing
 * fills; P&L is side × qty × (exit − entry) less the commissions of every fill of the trade.
 * A fill that flips the position closes the trade with part of its quantity and opens the next
 * one with the rest (its commission split by quantity). Pure: no I/O, so it is unit-tested.
 */
export interface TradeFill {
  id: string;
  side: 'buy' | 'sell';
  qty: number;
  price: number;
  commission: number;
  time: Date;
  /** Why this fill happened (protective level, intent purpose), when known. */
  reason: string | null;
  /**
   * The broker's order among fills of one millisecond (BrokerFill.sequence); without it such
   * fills keep the order they are given in.
   */
  seq?: string | null;
}

export interface RoundTrip {
  side: 'long' | 'short';
  qty: number;
  entryPrice: number;
  exitPrice: number;
  entryAt: Date;
  exitAt: Date;
  pnl: number;
  reason: string | null;
  /** The fill that brought the position back to zero (the trade's unique key). */
  exitFillId: string;
}

/** Quantities closer than this to zero are zero (fractional shares, float sums). */
const EPS = 1e-9;

interface Open {
  dir: 1 | -1;
  qty: number;
  cost: number;
  entryAt: Date;
  closedQty: number;
  proceeds: number;
  commission: number;
}

/**
 * `fills` in the broker's order: by time, then (fills of one millisecond) by the broker's
 * sequence where both have one; a stable sort, so others keep their given order. Never by fill
 * id: Alpaca's activity ids end in a random part.
 */
export function chronological(fills: readonly TradeFill[]): TradeFill[] {
  return [...fills].sort((a, b) => {
    const dt = a.time.getTime() - b.time.getTime();
    if (dt !== 0) return dt;
    if (a.seq == null || b.seq == null || a.seq === b.seq) return 0;
    return a.seq < b.seq ? -1 : 1;
  });
}

/** The round trips closed by `fills` (one symbol, any order); an open remainder is left out. */
export function roundTrips(fills: readonly TradeFill[]): RoundTrip[] {
  const trades: RoundTrip[] = [];
  let open: Open | null = null;
  for (const fill of chronological(fills)) {
    if (!(fill.qty > 0)) continue;
    const dir = fill.side === 'buy' ? 1 : -1;
    let rest = fill.qty;
    const feePerShare = fill.commission / fill.qty;
    if (open !== null && open.dir !== dir) {
      const closing = Math.min(rest, open.qty - open.closedQty);
      open.closedQty += closing;
      open.proceeds += closing * fill.price;
      open.commission += closing * feePerShare;
      rest -= closing;
      if (open.qty - open.closedQty <= EPS) {
        trades.push(close(open, fill));
        open = null;
      }
    }
    if (rest > EPS) {
      if (open === null)
        open = {
          dir,
          qty: 0,
          cost: 0,
          entryAt: fill.time,
          closedQty: 0,
          proceeds: 0,
          commission: 0,
        };
      // Adding to an open position (same direction) or opening with what a flip left.
      open.qty += rest;
      open.cost += rest * fill.price;
      open.commission += rest * feePerShare;
    }
  }
  return trades;
}

function close(open: Open, last: TradeFill): RoundTrip {
  const entryPrice = open.cost / open.qty;
  const exitPrice = open.proceeds / open.closedQty;
  return {
    side: open.dir === 1 ? 'long' : 'short',
    qty: open.qty,
    entryPrice,
    exitPrice,
    entryAt: open.entryAt,
    exitAt: last.time,
    pnl: open.dir * open.qty * (exitPrice - entryPrice) - open.commission,
    reason: last.reason,
    exitFillId: last.id,
  };
}
