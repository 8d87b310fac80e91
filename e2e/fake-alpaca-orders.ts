import { newYorkDayOf, newYorkInstant } from '@tradebot/market/calendar';
import type { FakeAlpacaBook, FakeOrder } from './fake-alpaca-book.js';
import type { FakeAlpacaMarket } from './fake-alpaca-market.js';

export type Json = Record<string, unknown>;
export type Reply = [status: number, body: unknown];

export const error = (status: number, code: number, message: string, extra: Json = {}): Reply => [
  status,
  { code, message, ...extra },
];

/**
 * `POST /v2/orders` of the e2e fake Alpaca: checks the order as Alpaca does (symbol, whole
 * positive qty, side, type, time in force, a repeated client order id, opg hours, a bracket's or
 * an OCO's levels, held shares and buying power) and books it, with a bracket's two legs.
 */
export function submitOrder(market: FakeAlpacaMarket, book: FakeAlpacaBook, body: Json): Reply {
  const now = market.now();
  const symbol = typeof body.symbol === 'string' ? body.symbol.toUpperCase() : '';
  const qty = Number(body.qty);
  const side = body.side;
  const type = body.type;
  const tif = body.time_in_force;
  const bracket = body.order_class === 'bracket';
  const oco = body.order_class === 'oco';
  const clientId = typeof body.client_order_id === 'string' ? body.client_order_id : undefined;
  if (!symbol || market.priceAt(symbol, now) === null)
    return error(422, 40010001, 'invalid symbol');
  if (!Number.isInteger(qty) || qty <= 0)
    return error(422, 40010001, 'qty must be a positive whole number');
  if (side !== 'buy' && side !== 'sell') return error(422, 40010001, 'invalid side');
  if (type !== 'market' && type !== 'limit' && type !== 'stop') {
    return error(422, 40010001, `order type ${String(type)} is not supported by this fake`);
  }
  if (tif !== 'day' && tif !== 'gtc' && tif !== 'opg')
    return error(422, 40010001, 'invalid time_in_force');
  if (clientId && book.orders.some((o) => o.client_order_id === clientId)) {
    return error(422, 40010001, 'client_order_id must be unique');
  }
  if (bracket && tif === 'opg') return error(422, 42210000, 'bracket orders must be day or gtc');
  const minutes = (now - newYorkInstant(newYorkDayOf(now), 0)) / 60_000;
  if (tif === 'opg' && minutes >= 9 * 60 + 28 && minutes < 19 * 60) {
    return error(422, 42210000, 'opg orders are accepted only before 9:28 or after 19:00 ET');
  }
  const takeProfit = Number((body.take_profit as Json | undefined)?.limit_price);
  const stopLoss = Number((body.stop_loss as Json | undefined)?.stop_price);
  if (bracket && !(side === 'buy' ? takeProfit > stopLoss : takeProfit < stopLoss)) {
    return error(
      422,
      42210000,
      'bracket take_profit.limit_price and stop_loss.stop_price are required and must bracket the entry',
    );
  }
  if (
    oco &&
    !(
      type === 'limit' &&
      tif === 'gtc' &&
      (side === 'sell' ? takeProfit > stopLoss : takeProfit < stopLoss)
    )
  ) {
    return error(
      422,
      42210000,
      'oco orders must be gtc limit orders with take_profit.limit_price and stop_loss.stop_price on either side',
    );
  }
  const held = book.positions.get(symbol)?.qty ?? 0;
  const closing = (side === 'sell' && held > 0) || (side === 'buy' && held < 0);
  if (closing) {
    const available = Math.abs(held) - book.heldQty(symbol, side);
    if (qty > available) {
      return error(
        403,
        40310000,
        `insufficient qty available for order (requested: ${qty}, available: ${available})`,
      );
    }
  } else if (qty * market.priceAt(symbol, now)! > book.account().buyingPower) {
    return error(403, 40310000, 'insufficient buying power');
  }
  if (oco) {
    const order = book.newOco(
      {
        client_order_id: clientId ?? `auto-${book.orders.length + 1}`,
        symbol,
        side,
        qty,
        submitted_at: now,
      },
      takeProfit,
      stopLoss,
    );
    book.settle();
    return [200, book.orderJson(order)];
  }
  const price = (x: unknown) => (x === undefined ? null : Number(x));
  const order = book.newOrder({
    client_order_id: clientId ?? `auto-${book.orders.length + 1}`,
    symbol,
    side,
    type,
    time_in_force: tif,
    qty,
    limit_price: price(body.limit_price),
    stop_price: price(body.stop_price),
    order_class: bracket ? 'bracket' : '',
    submitted_at: now,
    active_from: now,
  });
  if (bracket) {
    const exit = {
      symbol,
      side: side === 'buy' ? 'sell' : 'buy',
      time_in_force: tif,
      qty,
    } as const;
    const leg = (type: 'limit' | 'stop', limit: number | null, stop: number | null): FakeOrder => {
      const o = book.newOrder({
        ...exit,
        client_order_id: `leg-${book.orders.length + 1}`,
        type,
        limit_price: limit,
        stop_price: stop,
        order_class: 'bracket',
        submitted_at: now,
        active_from: null,
      });
      o.parent = order;
      return o;
    };
    order.legs = [leg('limit', takeProfit, null), leg('stop', null, stopLoss)];
  }
  book.settle();
  return [200, book.orderJson(order)];
}
