import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { alpacaPrice } from '../src/alpaca/bracket.js';
import type { OrderRequest } from '../src/ports/broker.port.js';
import {
  broker,
  fake,
  posts,
  server,
  state,
  useFakeAlpacaTrading,
  waits,
} from './alpaca-broker-harness.js';
import { positionFixture } from './alpaca-trading-server.js';

useFakeAlpacaTrading();

/** The bot's entry: market, opg, with the README's levels around the deciding close. */
const entry = (clientOrderId: string, extra: Partial<OrderRequest> = {}): OrderRequest => ({
  symbol: 'AAPL',
  qty: 10,
  side: 'buy',
  type: 'market',
  timeInForce: 'opg',
  clientOrderId,
  bracket: { stopLossAt: 0.95, takeProfitAt: 1.1, trail: 0.03, referencePrice: 187.37 },
  ...extra,
});
const requestsTo = (method: string, path: RegExp) =>
  state.requests.filter((r) => r.method === method && path.test(r.url.pathname));

describe('bracket submit', () => {
  it('sends order_class bracket, leg prices from the reference price, gtc for an opg entry', async () => {
    const sent = await broker().submitOrder(entry('tb1-AAPL-20240305-e'));
    // 187.37 × 1.1 = 206.107 → 206.11; 187.37 × 0.95 = 178.0015 → 178.00. No trailing leg.
    expect(posts()[0]!.body).toEqual({
      symbol: 'AAPL',
      qty: '10',
      side: 'buy',
      type: 'market',
      time_in_force: 'gtc',
      client_order_id: 'tb1-AAPL-20240305-e',
      order_class: 'bracket',
      take_profit: { limit_price: '206.11' },
      stop_loss: { stop_price: '178.00' },
    });
    expect(sent).toMatchObject({ clientOrderId: 'tb1-AAPL-20240305-e', status: 'new' });
    expect(sent.legs).toMatchObject([
      { side: 'sell', type: 'limit', limitPrice: 206.11, brokerStatus: 'held', status: 'new' },
      { side: 'sell', type: 'stop', stopPrice: 178, brokerStatus: 'held', status: 'new' },
    ]);
  });

  it('a short entry: take-profit below, stop-loss above; a price under $1 keeps 4 decimals', async () => {
    await broker().submitOrder(
      entry('s-1', {
        side: 'sell',
        timeInForce: 'day',
        bracket: { stopLossAt: 1.05, takeProfitAt: 0.9, trail: 0, referencePrice: 0.87654 },
      }),
    );
    expect(posts()[0]!.body).toMatchObject({
      side: 'sell',
      time_in_force: 'gtc',
      take_profit: { limit_price: '0.7889' },
      stop_loss: { stop_price: '0.9204' },
    });
    expect([alpacaPrice(0.99996), alpacaPrice(1.005), alpacaPrice(12.3449)]).toEqual([
      '1.00',
      '1.01',
      '12.34',
    ]);
  });

  it('refuses before sending: no reference price, levels on the wrong side, a stop entry', async () => {
    const b = broker();
    const noReference = entry('r-1', {
      bracket: { stopLossAt: 0.95, takeProfitAt: 1.1, trail: 0 },
    });
    await expect(b.submitOrder(noReference)).rejects.toMatchObject({
      name: 'BrokerError',
      code: 'rejected',
      message: expect.stringContaining('needs a reference price'),
    });
    const inverted = entry('r-2', {
      bracket: { stopLossAt: 1.1, takeProfitAt: 0.95, trail: 0, referencePrice: 100 },
    });
    await expect(b.submitOrder(inverted)).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringContaining('take-profit (95.00) above its stop-loss (110.00)'),
    });
    await expect(
      b.submitOrder(entry('r-3', { type: 'stop', stopPrice: 190 })),
    ).rejects.toMatchObject({ code: 'rejected' });
    await expect(b.submitOrder(entry('r-4', { timeInForce: 'ioc' }))).rejects.toMatchObject({
      code: 'rejected',
    });
    expect(state.requests).toHaveLength(0);
  });

  it('the parent fills at the open: the legs work, a leg fill exits and cancels the other', async () => {
    const b = broker();
    await b.submitOrder(entry('f-1'));
    const [takeProfit, stopLoss] = fake.fillParent('f-1', 188.1);
    const parent = await b.getOrderByClientId('f-1');
    expect(parent).toMatchObject({ status: 'filled', filledAvgPrice: 188.1 });
    expect(parent!.legs!.map((l) => l.brokerStatus)).toEqual(['new', 'held']);
    expect(await b.getPositions()).toMatchObject([
      { symbol: 'AAPL', qty: 10, avgEntryPrice: 188.1 },
    ]);
    // Open orders list the legs as orders of their own (the parent has filled).
    expect((await b.listOpenOrders()).map((o) => o.id)).toEqual([takeProfit!.id, stopLoss!.id]);

    fake.fill(stopLoss!.client_order_id, 10, 177.9);
    expect(await b.getPositions()).toEqual([]);
    expect(await b.listOpenOrders()).toEqual([]);
    expect(takeProfit!.status).toBe('canceled');
    const fills = await b.getFills(0);
    expect(fills.map((f) => [f.side, f.qty, f.price, f.orderId, f.reason])).toEqual([
      ['buy', 10, 188.1, parent!.id, undefined],
      ['sell', 10, 177.9, stopLoss!.id, 'stop_loss'],
    ]);
    // The legs were read nested, for the fills' symbols only.
    const nested = requestsTo('GET', /\/v2\/orders$/).at(-1)!.url.searchParams;
    expect([nested.get('nested'), nested.get('status'), nested.get('symbols')]).toEqual([
      'true',
      'all',
      'AAPL',
    ]);
  });

  it("a take-profit leg's fill says take_profit; no fills, no orders read", async () => {
    const b = broker();
    expect(await b.getFills(0)).toEqual([]);
    expect(requestsTo('GET', /\/v2\/orders$/)).toHaveLength(0);
    await b.submitOrder(entry('t-1'));
    const [takeProfit] = fake.fillParent('t-1', 188.1);
    fake.fill(takeProfit!.client_order_id, 10, 206.11);
    expect((await b.getFills(0)).map((f) => f.reason)).toEqual([undefined, 'take_profit']);
    expect(state.orders.map((o) => o.status)).toEqual(['filled', 'filled', 'canceled']);
  });

  it('cancelling the unfilled entry cancels its legs', async () => {
    const b = broker();
    const order = await b.submitOrder(entry('c-1'));
    await b.cancelOrder(order.id);
    expect(state.orders.map((o) => o.status)).toEqual(['canceled', 'canceled', 'canceled']);
  });
});

