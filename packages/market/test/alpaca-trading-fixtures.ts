/**
 * Alpaca Trading API v2 JSON for the msw fake (alpaca-trading-server.ts): the order, FILL activity,
 * account and position shapes of Alpaca's Trading API reference, written from the documented fields.
 */

export interface AlpacaOrderFixture {
  id: string;
  client_order_id: string;
  created_at: string;
  updated_at: string;
  submitted_at: string;
  filled_at: string | null;
  expired_at: string | null;
  canceled_at: string | null;
  failed_at: string | null;
  replaced_at: string | null;
  replaced_by: string | null;
  replaces: string | null;
  asset_id: string;
  symbol: string;
  asset_class: 'us_equity';
  notional: string | null;
  qty: string;
  filled_qty: string;
  filled_avg_price: string | null;
  /** '' for a simple order, 'bracket' for a bracket's parent and its legs. */
  order_class: string;
  order_type: string;
  type: string;
  side: 'buy' | 'sell';
  time_in_force: string;
  limit_price: string | null;
  stop_price: string | null;
  status: string;
  extended_hours: boolean;
  /** A bracket parent's take-profit and stop-loss legs (the same objects as their rows). */
  legs: AlpacaOrderFixture[] | null;
  trail_percent: string | null;
  trail_price: string | null;
  hwm: string | null;
  position_intent?: string;
}

export interface AlpacaFillFixture {
  id: string;
  activity_type: 'FILL';
  transaction_time: string;
  type: 'fill' | 'partial_fill';
  price: string;
  qty: string;
  side: 'buy' | 'sell' | 'sell_short';
  symbol: string;
  leaves_qty: string;
  order_id: string;
  cum_qty: string;
  order_status: string;
}

export interface TradingRequest {
  method: string;
  url: URL;
  keyId: string | null;
  body: Record<string, unknown> | null;
}

export const ACCOUNT_FIXTURE = {
  id: '904837e3-3b76-47ec-b432-046db621571b',
  account_number: 'PA2XK4QVZ1XY',
  status: 'ACTIVE',
  crypto_status: 'ACTIVE',
  currency: 'USD',
  buying_power: '200000.5',
  regt_buying_power: '200000.5',
  daytrading_buying_power: '0',
  non_marginable_buying_power: '100000.25',
  cash: '100000.25',
  accrued_fees: '0',
  pending_transfer_in: '0',
  portfolio_value: '101250.75',
  pattern_day_trader: false,
  trading_blocked: false,
  transfers_blocked: false,
  account_blocked: false,
  created_at: '2024-01-02T15:04:05.123456Z',
  trade_suspended_by_user: false,
  multiplier: '2',
  shorting_enabled: true,
  equity: '101250.75',
  last_equity: '100980.1',
  long_market_value: '1875.5',
  short_market_value: '-625',
  initial_margin: '1250.25',
  maintenance_margin: '750.15',
  last_maintenance_margin: '740',
  sma: '0',
  daytrade_count: 0,
};

export function positionFixture(symbol: string, qty: number, avg: number, price: number) {
  const side = qty < 0 ? 'short' : 'long';
  const value = qty * price;
  return {
    asset_id: `asset-${symbol}`,
    symbol,
    exchange: 'NASDAQ',
    asset_class: 'us_equity',
    asset_marginable: true,
    avg_entry_price: String(avg),
    qty: String(qty),
    qty_available: String(qty),
    side,
    market_value: String(value),
    cost_basis: String(qty * avg),
    unrealized_pl: String(value - qty * avg),
    unrealized_plpc: String((price - avg) / avg),
    unrealized_intraday_pl: '0',
    unrealized_intraday_plpc: '0',
    current_price: String(price),
    lastday_price: String(price),
    change_today: '0',
  };
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** Statuses of a working order (Alpaca's `status=open`). */
export const OPEN = new Set([
  'new',
  'accepted',
  'pending_new',
  'partially_filled',
  'held',
  'pending_cancel',
  'pending_replace',
  'accepted_for_bidding',
  'calculated',
  'done_for_day',
]);
