import { z } from 'zod';
import { instant } from './schemas.js';

/** An RFC 3339 instant kept as written (its digits past the millisecond order fills). */
const instantText = z
  .string()
  .refine((s) => instant.safeParse(s).success, 'expected an RFC 3339 timestamp');

/**
 * Alpaca's trading JSON (account, positions, orders, FILL activities) as documented in its
 * Trading API reference, checked at the boundary. Money and quantities are decimal strings
 * there; a number is accepted too (some Alpaca-compatible servers send numbers). Only fields the
 * adapter uses are required.
 */

const optionalInstant = instant.nullable().optional();

/** "123.45", "-5", 12.5 → a finite number. */
const decimal = z.union([
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, 'expected a decimal string')
    .transform(Number),
  z.number().finite(),
]);
const optionalDecimal = decimal.nullable().optional();

/** `GET /v2/account`. */
export const ZAccount = z.object({
  account_number: z.string().min(1),
  status: z.string().min(1),
  currency: z.string().min(1).optional(),
  equity: decimal,
  cash: decimal,
  buying_power: decimal,
  last_equity: optionalDecimal,
  pattern_day_trader: z.boolean().optional(),
  trading_blocked: z.boolean().optional(),
  account_blocked: z.boolean().optional(),
});

/** One row of `GET /v2/positions` (qty negative and side "short" for a short). */
export const ZPosition = z.object({
  symbol: z.string().min(1),
  qty: decimal,
  side: z.enum(['long', 'short']),
  avg_entry_price: decimal,
  current_price: optionalDecimal,
  market_value: optionalDecimal,
  unrealized_pl: optionalDecimal,
});
export const ZPositions = z.array(ZPosition);

const orderFields = {
  id: z.string().min(1),
  client_order_id: z.string().min(1),
  symbol: z.string().min(1),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit', 'stop', 'stop_limit', 'trailing_stop']).optional(),
  order_type: z.enum(['market', 'limit', 'stop', 'stop_limit', 'trailing_stop']).optional(),
  time_in_force: z.enum(['day', 'gtc', 'opg', 'cls', 'ioc', 'fok']),
  qty: optionalDecimal,
  filled_qty: decimal,
  filled_avg_price: optionalDecimal,
  limit_price: optionalDecimal,
  stop_price: optionalDecimal,
  status: z.string().min(1),
  submitted_at: instant,
  filled_at: optionalInstant,
  canceled_at: optionalInstant,
  expired_at: optionalInstant,
  failed_at: optionalInstant,
  /** "", "simple", "bracket", "oco", "oto" (absent on older answers). */
  order_class: z.string().nullable().optional(),
};

/** A bracket's leg: an order of its own (take-profit limit, stop-loss stop). */
const ZLeg = z.object(orderFields);

/**
 * An order (`POST /v2/orders`, `GET /v2/orders…`, `DELETE /v2/positions/{symbol}`); a bracket's
 * parent carries its two legs in `legs` (null for a simple order).
 */
export const ZOrder = z.object({ ...orderFields, legs: z.array(ZLeg).nullable().optional() });
export const ZOrders = z.array(ZOrder);

/** `GET /v2/account/activities?activity_types=FILL`: one execution. */
export const ZFillActivity = z.object({
  id: z.string().min(1),
  activity_type: z.literal('FILL'),
  transaction_time: instantText,
  order_id: z.string().min(1),
  symbol: z.string().min(1),
  side: z.string().min(1),
  qty: decimal,
  price: decimal,
});
export const ZFillActivities = z.array(ZFillActivity);

/**
 * A non-trade activity (`activity_types=DIV,…`): `date` is the day it was booked (a date, or an
 * instant on some servers), `net_amount` signed; symbol, qty and per_share_amount are there for
 * dividends.
 */
export const ZCashActivity = z.object({
  id: z.string().min(1),
  activity_type: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'expected a date'),
  net_amount: decimal,
  symbol: z.string().min(1).nullable().optional(),
  qty: optionalDecimal,
  per_share_amount: optionalDecimal,
  description: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
});
export const ZCashActivities = z.array(ZCashActivity);

export type AlpacaOrderJson = z.output<typeof ZOrder>;
export type AlpacaLegJson = z.output<typeof ZLeg>;