describe('closePosition with open bracket legs', () => {
  it("cancels the symbol's open orders, then closes; other symbols' orders stay", async () => {
    const b = broker();
    await b.submitOrder(entry('p-1'));
    await b.submitOrder(entry('p-2', { symbol: 'MSFT' }));
    fake.fillParent('p-1', 188.1);
    const order = await b.closePosition('aapl');
    expect(order).toMatchObject({ symbol: 'AAPL', side: 'sell', qty: 10, type: 'market' });
    expect(state.positions).toEqual([]);
    const aaplLegs = state.orders.filter((o) => o.symbol === 'AAPL' && o.order_class === 'bracket');
    expect(aaplLegs.slice(1).map((o) => o.status)).toEqual(['canceled', 'canceled']);
    expect(state.orders.filter((o) => o.symbol === 'MSFT').map((o) => o.status)).toEqual([
      'new',
      'held',
      'held',
    ]);
    // Listed for AAPL only; one cancel took both legs; the second leg was skipped as ended.
    const listed = requestsTo('GET', /\/v2\/orders$/);
    expect(listed[0]!.url.searchParams.get('symbols')).toBe('AAPL');
    expect(requestsTo('DELETE', /\/v2\/orders\//)).toHaveLength(2);
    expect(requestsTo('DELETE', /\/v2\/positions\/AAPL$/)).toHaveLength(1);
  });

  it('Alpaca still holds the shares while the cancels are pending: retried until released', async () => {
    state.slowCancels = true;
    const b = broker({
      retry: {
        sleep: async (ms) => {
          waits.push(ms);
          fake.completeCancels();
        },
      },
    });
    await b.submitOrder(entry('p-3'));
    fake.fillParent('p-3', 188.1);
    const order = await b.closePosition('AAPL');
    expect(order).toMatchObject({ side: 'sell', qty: 10 });
    expect(waits).toEqual([250]);
    expect(requestsTo('DELETE', /\/v2\/positions\/AAPL$/)).toHaveLength(2);
  });

  it('without the cancels (a held position) Alpaca refuses with 403 "insufficient qty"', async () => {
    state.positions = [positionFixture('AAPL', 10, 180, 187.5)];
    fake.addOrder({ symbol: 'AAPL', qty: 10, side: 'sell', type: 'limit', time_in_force: 'gtc' });
    server.use(http.get('*/v2/orders', () => HttpResponse.json([])));
    await expect(broker().closePosition('AAPL')).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringContaining('insufficient qty available'),
    });
    expect(waits).toEqual([250, 500, 1000, 2000, 4000]);
  });
});

describe('an exit right after cancelling the legs', () => {
  it('a sell refused while the cancels are pending is sent again, and placed once', async () => {
    state.slowCancels = true;
    const b = broker({
      retry: {
        sleep: async (ms) => {
          waits.push(ms);
          if (waits.length === 2) fake.completeCancels();
        },
      },
    });
    await b.submitOrder(entry('x-1'));
    const [takeProfit] = fake.fillParent('x-1', 188.1);
    await b.cancelOrder(takeProfit!.id);
    const exit = await b.submitOrder({
      symbol: 'AAPL',
      qty: 10,
      side: 'sell',
      type: 'market',
      timeInForce: 'day',
      clientOrderId: 'tb1-AAPL-qs-1',
    });
    expect(exit).toMatchObject({ clientOrderId: 'tb1-AAPL-qs-1', status: 'new' });
    expect(waits).toEqual([250, 500]);
    expect(posts().filter((r) => r.body?.client_order_id === 'tb1-AAPL-qs-1')).toHaveLength(3);
    expect(state.orders.filter((o) => o.client_order_id === 'tb1-AAPL-qs-1')).toHaveLength(1);
  });
});

describe('a bracket submit whose answer is lost', () => {
  it('unknown_outcome, then exactly one order (with its legs) by client order id', async () => {
    server.use(
      http.post(
        '*/v2/orders',
        async ({ request }) => {
          fake.addOrder((await request.json()) as Record<string, unknown>);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const b = broker();
    await expect(b.submitOrder(entry('lost-b'))).rejects.toMatchObject({ code: 'unknown_outcome' });
    const found = await b.getOrderByClientId('lost-b');
    expect(found).toMatchObject({ clientOrderId: 'lost-b', status: 'new', qty: 10 });
    expect(found!.legs).toHaveLength(2);
    const parents = state.orders.filter((o) => o.client_order_id === 'lost-b');
    expect(parents).toHaveLength(1);
    // A resend with the same id is refused by Alpaca; the adapter answers with the one it has.
    const again = await b.submitOrder(entry('lost-b'));
    expect(again.id).toBe(parents[0]!.id);
    expect(state.orders.filter((o) => o.legs !== null)).toHaveLength(1);
  });
});
