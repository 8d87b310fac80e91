import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  dayFromIso,
  newYorkDayOf,
  newYorkInstant,
  nextCloseAfter,
  nextOpenAfter,
  isMarketOpenAt,
  sessionOf,
} from '@tradebot/market/calendar';
import { FakeAlpacaBook } from './fake-alpaca-book.js';
import { controlRoute } from './fake-alpaca-control.js';
import { error, submitOrder, type Json, type Reply } from './fake-alpaca-orders.js';
import { FakeAlpacaMarket } from './fake-alpaca-market.js';

/** The key id the fake accepts; any other key is refused with Alpaca's 401. */
export const E2E_ALPACA_KEY = 'PKE2EALPACA0001';

export interface FakeAlpaca {
  url: string;
  server: Server;
  /** The market: its clock (`setTime`, `advance`) and bars (`setBars`). */
  market: FakeAlpacaMarket;
  /** The account: orders, fills, positions, cash. */
  book: FakeAlpacaBook;
}

const ACCOUNT_NUMBER = 'PA2XK4QVZ1XY';
const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * A stand-in for Alpaca (trading API v2 and market data v2 on one address), so no browser test
 * reaches the real Alpaca and a bot on paper keys can tick against it: account, positions (close
 * one), orders (submit, list, by id and by client order id, cancel), FILL activities, clock,
 * calendar, daily bars, latest trade and quote, and an empty news feed, in the JSON shapes of
 * Alpaca's documentation. Requests need `E2E_ALPACA_KEY` (else Alpaca's 401). Market time is the
 * wall clock until a test sets it (`market.setTime`/`advance`); orders fill by the rules in
 * fake-alpaca-book.ts, settled before every answer. Like Alpaca it refuses a repeated client
 * order id (422), opg between 9:28 and 19:00 New York time and opg brackets (422), buying more
 * than the buying power (403), and selling shares that open orders hold (403). Tests in another
 * process drive it over HTTP (fake-alpaca-control.ts: `/_fake/time`, `/_fake/bars`, …).
 */
