import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  ACCOUNT_FIXTURE,
  OPEN,
  iso,
  positionFixture,
  type AlpacaFillFixture,
  type AlpacaOrderFixture,
  type TradingRequest,
} from './alpaca-trading-fixtures.js';

export * from './alpaca-trading-fixtures.js';

/**
 * A fake Alpaca Trading API v2 for msw: account, positions, orders (submit, by id, by client
 * order id, list open, cancel), close position and FILL activities, in the JSON shapes of
 * Alpaca's Trading API reference (decimal strings, RFC 3339 times), written from the documented
 * fields. Tests move orders through their lifecycle with `fill`/`end`. Answers on any host and
 * records every request (method, URL, key id, body).
 *
 * OCO orders (`order_class` "oco"): the take-profit limit is the order, the stop-loss stop its
 * one leg, both working at once, one cancelling the other.
 * Bracket orders (`order_class` "bracket") as Alpaca documents them: the parent carries its two
 * legs in `legs` (take-profit limit, stop-loss stop, the opposite side, status "held"), and the
 * legs are also orders of their own in `GET /v2/orders` (unless `nested=true`). When the parent
 * has filled completely the legs work (take-profit "new", stop-loss "held" until triggered);
 * cancelling any order of the group cancels the rest. While open closing orders hold a
 * position's shares, `DELETE /v2/positions/{symbol}` and a closing order are refused with
 * Alpaca's 403 "insufficient qty available". Fills move the position. With `state.slowCancels`, a cancel leaves the order
 * "pending_cancel" (still holding shares) until `completeCancels()`, as Alpaca cancels
 * asynchronously.
 */
