import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OrderRequest } from '../src/ports/broker.port.js';
import {
  broker,
  fake,
  posts,
  server,
  state,
  useFakeAlpacaTrading,
} from './alpaca-broker-harness.js';

useFakeAlpacaTrading();

/** The bot's entry: market, opg, with the README's levels around the deciding close. */
const entry = (clientOrderId: string, extra: Partial<OrderRequest> = {}): OrderRequest => ({
  symbol: 'AAPL',
  qty: 24,
  side: 'buy',
  type: 'market',
  timeInForce: 'opg',
  clientOrderId,
  bracket: { stopLossAt: 0.95, takeProfitAt: 1.1, trail: 0, referencePrice: 187.37 },
  ...extra,
});

/** A held position's protective exits as one OCO. */
const oco = (clientOrderId: string, extra: Partial<OrderRequest> = {}): OrderRequest => ({
  symbol: 'AAPL',
  qty: 15,
  side: 'sell',
  type: 'limit',
  timeInForce: 'gtc',
  clientOrderId,
  oco: { stopPrice: 178.6955, limitPrice: 206.911 },
  ...extra,
});

describe('OCO submit', () => {
  it("sends Alpaca's documented OCO body and reads its stop leg back", async () => {
    const b = broker();
    await b.submitOrder(entry('e-1'));
    fake.fillParent('e-1', 188.1);
    // The bracket's legs hold the shares: cancel them (one takes the other), then protect.
    await b.cancelOrder((await b.listOpenOrders())[0]!.id);
    const order = await b.submitOrder(oco('tb1-AAPL-p24-20240305', { qty: 24 }));
    expect(posts().at(-1)!.body).toEqual({
      symbol: 'AAPL',
      qty: '24',
      side: 'sell',
      type: 'limit',
      time_in_force: 'gtc',
      client_order_id: 'tb1-AAPL-p24-20240305',
      order_class: 'oco',
      take_profit: { limit_price: '206.91' },
      stop_loss: { stop_price: '178.70' },
    });
    expect(order).toMatchObject({
      clientOrderId: 'tb1-AAPL-p24-20240305',
      type: 'limit',
      limitPrice: 206.91,
      timeInForce: 'gtc',
      status: 'new',
    });
    expect(order.legs!.map((l) => [l.type, l.side, l.qty, l.stopPrice, l.status])).toEqual([
      ['stop', 'sell', 24, 178.7, 'new'],
    ]);
    // Both work at once, listed as orders of their own.
    const open = await b.listOpenOrders();
    expect(open.map((o) => [o.type, o.limitPrice, o.stopPrice])).toEqual([
      ['limit', 206.91, null],
      ['stop', null, 178.7],
    ]);
    // The stop fills: the take-profit is cancelled, the fill says stop_loss.
    fake.fill(state.orders.at(-1)!.client_order_id, 24, 178.5);
    expect(await b.listOpenOrders()).toEqual([]);
    expect((await b.getFills(0)).map((f) => f.reason)).toEqual([undefined, 'stop_loss']);
  });

  it('a take-profit fill of an OCO says take_profit', async () => {
    const b = broker();
    await b.submitOrder(entry('e-2'));
    fake.fillParent('e-2', 188.1);
    await b.cancelOrder((await b.listOpenOrders())[0]!.id);
    await b.submitOrder(oco('p-2', { qty: 24 }));
    fake.fill('p-2', 24, 207);
    expect((await b.getFills(0)).map((f) => f.reason)).toEqual([undefined, 'take_profit']);
    expect(await b.listOpenOrders()).toEqual([]);
  });

  it('refuses a malformed OCO before sending anything', async () => {
    const b = broker();
    await expect(b.submitOrder(oco('bad-1', { timeInForce: 'day' }))).rejects.toMatchObject({
      code: 'rejected',
    });
    await expect(b.submitOrder(oco('bad-2', { type: 'market' }))).rejects.toMatchObject({
      code: 'rejected',
    });
    // A sell's take-profit must be above its stop-loss; a buy's (covering a short) below.
    await expect(
      b.submitOrder(oco('bad-3', { oco: { stopPrice: 210, limitPrice: 200 } })),
    ).rejects.toMatchObject({ code: 'rejected' });
    await expect(b.submitOrder(oco('bad-4', { side: 'buy' }))).rejects.toMatchObject({
      code: 'rejected',
    });
    expect(posts()).toEqual([]);
  });
});

describe('closePosition refused after the legs were cancelled', () => {
  it('puts the stop-loss and take-profit back as one OCO and reports the refusal', async () => {
    const b = broker();
    await b.submitOrder(entry('e-3'));
    fake.fillParent('e-3', 188.1);
    server.use(
      http.delete(
        '*/v2/positions/:symbol',
        () =>
          HttpResponse.json(
            { code: 40300000, message: 'trading on this asset is halted' },
            { status: 403 },
          ),
        { once: true },
      ),
    );
    await expect(b.closePosition('AAPL')).rejects.toMatchObject({
      message: expect.stringContaining('halted'),
    });
    const open = await b.listOpenOrders();
    // The bracket's legs are cancelled; one OCO for the 24 shares at their levels works instead.
    expect(open.map((o) => [o.type, o.side, o.qty, o.limitPrice, o.stopPrice])).toEqual([
      ['limit', 'sell', 24, 206.11, null],
      ['stop', 'sell', 24, null, 178],
    ]);
    expect(posts().at(-1)!.body).toMatchObject({
      order_class: 'oco',
      qty: '24',
      side: 'sell',
      take_profit: { limit_price: '206.11' },
      stop_loss: { stop_price: '178.00' },
    });
  });

  it('nothing is restored when the close may have gone through (lost answer)', async () => {
    const b = broker();
    await b.submitOrder(entry('e-4'));
    fake.fillParent('e-4', 188.1);
    server.use(http.delete('*/v2/positions/:symbol', () => HttpResponse.error()));
    await expect(b.closePosition('AAPL')).rejects.toMatchObject({ code: 'unknown_outcome' });
    expect(posts().filter((p) => p.body?.order_class === 'oco')).toEqual([]);
  });
});
