import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * A fake Alpaca Trading API v2 for msw: account, positions, orders (submit, by id, by client
 * order id, list open, cancel), close position and FILL activities, in the JSON shapes of
 * Alpaca's Trading API reference (decimal strings, RFC 3339 times), written from the documented
 * fields. Tests move orders through their lifecycle with `fill`/`setStatus`. Answers on any host
 * and records every request (method, URL, key id, body).
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
  order_class: '';
  order_type: string;
  type: string;
  side: 'buy' | 'sell';
  time_in_force: string;
  limit_price: string | null;
  stop_price: string | null;
  status: string;
  extended_hours: boolean;
  legs: null;
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

const iso = (ms: number) => new Date(ms).toISOString();
const OPEN = new Set([
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

export function createFakeAlpacaTrading(options: { now?: () => number } = {}) {
  const now = options.now ?? (() => Date.parse('2024-03-05T15:00:00Z'));
  const state = {
    account: { ...ACCOUNT_FIXTURE } as Record<string, unknown>,
    positions: [] as ReturnType<typeof positionFixture>[],
    orders: [] as AlpacaOrderFixture[],
    fills: [] as AlpacaFillFixture[],
    requests: [] as TradingRequest[],
  };
  let sequence = 0;
  const seen = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'POST' ? await request.clone().text() : '';
    state.requests.push({
      method: request.method,
      url,
      keyId: request.headers.get('APCA-API-KEY-ID'),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    });
    return url;
  };
  const error = (status: number, code: number, message: string) =>
    HttpResponse.json({ code, message }, { status });

  /** Adds an order as Alpaca does on `POST /v2/orders` (status `accepted` → here `new`). */
  function addOrder(body: Record<string, unknown>): AlpacaOrderFixture {
    sequence++;
    const t = iso(now());
    const order: AlpacaOrderFixture = {
      id: `61e69015-8549-4bfd-b9c3-${String(sequence).padStart(12, '0')}`,
      client_order_id: String(body.client_order_id ?? `auto-${sequence}`),
      created_at: t,
      updated_at: t,
      submitted_at: t,
      filled_at: null,
      expired_at: null,
      canceled_at: null,
      failed_at: null,
      replaced_at: null,
      replaced_by: null,
      replaces: null,
      asset_id: `asset-${String(body.symbol)}`,
      symbol: String(body.symbol),
      asset_class: 'us_equity',
      notional: null,
      qty: String(body.qty),
      filled_qty: '0',
      filled_avg_price: null,
      order_class: '',
      order_type: String(body.type),
      type: String(body.type),
      side: body.side === 'sell' ? 'sell' : 'buy',
      time_in_force: String(body.time_in_force),
      limit_price: body.limit_price === undefined ? null : String(body.limit_price),
      stop_price: body.stop_price === undefined ? null : String(body.stop_price),
      status: 'new',
      extended_hours: false,
      legs: null,
      trail_percent: body.trail_percent === undefined ? null : String(body.trail_percent),
      trail_price: null,
      hwm: null,
      position_intent: body.side === 'sell' ? 'sell_to_close' : 'buy_to_open',
    };
    state.orders.push(order);
    return order;
  }

  function byClientId(clientOrderId: string): AlpacaOrderFixture {
    const order = state.orders.find((o) => o.client_order_id === clientOrderId);
    if (!order) throw new Error(`no order ${clientOrderId}`);
    return order;
  }

  /** Fills `qty` more shares of the order at `price`, with its FILL activity. */
  function fill(clientOrderId: string, qty: number, price: number) {
    const order = byClientId(clientOrderId);
    const before = Number(order.filled_qty);
    const cum = before + qty;
    const avg = (before * Number(order.filled_avg_price ?? 0) + qty * price) / cum;
    const t = iso(now() + state.fills.length * 1000);
    const done = cum >= Number(order.qty);
    Object.assign(order, {
      filled_qty: String(cum),
      filled_avg_price: String(avg),
      status: done ? 'filled' : 'partially_filled',
      filled_at: done ? t : null,
      updated_at: t,
    });
    state.fills.push({
      id: `${t.replace(/\D/g, '').slice(0, 17)}::${order.id}-${state.fills.length}`,
      activity_type: 'FILL',
      transaction_time: t,
      type: done ? 'fill' : 'partial_fill',
      price: String(price),
      qty: String(qty),
      side: order.side,
      symbol: order.symbol,
      leaves_qty: String(Number(order.qty) - cum),
      order_id: order.id,
      cum_qty: String(cum),
      order_status: order.status,
    });
  }

  /** Ends the order as `status` (canceled, expired, rejected) with its time field. */
  function end(clientOrderId: string, status: 'canceled' | 'expired' | 'rejected') {
    const order = byClientId(clientOrderId);
    const t = iso(now() + 60_000);
    order.status = status;
    order.updated_at = t;
    if (status === 'canceled') order.canceled_at = t;
    if (status === 'expired') order.expired_at = t;
    if (status === 'rejected') order.failed_at = t;
  }

  const handlers = [
    http.get('*/v2/account', async ({ request }) => {
      await seen(request);
      return HttpResponse.json(state.account);
    }),
    http.get('*/v2/positions', async ({ request }) => {
      await seen(request);
      return HttpResponse.json(state.positions);
    }),
    http.delete('*/v2/positions/:symbol', async ({ request, params }) => {
      await seen(request);
      const position = state.positions.find((p) => p.symbol === params.symbol);
      if (!position) return error(404, 40410000, 'position does not exist');
      state.positions = state.positions.filter((p) => p !== position);
      const qty = Math.abs(Number(position.qty));
      return HttpResponse.json(
        addOrder({
          symbol: position.symbol,
          qty,
          side: position.side === 'long' ? 'sell' : 'buy',
          type: 'market',
          time_in_force: 'day',
        }),
      );
    }),
    http.post('*/v2/orders', async ({ request }) => {
      await seen(request);
      const body = (await request.json()) as Record<string, unknown>;
      if (state.orders.some((o) => o.client_order_id === body.client_order_id)) {
        return error(422, 40010001, 'client_order_id must be unique');
      }
      return HttpResponse.json(addOrder(body));
    }),
    http.get(/\/v2\/orders(:|%3A)by_client_order_id/, async ({ request }) => {
      const url = await seen(request);
      const id = url.searchParams.get('client_order_id');
      const order = state.orders.find((o) => o.client_order_id === id);
      return order ? HttpResponse.json(order) : error(404, 40410000, 'order not found');
    }),
    http.get('*/v2/orders', async ({ request }) => {
      const url = await seen(request);
      const status = url.searchParams.get('status') ?? 'open';
      const rows = state.orders.filter(
        (o) => status === 'all' || (status === 'open') === OPEN.has(o.status),
      );
      return HttpResponse.json(rows);
    }),
    http.delete('*/v2/orders/:id', async ({ request, params }) => {
      await seen(request);
      const order = state.orders.find((o) => o.id === params.id);
      if (!order) return error(404, 40410000, 'order not found');
      if (!OPEN.has(order.status)) return error(422, 42210000, 'order is not cancelable');
      end(order.client_order_id, 'canceled');
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/v2/account/activities', async ({ request }) => {
      const url = await seen(request);
      const after = Date.parse(url.searchParams.get('after') ?? '1970-01-01T00:00:00Z');
      const size = Number(url.searchParams.get('page_size') ?? 100);
      const token = url.searchParams.get('page_token');
      let rows = state.fills
        .filter((f) => Date.parse(f.transaction_time) > after)
        .sort((a, b) => Date.parse(a.transaction_time) - Date.parse(b.transaction_time));
      if (token) rows = rows.slice(rows.findIndex((f) => f.id === token) + 1);
      return HttpResponse.json(rows.slice(0, size));
    }),
  ];
  const server = setupServer(...handlers);
  return { server, state, fill, end, addOrder };
}
