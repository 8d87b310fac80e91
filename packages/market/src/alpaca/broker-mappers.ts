import type { z } from 'zod';
import type {
  BrokerAccount,
  BrokerCashActivity,
  BrokerFill,
  BrokerOrder,
  BrokerPosition,
  OrderStatus,
} from '../ports/broker.port.js';
import type {
  AlpacaLegJson,
  AlpacaOrderJson,
  ZAccount,
  ZCashActivity,
  ZFillActivity,
  ZPosition,
} from './broker-schemas.js';

/** Alpaca's order statuses that end the order, by the port's status. */
const ENDED: Record<string, OrderStatus> = {
  filled: 'filled',
  canceled: 'canceled',
  // Replaced by another order (PATCH): this one will not fill any more.
  replaced: 'canceled',
  expired: 'expired',
  rejected: 'rejected',
};

/**
 * Alpaca's status → the port's. Every other status (new, accepted, pending_new, held,
 * calculated, pending_cancel, pending_replace, done_for_day, stopped, suspended, …) is still
 * working: `new`, or `partially_filled` once some shares have filled.
 */
export function statusFromAlpaca(status: string, filledQty: number): OrderStatus {
  const ended = ENDED[status];
  if (ended) return ended;
  return status === 'partially_filled' || filledQty > 0 ? 'partially_filled' : 'new';
}

/** An order, with a bracket's legs (take-profit, stop-loss) when Alpaca sent them. */
export function orderFromAlpaca(o: AlpacaOrderJson): BrokerOrder {
  const order = legFromAlpaca(o);
  if (o.legs && o.legs.length > 0) order.legs = o.legs.map(legFromAlpaca);
  return order;
}

function legFromAlpaca(o: AlpacaLegJson): BrokerOrder {
  const status = statusFromAlpaca(o.status, o.filled_qty);
  const endedAt =
    status === 'canceled'
      ? (o.canceled_at ?? null)
      : status === 'expired'
        ? (o.expired_at ?? null)
        : status === 'rejected'
          ? (o.failed_at ?? null)
          : null;
  return {
    id: o.id,
    clientOrderId: o.client_order_id,
    symbol: o.symbol,
    side: o.side,
    type: o.type ?? o.order_type ?? 'market',
    timeInForce: o.time_in_force,
    qty: o.qty ?? 0,
    filledQty: o.filled_qty,
    filledAvgPrice: o.filled_avg_price ?? null,
    limitPrice: o.limit_price ?? null,
    stopPrice: o.stop_price ?? null,
    status,
    brokerStatus: o.status,
    submittedAt: o.submitted_at,
    filledAt: o.filled_at ?? null,
    endedAt,
  };
}

export function accountFromAlpaca(a: z.output<typeof ZAccount>): BrokerAccount {
  return {
    status: a.status,
    accountNumber: a.account_number,
    currency: a.currency ?? 'USD',
    equity: a.equity,
    cash: a.cash,
    buyingPower: a.buying_power,
    lastEquity: a.last_equity ?? null,
    patternDayTrader: a.pattern_day_trader ?? false,
    tradingBlocked: (a.trading_blocked ?? false) || (a.account_blocked ?? false),
  };
}

export function positionFromAlpaca(p: z.output<typeof ZPosition>): BrokerPosition {
  return {
    symbol: p.symbol,
    // Alpaca writes a short's qty negative; make sure of it whatever the server sent.
    qty: p.side === 'short' ? -Math.abs(p.qty) : Math.abs(p.qty),
    side: p.side,
    avgEntryPrice: p.avg_entry_price,
    currentPrice: p.current_price ?? null,
    marketValue: p.market_value ?? null,
    unrealizedPl: p.unrealized_pl ?? null,
  };
}

/**
 * A FILL activity; `side` "sell_short" is a sell. `sequence` starts with the full-precision
 * transaction time (fills of one millisecond keep Alpaca's order; the activity id's tail is
 * random and does not); `legFill` then puts a bracket parent's fill before its legs'.
 */
export function fillFromAlpaca(f: z.output<typeof ZFillActivity>, legFill = false): BrokerFill {
  return {
    id: f.id,
    orderId: f.order_id,
    symbol: f.symbol,
    side: f.side === 'buy' ? 'buy' : 'sell',
    qty: f.qty,
    price: f.price,
    time: Date.parse(f.transaction_time),
    sequence: `${timeKey(f.transaction_time)}|${legFill ? 1 : 0}`,
  };
}

/**
 * An RFC 3339 instant as a key that sorts chronologically: UTC, nanosecond digits
 * ("2024-03-05T15:00:00.123456000Z"). Offsets are whole minutes, so the fraction is unchanged.
 */
export function timeKey(text: string): string {
  const fraction = /\.(\d+)/.exec(text)?.[1] ?? '';
  const whole = new Date(Date.parse(text)).toISOString().slice(0, 19);
  return `${whole}.${fraction.padEnd(9, '0').slice(0, 9)}Z`;
}

/** A DIV… activity; `date` as YYYY-MM-DD. */
export function cashActivityFromAlpaca(a: z.output<typeof ZCashActivity>): BrokerCashActivity {
  return {
    id: a.id,
    type: a.activity_type,
    date: a.date.slice(0, 10),
    netAmount: a.net_amount,
    symbol: a.symbol ?? null,
    qty: a.qty ?? null,
    perShareAmount: a.per_share_amount ?? null,
    description: a.description ?? null,
  };
}

/** Chronological: the time, then the broker's sequence key where both fills have one. */
export function compareFills(a: BrokerFill, b: BrokerFill): number {
  if (a.time !== b.time) return a.time - b.time;
  if (a.sequence !== undefined && b.sequence !== undefined && a.sequence !== b.sequence)
    return a.sequence < b.sequence ? -1 : 1;
  return 0;
}
