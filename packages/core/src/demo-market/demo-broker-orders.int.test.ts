import { seededUniform } from '@tradebot/strategy';
import { describe, expect, it } from 'vitest';
import {
  COSTS,
  FEE,
  S,
  SYMBOL,
  afterClose,
  bar,
  broker,
  clock,
  order,
  session,
  store,
  useDemoBrokerFixture,
  userA,
} from '../../test/demo-broker-fixture.js';

useDemoBrokerFixture();

describe('the simulated broker on the demo market: fills', () => {
  it('fills an opg buy decided on a close at the next open with slippage, once that session opens', async () => {
    const a = broker(userA);
    const placed = await a.submitOrder(order({ clientOrderId: 'entry-1' }));
    expect(placed).toMatchObject({ status: 'new', filledQty: 0, qty: 10, symbol: SYMBOL });
    expect(await a.listOpenOrders()).toHaveLength(1);

    // The next session has opened, its bar not complete: the order fills at its opening price.
    clock.advance(session(1).open + 60_000 - clock.now());
    const price = bar(1).open * (1 + S);
    expect(await a.getOrderByClientId('entry-1')).toMatchObject({
      status: 'filled',
      filledAvgPrice: price,
    });

    afterClose(1);
    const filled = await a.getOrderByClientId('entry-1');
    expect(filled).toMatchObject({ status: 'filled', filledQty: 10, filledAvgPrice: price });
    expect(filled?.filledAt).toBe(session(1).open);
    expect(await a.listOpenOrders()).toEqual([]);
    const fills = await a.getFills(0);
    expect(fills).toEqual([
      expect.objectContaining({
        side: 'buy',
        qty: 10,
        price,
        time: session(1).open,
        commission: FEE * 10,
      }),
    ]);
    // The kernel's arithmetic: cash − side·qty·price − commission·qty; equity marked to the close.
    const account = await a.getAccount();
    const cash = 10_000 - 1 * 10 * price - FEE * 10;
    expect(account.cash).toBe(cash);
    expect(account.equity).toBe(cash + 10 * bar(1).close);
    expect(await a.getPositions()).toEqual([
      expect.objectContaining({ symbol: SYMBOL, qty: 10, side: 'long', avgEntryPrice: price }),
    ]);
  });

  it('fills a stop inside the bar at the stop, and a gap through the stop at the open', async () => {
    const a = broker(userA);
    await a.submitOrder(order({ clientOrderId: 'entry-1', qty: 20 }));
    afterClose(1);
    // Stop strictly between the next bar's low and open: filled at the level, minus slippage.
    expect(bar(2).low).toBeLessThan(bar(2).open);
    const stop = (bar(2).open + bar(2).low) / 2;
    await a.submitOrder(
      order({
        clientOrderId: 'stop-1',
        qty: 20,
        side: 'sell',
        type: 'stop',
        timeInForce: 'gtc',
        stopPrice: stop,
      }),
    );
    afterClose(2);
    const inside = await a.getOrderByClientId('stop-1');
    expect(inside).toMatchObject({
      status: 'filled',
      filledAvgPrice: stop * (1 - S),
      filledAt: session(2).close,
    });
    expect(await a.getPositions()).toEqual([]);

    await a.submitOrder(order({ clientOrderId: 'entry-2', qty: 20 }));
    afterClose(3);
    // A stop above the next open: the bar gaps through it and the sell fills at the open.
    const above = bar(4).open * 1.01;
    await a.submitOrder(
      order({
        clientOrderId: 'stop-2',
        qty: 20,
        side: 'sell',
        type: 'stop',
        timeInForce: 'gtc',
        stopPrice: above,
      }),
    );
    afterClose(4);
    const gap = await a.getOrderByClientId('stop-2');
    expect(gap).toMatchObject({
      status: 'filled',
      filledAvgPrice: bar(4).open * (1 - S),
      filledAt: session(4).open,
    });
    const reasons = (await store.listFills(userA, 0)).map((f) => f.reason);
    expect(reasons).toEqual([null, 'stop_loss', null, 'stop_loss']);
  });

  it('a partial fill leaves the rest of a gtc order open until cancelled; an opg one expires', async () => {
    const a = broker(userA, { ...COSTS, partialFillProbability: 1 });
    const g = seededUniform(11);
    await a.submitOrder(order({ clientOrderId: 'gtc-1', qty: 100, timeInForce: 'gtc' }));
    afterClose(1);
    g(); // u < 1 always: the second draw v keeps floor(100·v)
    const first = Math.floor(100 * g());
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(100);
    const partly = await a.getOrderByClientId('gtc-1');
    expect(partly).toMatchObject({ status: 'partially_filled', filledQty: first });
    expect((await a.listOpenOrders()).map((o) => o.clientOrderId)).toEqual(['gtc-1']);

    await a.cancelOrder(partly!.id);
    const canceled = await a.getOrderByClientId('gtc-1');
    expect(canceled).toMatchObject({ status: 'canceled', filledQty: first });
    expect(canceled?.endedAt).toBe(clock.now());
    expect(await a.listOpenOrders()).toEqual([]);
    afterClose(2);
    // Nothing more filled after the cancel.
    expect(await a.getFills(0)).toHaveLength(1);
    await expect(a.cancelOrder('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'not_found',
    });

    await a.submitOrder(order({ clientOrderId: 'opg-1', qty: 100 }));
    afterClose(3);
    g();
    const second = Math.floor(100 * g());
    expect(await a.getOrderByClientId('opg-1')).toMatchObject({
      status: 'expired',
      filledQty: second,
    });
    expect((await a.getPositions())[0]?.qty).toBe(first + second);
  });

  it('fills a limit buy at its level, trails a trailing stop, and expires an untouched day order', async () => {
    const a = broker(userA);
    expect(bar(1).low).toBeLessThan(bar(1).open);
    const limit = (bar(1).open + bar(1).low) / 2;
    await a.submitOrder(
      order({
        clientOrderId: 'limit',
        qty: 40,
        type: 'limit',
        timeInForce: 'gtc',
        limitPrice: limit,
      }),
    );
    await a.submitOrder(
      order({
        clientOrderId: 'day-stop',
        qty: 40,
        side: 'sell',
        type: 'stop',
        timeInForce: 'day',
        stopPrice: bar(1).low / 2,
      }),
    );
    afterClose(1);
    expect(await a.getOrderByClientId('limit')).toMatchObject({
      status: 'filled',
      filledAvgPrice: limit * (1 + S),
      filledAt: session(1).close,
    });
    expect(await a.getOrderByClientId('day-stop')).toMatchObject({
      status: 'expired',
      filledQty: 0,
      endedAt: session(1).close,
    });
    const limitOrder = await a.getOrderByClientId('limit');
    await expect(a.cancelOrder(limitOrder!.id)).rejects.toMatchObject({ code: 'rejected' });

    // A 3 % trailing stop from the last close, following the highs of the bars it survives.
    await a.submitOrder(
      order({
        clientOrderId: 'trail',
        qty: 40,
        side: 'sell',
        type: 'trailing_stop',
        timeInForce: 'gtc',
        trailPercent: 3,
      }),
    );
    let extreme = bar(1).close;
    let expected: { k: number; price: number } | null = null;
    for (let k = 2; k <= 20 && expected === null; k++) {
      const stop = extreme * (1 - 0.03);
      if (bar(k).open <= stop) expected = { k, price: bar(k).open };
      else if (bar(k).low <= stop) expected = { k, price: stop };
      else if (bar(k).high > extreme) extreme = bar(k).high;
    }
    expect(expected).not.toBeNull();
    afterClose(expected!.k - 1);
    const before = await a.getOrderByClientId('trail');
    expect(before).toMatchObject({ status: 'new', stopPrice: extreme * (1 - 0.03) });
    afterClose(expected!.k);
    expect(await a.getOrderByClientId('trail')).toMatchObject({
      status: 'filled',
      filledAvgPrice: expected!.price * (1 - S),
    });
    expect((await store.listFills(userA, 0)).map((f) => f.reason)).toEqual([null, 'trailing_stop']);
  });
});