export function startFakeAlpaca(options: { now?: number } = {}): Promise<FakeAlpaca> {
  const market = new FakeAlpacaMarket(options.now);
  const book = new FakeAlpacaBook(market);

  function positionJson(symbol: string, p: { qty: number; avg: number }) {
    const now = market.now();
    const price = market.priceAt(symbol, now) ?? p.avg;
    const previous = market.bars(symbol, newYorkDayOf(now) - 1);
    const lastday = previous.length ? previous[previous.length - 1]!.c : price;
    return {
      asset_id: `asset-${symbol}`,
      symbol,
      exchange: 'NASDAQ',
      asset_class: 'us_equity',
      asset_marginable: true,
      qty: String(p.qty),
      qty_available: String(
        p.qty - Math.sign(p.qty) * book.heldQty(symbol, p.qty > 0 ? 'sell' : 'buy'),
      ),
      avg_entry_price: String(p.avg),
      side: p.qty > 0 ? 'long' : 'short',
      market_value: String(p.qty * price),
      cost_basis: String(p.qty * p.avg),
      unrealized_pl: String(p.qty * (price - p.avg)),
      unrealized_plpc: String((price - p.avg) / p.avg),
      current_price: String(price),
      lastday_price: String(lastday),
      change_today: String((price - lastday) / lastday),
    };
  }

  function route(method: string, url: URL, body: Json): Reply {
    const path = url.pathname;
    const q = (name: string) => url.searchParams.get(name);
    const now = market.now();
    if (method === 'GET' && path === '/v2/clock') {
      return [
        200,
        {
          timestamp: isoOf(now),
          is_open: isMarketOpenAt(now),
          next_open: isoOf(nextOpenAfter(now)),
          next_close: isoOf(nextCloseAfter(now)),
        },
      ];
    }
    if (method === 'GET' && path === '/v2/calendar') {
      return [
        200,
        market.calendar(
          q('start')?.slice(0, 10) ?? '2019-01-01',
          q('end')?.slice(0, 10) ?? '2030-12-31',
        ),
      ];
    }
    if (method === 'GET' && path === '/v2/account') {
      const a = book.account();
      return [
        200,
        {
          id: '904837e3-3b76-47ec-b432-046db621571b',
          account_number: ACCOUNT_NUMBER,
          status: 'ACTIVE',
          currency: 'USD',
          buying_power: String(a.buyingPower),
          regt_buying_power: String(a.buyingPower),
          cash: String(a.cash),
          portfolio_value: String(a.equity),
          equity: String(a.equity),
          last_equity: String(a.equity),
          multiplier: '2',
          shorting_enabled: true,
          pattern_day_trader: false,
          trading_blocked: false,
          transfers_blocked: false,
          account_blocked: false,
          daytrade_count: 0,
        },
      ];
    }
    if (method === 'GET' && path === '/v2/positions') {
      return [200, [...book.positions].map(([symbol, p]) => positionJson(symbol, p))];
    }
    const position = path.match(/^\/v2\/positions\/([^/]+)$/);
    if (method === 'DELETE' && position) {
      const symbol = decodeURIComponent(position[1]!).toUpperCase();
      const p = book.positions.get(symbol);
      if (!p) return error(404, 40410000, 'position does not exist');
      return submitOrder(market, book, {
        symbol,
        qty: String(Math.abs(p.qty)),
        side: p.qty > 0 ? 'sell' : 'buy',
        type: 'market',
        time_in_force: 'day',
      });
    }
    if (method === 'POST' && path === '/v2/orders') return submitOrder(market, book, body);
    if (method === 'GET' && /^\/v2\/orders(:|%3A)by_client_order_id$/i.test(path)) {
      const order = book.orders.find((o) => o.client_order_id === q('client_order_id'));
      return order ? [200, book.orderJson(order)] : error(404, 40410000, 'order not found');
    }
    if (method === 'GET' && path === '/v2/orders') {
      const status = q('status') ?? 'open';
      const symbols = q('symbols')?.toUpperCase().split(',');
      const nested = q('nested') === 'true';
      const rows = book.orders.filter(
        (o) =>
          (status === 'all' || (status === 'open') === book.isOpen(o)) &&
          (!symbols || symbols.includes(o.symbol)) &&
          !(nested && o.parent),
      );
      if (q('direction') !== 'asc') rows.reverse();
      return [200, rows.slice(0, Number(q('limit') ?? 50)).map((o) => book.orderJson(o))];
    }
    const byId = path.match(/^\/v2\/orders\/([^/]+)$/);
    if (byId) {
      const order = book.orders.find((o) => o.id === byId[1]);
      if (!order) return error(404, 40410000, 'order not found');
      if (method === 'GET') return [200, book.orderJson(order)];
      if (method === 'DELETE') {
        if (!book.isOpen(order)) return error(422, 42210000, 'order is not cancelable');
        book.cancel(order);
        return [204, null];
      }
    }
    if (method === 'GET' && path === '/v2/account/activities') {
      // Only FILL activities happen here: other types (dividends) answer none.
      const types = q('activity_types')?.split(',');
      if (types && !types.includes('FILL')) return [200, []];
      const after = Date.parse(q('after') ?? '1970-01-01T00:00:00Z');
      let rows = book.fills.filter((f) => f.time > after);
      if (q('direction') === 'desc') rows.reverse();
      const token = q('page_token');
      if (token) rows = rows.slice(rows.findIndex((f) => f.id === token) + 1);
      return [200, rows.slice(0, Number(q('page_size') ?? 100)).map((f) => book.fillJson(f))];
    }
    if (method === 'GET' && path === '/v2/assets') return [200, market.assetsJson()];
    if (method === 'GET' && path === '/v2/stocks/bars')
      return [200, market.barsManyJson(url.searchParams)];
    const data = path.match(/^\/v2\/stocks\/([^/]+)\/(bars|trades\/latest|quotes\/latest)$/);
    if (method === 'GET' && data)
      return marketData(decodeURIComponent(data[1]!).toUpperCase(), data[2]!, url);
    if (method === 'GET' && path === '/v1beta1/news')
      return [200, { news: [], next_page_token: null }];
    return error(404, 40410000, `${method} ${path} is not served by the e2e fake`);
  }

  function marketData(symbol: string, what: string, url: URL): Reply {
    const now = market.now();
    const price = market.priceAt(symbol, now);
    if (price === null) return error(404, 40410000, 'symbol not found');
    if (what === 'trades/latest')
      return [
        200,
        { symbol, trade: { t: isoOf(now), x: 'V', p: price, s: 100, c: ['@'], i: 1, z: 'C' } },
      ];
    if (what === 'quotes/latest') {
      const half = Math.max(0.01, Math.round(price * 5) / 10_000);
      return [
        200,
        {
          symbol,
          quote: {
            t: isoOf(now),
            ax: 'V',
            ap: price + half,
            as: 2,
            bx: 'V',
            bp: price - half,
            bs: 3,
            c: ['R'],
            z: 'C',
          },
        },
      ];
    }
    // Daily bars up to now (today's bar so far while the session is open), stamped at midnight New York.
    const from = dayFromIso(url.searchParams.get('start')?.slice(0, 10) ?? '2019-01-01');
    const end = url.searchParams.get('end');
    const to = Math.min(end ? newYorkDayOf(Date.parse(end)) : Infinity, newYorkDayOf(now));
    const today = sessionOf(newYorkDayOf(now));
    const rows = market
      .bars(symbol, to)
      .filter((b) => b.day >= from && (b.day !== today?.day || now >= today.open));
    let bars = rows.map((b) => {
      const partial = today && b.day === today.day && now < today.close;
      const range = partial ? market.rangeIn(symbol, today, today.open, now) : null;
      const c = partial ? price : b.c;
      return {
        t: isoOf(newYorkInstant(b.day, 0)).replace('.000Z', 'Z'),
        o: b.o,
        h: range ? Math.max(range.high, b.o) : b.h,
        l: range ? Math.min(range.low, b.o) : b.l,
        c,
        v: b.v,
        n: 1000,
        vw: c,
      };
    });
    const token = url.searchParams.get('page_token');
    if (token) bars = bars.filter((b) => b.t > token);
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    const page = bars.slice(0, limit);
    const next = bars.length > limit ? page[page.length - 1]!.t : null;
    return [200, { bars: page.length ? page : null, symbol, next_page_token: next }];
  }

  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const send = ([status, body]: Reply) => {
        if (status === 204) return response.writeHead(204).end();
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(body));
      };
      let body: Json = {};
      try {
        if (chunks.length) body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      } catch {
        return send(error(400, 40010000, 'request body is not JSON'));
      }
      const method = request.method ?? 'GET';
      const url = new URL(request.url ?? '/', 'http://fake');
      if (url.pathname.startsWith('/_fake/')) {
        return send(controlRoute(market, book, method, url.pathname, body));
      }
      if (request.headers['apca-api-key-id'] !== E2E_ALPACA_KEY) {
        return send(error(401, 40110000, 'request is not authorized'));
      }
      book.settle();
      send(route(method, url, body));
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        server,
        market,
        book,
      }),
    ),
  );
}