export function createFakeAlpacaTrading(options: { now?: () => number } = {}) {
  const now = options.now ?? (() => Date.parse('2024-03-05T15:00:00Z'));
  const state = {
    account: { ...ACCOUNT_FIXTURE } as Record<string, unknown>,
    positions: [] as ReturnType<typeof positionFixture>[],
    orders: [] as AlpacaOrderFixture[],
    fills: [] as AlpacaFillFixture[],
    requests: [] as TradingRequest[],
    slowCancels: false,
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
  const error = (status: number, code: number, message: string, extra = {}) =>
    HttpResponse.json({ code, message, ...extra }, { status });
  /** A JSON field as Alpaca's string decimal; absent → null. */
  const price = (value: unknown) => {
    const field = value as string | number | null | undefined;
    return field === undefined ? null : String(field);
  };

  function newOrder(body: Record<string, unknown>, status: string): AlpacaOrderFixture {
    sequence++;
    const t = iso(now());
    const id = `61e69015-8549-4bfd-b9c3-${String(sequence).padStart(12, '0')}`;
    return {
      id,
      client_order_id: String(
        (body.client_order_id as string | number | undefined) ?? `auto-${id}`,
      ),
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
      order_class: typeof body.order_class === 'string' ? body.order_class : '',
      order_type: String(body.type),
      type: String(body.type),
      side: body.side === 'sell' ? 'sell' : 'buy',
      time_in_force: String(body.time_in_force),
      limit_price: price(body.limit_price),
      stop_price: price(body.stop_price),
      status,
      extended_hours: false,
      legs: null,
      trail_percent: price(body.trail_percent),
      trail_price: null,
      hwm: null,
      position_intent: body.side === 'sell' ? 'sell_to_close' : 'buy_to_open',
    };
  }

  /** Adds an order as Alpaca does on `POST /v2/orders` (a bracket with its two held legs). */
  function addOrder(body: Record<string, unknown>): AlpacaOrderFixture {
    const order = newOrder(body, 'new');
    state.orders.push(order);
    if (body.order_class === 'bracket') {
      const takeProfit = body.take_profit as { limit_price?: unknown } | undefined;
      const stopLoss = body.stop_loss as { stop_price?: unknown } | undefined;
      const exit = {
        symbol: body.symbol,
        qty: body.qty,
        side: body.side === 'sell' ? 'buy' : 'sell',
        time_in_force: body.time_in_force,
        order_class: 'bracket',
      };
      order.legs = [
        newOrder({ ...exit, type: 'limit', limit_price: takeProfit?.limit_price }, 'held'),
        newOrder({ ...exit, type: 'stop', stop_price: stopLoss?.stop_price }, 'held'),
      ];
      state.orders.push(...order.legs);
    }
    if (body.order_class === 'oco') {
      // Alpaca's OCO: the take-profit limit is the parent, the stop-loss its one leg; both work.
      const takeProfit = body.take_profit as { limit_price?: unknown } | undefined;
      const stopLoss = body.stop_loss as { stop_price?: unknown } | undefined;
      order.limit_price = price(takeProfit?.limit_price);
      const leg: Record<string, unknown> = {
        ...body,
        type: 'stop',
        stop_price: stopLoss?.stop_price,
      };
      delete leg.client_order_id;
      order.legs = [newOrder(leg, 'new')];
      state.orders.push(...order.legs);
    }
    return order;
  }

  function byClientId(clientOrderId: string): AlpacaOrderFixture {
    const order = state.orders.find((o) => o.client_order_id === clientOrderId);
    if (!order) throw new Error(`no order ${clientOrderId}`);
    return order;
  }

  /** The orders of the bracket group the order belongs to (itself alone for a simple order). */
  function group(order: AlpacaOrderFixture): AlpacaOrderFixture[] {
    const parent = state.orders.find((o) => o === order || o.legs?.includes(order)) ?? order;
    return [parent, ...(parent.legs ?? [])];
  }

  function moveAccount(symbol: string, side: 'buy' | 'sell', qty: number, fillPrice: number) {
    const signed = side === 'buy' ? qty : -qty;
    const held = state.positions.find((p) => p.symbol === symbol);
    const before = held ? Number(held.qty) : 0;
    const after = before + signed;
    const avg =
      before !== 0 && Math.sign(before) === Math.sign(signed)
        ? (before * Number(held!.avg_entry_price) + signed * fillPrice) / after
        : before !== 0 && Math.sign(before) === Math.sign(after)
          ? Number(held!.avg_entry_price)
          : fillPrice;
    state.positions = state.positions.filter((p) => p.symbol !== symbol);
    if (after !== 0) state.positions.push(positionFixture(symbol, after, avg, fillPrice));
  }

  /** Fills `qty` more shares of the order at `price`, with its FILL activity and the position. */
  function fill(clientOrderId: string, qty: number, fillPrice: number) {
    fillOrder(byClientId(clientOrderId), qty, fillPrice);
  }

  function fillOrder(order: AlpacaOrderFixture, qty: number, fillPrice: number) {
    const before = Number(order.filled_qty);
    const cum = before + qty;
    const avg = (before * Number(order.filled_avg_price ?? 0) + qty * fillPrice) / cum;
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
      price: String(fillPrice),
      qty: String(qty),
      side: order.side,
      symbol: order.symbol,
      leaves_qty: String(Number(order.qty) - cum),
      order_id: order.id,
      cum_qty: String(cum),
      order_status: order.status,
    });
    moveAccount(order.symbol, order.side, qty, fillPrice);
    const [parent, ...legs] = group(order);
    if (done && parent!.order_class === 'oco') {
      for (const other of [parent!, ...legs])
        if (other !== order && OPEN.has(other.status)) endOrder(other, 'canceled');
    } else if (done && order === parent && legs.length === 2) {
      // The entry has filled completely: the take-profit works, the stop-loss waits for its price.
      legs[0]!.status = 'new';
      legs[0]!.updated_at = t;
    } else if (done && order !== parent) {
      for (const other of legs)
        if (other !== order && OPEN.has(other.status)) endOrder(other, 'canceled');
    }
  }

  /**
   * Fills a bracket's entry at `price` (all of it): the legs become active. Then `fill` of a leg's
   * client order id (see `legsOf`) exits, cancelling the other leg.
   */
  function fillParent(clientOrderId: string, fillPrice: number) {
    const order = byClientId(clientOrderId);
    fillOrder(order, Number(order.qty) - Number(order.filled_qty), fillPrice);
    return order.legs ?? [];
  }

  function endOrder(order: AlpacaOrderFixture, status: 'canceled' | 'expired' | 'rejected') {
    const t = iso(now() + 60_000);
    order.status = status;
    order.updated_at = t;
    if (status === 'canceled') order.canceled_at = t;
    if (status === 'expired') order.expired_at = t;
    if (status === 'rejected') order.failed_at = t;
  }

  /** Ends the order as `status` (canceled, expired, rejected) with its time field. */
  function end(clientOrderId: string, status: 'canceled' | 'expired' | 'rejected') {
    endOrder(byClientId(clientOrderId), status);
  }

  /** Cancels an order and the open rest of its bracket group (pending with `slowCancels`). */
  function cancel(order: AlpacaOrderFixture) {
    for (const o of group(order)) {
      if (o !== order && !OPEN.has(o.status)) continue;
      if (state.slowCancels) o.status = 'pending_cancel';
      else endOrder(o, 'canceled');
    }
  }

  /** Completes the cancellations left pending by `slowCancels`. */
  function completeCancels() {
    for (const o of state.orders) if (o.status === 'pending_cancel') endOrder(o, 'canceled');
  }

  /** Shares of a position held by open closing orders (a bracket group counts once). */
  function heldQty(symbol: string, closingSide: 'buy' | 'sell'): number {
    const groups = new Map<AlpacaOrderFixture, number>();
    for (const o of state.orders) {
      if (o.symbol !== symbol || o.side !== closingSide || !OPEN.has(o.status)) continue;
      const key = group(o)[0]!;
      const rest = Number(o.qty) - Number(o.filled_qty);
      groups.set(key, Math.max(groups.get(key) ?? 0, rest));
    }
    return [...groups.values()].reduce((a, b) => a + b, 0);
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
      const qty = Math.abs(Number(position.qty));
      const side = position.side === 'long' ? 'sell' : 'buy';
      const held = Math.min(qty, heldQty(position.symbol, side));
      if (held > 0) {
        const message = `insufficient qty available for order (requested: ${qty}, available: ${qty - held})`;
        return error(403, 40310000, message, {
          symbol: position.symbol,
          available: String(qty - held),
          existing_qty: String(qty),
          held_for_orders: String(held),
        });
      }
      state.positions = state.positions.filter((p) => p !== position);
      return HttpResponse.json(
        addOrder({ symbol: position.symbol, qty, side, type: 'market', time_in_force: 'day' }),
      );
    }),
    http.post('*/v2/orders', async ({ request }) => {
      await seen(request);
      const body = (await request.json()) as Record<string, unknown>;
      if (state.orders.some((o) => o.client_order_id === body.client_order_id)) {
        return error(422, 40010001, 'client_order_id must be unique');
      }
      // A closing order for more shares than open orders leave free is refused.
      const held = Number(state.positions.find((p) => p.symbol === body.symbol)?.qty ?? 0);
      const side = body.side === 'sell' ? 'sell' : 'buy';
      if ((side === 'sell' && held > 0) || (side === 'buy' && held < 0)) {
        const available = Math.abs(held) - heldQty(String(body.symbol), side);
        if (Number(body.qty) > available) {
          const message = `insufficient qty available for order (requested: ${String(body.qty)}, available: ${available})`;
          return error(403, 40310000, message);
        }
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
      const symbols = url.searchParams.get('symbols')?.split(',');
      const nested = url.searchParams.get('nested') === 'true';
      const legs = new Set(state.orders.flatMap((o) => o.legs ?? []));
      const rows = state.orders.filter(
        (o) =>
          (status === 'all' || (status === 'open') === OPEN.has(o.status)) &&
          (!symbols || symbols.includes(o.symbol)) &&
          !(nested && legs.has(o)),
      );
      return HttpResponse.json(rows);
    }),
    http.delete('*/v2/orders/:id', async ({ request, params }) => {
      await seen(request);
      const order = state.orders.find((o) => o.id === params.id);
      if (!order) return error(404, 40410000, 'order not found');
      if (!OPEN.has(order.status) || order.status === 'pending_cancel')
        return error(422, 42210000, 'order is not cancelable');
      cancel(order);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/v2/account/activities', async ({ request }) => {
      const url = await seen(request);
      // Only FILL activities happen here: other types (dividends) answer none.
      const types = url.searchParams.get('activity_types')?.split(',');
      if (types && !types.includes('FILL')) return HttpResponse.json([]);
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
  return { server, state, fill, fillParent, end, addOrder, completeCancels };
}
