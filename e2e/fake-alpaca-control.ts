import type { FakeAlpacaBook } from './fake-alpaca-book.js';
import type { FakeAlpacaMarket } from './fake-alpaca-market.js';

/**
 * The e2e fake Alpaca's test-only controls, for tests that run in another process than the fake
 * (the browser tests reach it at `ALPACA_TRADING_URL` from `deployment().apiEnv`). Not Alpaca's API;
 * no key needed:
 *
 * - `POST /_fake/time {"now": "2024-03-06T14:30:00Z"}` sets the market time;
 *   `POST /_fake/advance {"ms": 3600000}` moves it on.
 * - `POST /_fake/bars {"symbol": "AAPL", "bars": [{"date": "2024-03-05", "o", "h", "l", "c"}]}`
 *   replaces a symbol's daily bars.
 * - `POST /_fake/reset {}` empties the account (orders, fills, positions, starting cash) and
 *   goes back to the wall clock, so a test that traded leaves the shared fake as it found it.
 * - `GET /_fake/state` answers the market time, cash, positions, orders and fills.
 */
export function controlRoute(
  market: FakeAlpacaMarket,
  book: FakeAlpacaBook,
  method: string,
  path: string,
  body: Record<string, unknown>,
): [status: number, body: unknown] {
  if (method === 'POST' && path === '/_fake/time' && typeof body.now === 'string') {
    const now = Date.parse(body.now);
    if (Number.isNaN(now)) return [400, { message: 'now must be an ISO time' }];
    market.setTime(now);
  } else if (method === 'POST' && path === '/_fake/advance' && typeof body.ms === 'number') {
    market.advance(body.ms);
  } else if (method === 'POST' && path === '/_fake/bars' && typeof body.symbol === 'string') {
    market.setBars(body.symbol, body.bars as Parameters<FakeAlpacaMarket['setBars']>[1]);
  } else if (method === 'POST' && path === '/_fake/reset') {
    book.reset();
    market.useWallClock();
  } else if (method !== 'GET' || path !== '/_fake/state') {
    return [404, { message: `${method} ${path} is not a control of the e2e fake` }];
  }
  book.settle();
  return [
    200,
    {
      now: new Date(market.now()).toISOString(),
      cash: book.cash,
      positions: Object.fromEntries(book.positions),
      orders: book.orders.map((o) => book.orderJson(o)).filter((o) => !o.order_class || o.legs),
      fills: book.fills.map((f) => book.fillJson(f)),
    },
  ];
}
