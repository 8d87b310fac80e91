import { deleteUser } from '@tradebot/db';
import { BrokerError } from '@tradebot/market';
import { describe, expect, it } from 'vitest';
import { demoBrokerFor } from './demo-broker.js';
import {
  COSTS,
  FEE,
  S,
  SYMBOL,
  afterClose,
  bar,
  broker,
  clock,
  db,
  market,
  order,
  session,
  store,
  useDemoBrokerFixture,
  userA,
  userB,
} from '../../test/demo-broker-fixture.js';

useDemoBrokerFixture();

describe('the simulated broker on the demo market: idempotence, positions, accounts', () => {
  it('a repeated client order id returns the one order and fills once, even sent at the same time', async () => {
    const a = broker(userA);
    const first = await a.submitOrder(order({ clientOrderId: 'dup' }));
    const again = await a.submitOrder(order({ clientOrderId: 'dup', qty: 99 }));
    expect(again.id).toBe(first.id);
    expect(again.qty).toBe(10);
    const racing = await Promise.all([
      a.submitOrder(order({ clientOrderId: 'race' })),
      a.submitOrder(order({ clientOrderId: 'race' })),
      a.submitOrder(order({ clientOrderId: 'race' })),
    ]);
    expect(new Set(racing.map((o) => o.id)).size).toBe(1);
    afterClose(1);
    expect(await a.getFills(0)).toHaveLength(2);
    expect((await a.submitOrder(order({ clientOrderId: 'dup' }))).status).toBe('filled');
    afterClose(2);
    expect(await a.getFills(0)).toHaveLength(2);
    expect(await db.simOrder.count({ where: { userId: userA } })).toBe(2);
  });

  it('closePosition sells the whole position at the next open and cancels its exits', async () => {
    const a = broker(userA);
    await a.submitOrder(
      order({
        clientOrderId: 'entry-1',
        qty: 30,
        bracket: { stopLossAt: 0.5, takeProfitAt: 2, trail: 0 },
      }),
    );
    afterClose(1);
    const exit = await a.getOrderByClientId('entry-1:exit');
    expect(exit).toMatchObject({ status: 'new', side: 'sell', qty: 30, type: 'stop' });
    const close = await a.closePosition(SYMBOL.toLowerCase());
    expect(close).toMatchObject({ side: 'sell', qty: 30, type: 'market', status: 'new' });
    expect((await a.closePosition(SYMBOL)).id).toBe(close.id);
    expect((await a.getOrderByClientId('entry-1:exit'))?.status).toBe('canceled');
    afterClose(2);
    expect(await a.getPositions()).toEqual([]);
    const entry = bar(1).open * (1 + S);
    const exitPrice = bar(2).open * (1 - S);
    let cash = 10_000 - 30 * entry - FEE * 30;
    cash += 30 * exitPrice - FEE * 30;
    const account = await a.getAccount();
    expect(account.cash).toBe(cash);
    expect(account.equity).toBe(cash);
    await expect(a.closePosition(SYMBOL)).rejects.toBeInstanceOf(BrokerError);
  });

  it('a bracket exit checks its levels from the entry bar on, by the backtester rules', async () => {
    const a = broker(userA);
    const trail = 0.02;
    await a.submitOrder(
      order({
        clientOrderId: 'b',
        qty: 10,
        bracket: { stopLossAt: 0.95, takeProfitAt: 1.08, trail },
      }),
    );
    afterClose(12);
    // Replay the kernel's hold loop by hand on the same bars.
    const p = bar(1).open * (1 + S);
    let extreme = p;
    let expected: { k: number; price: number } | null = null;
    for (let k = 1; k <= 12 && expected === null; k++) {
      const { open, high, low } = bar(k);
      const stop = Math.max(p * 0.95, extreme * (1 - trail));
      if (open <= stop) expected = { k, price: open };
      else if (open >= p * 1.08) expected = { k, price: open };
      else if (low <= stop) expected = { k, price: stop };
      else if (high >= p * 1.08) expected = { k, price: p * 1.08 };
      else if (high > extreme) extreme = high;
    }
    const exit = await a.getOrderByClientId('b:exit');
    if (expected === null) expect(exit?.status).toBe('new');
    else {
      expect(exit).toMatchObject({ status: 'filled', filledAvgPrice: expected.price * (1 - S) });
      const fills = await store.listFills(userA, 0);
      expect(fills[1]?.time).toBeGreaterThanOrEqual(session(expected.k).open);
      expect(fills[1]?.time).toBeLessThanOrEqual(session(expected.k).close);
    }
  });

  it('cash and equity follow the fills and their commission over several trades', async () => {
    const a = broker(userA, { ...COSTS, partialFillProbability: 0.6 });
    for (let k = 0; k < 8; k++) {
      await a.submitOrder(
        order({ clientOrderId: `t${k}`, qty: 5 + k, side: k % 3 === 2 ? 'sell' : 'buy' }),
      );
      afterClose(k + 1);
    }
    // The broker settles on read: the account first, then the fills it wrote.
    const account = await a.getAccount();
    const fills = await store.listFills(userA, 0);
    expect(await a.listOpenOrders()).toEqual([]);
    // Some entries were cut by the partial-fill draw (the rest expired at the open).
    const cut = await db.simOrder.count({ where: { userId: userA, status: 'expired' } });
    expect(cut).toBeGreaterThan(0);
    expect(fills.length).toBeGreaterThan(0);
    let cash = 10_000;
    let held = 0;
    for (const f of fills) {
      const d = f.side === 'buy' ? f.qty : -f.qty;
      cash -= d * f.price + f.commission;
      held += d;
      expect(f.commission).toBeCloseTo(FEE * f.qty, 12);
    }
    expect(account.cash).toBeCloseTo(cash, 8);
    expect(account.equity).toBeCloseTo(cash + held * bar(8).close, 8);
    expect((await a.getPositions())[0]?.qty ?? 0).toBe(held);
  });

  it('settles once under concurrent reads, and a failed call writes nothing', async () => {
    const a = broker(userA, { ...COSTS, partialFillProbability: 0.9 });
    await a.submitOrder(order({ clientOrderId: 'e', qty: 50 }));
    afterClose(1);
    // A call that fails after settling rolls the settle back with it: the order is still new.
    await expect(a.closePosition('ZZZZ')).rejects.toMatchObject({ code: 'not_found' });
    expect(
      await db.simOrder.findFirst({ where: { clientOrderId: 'e' }, select: { status: true } }),
    ).toEqual({
      status: 'new',
    });
    expect(await db.simFill.count()).toBe(0);
    // Five requests at once: one of them fills the order, the others see it filled.
    const seen = await Promise.all([
      a.getPositions(),
      a.getPositions(),
      a.getAccount(),
      a.listOpenOrders(),
      a.getFills(0),
    ]);
    expect(await db.simFill.count()).toBe(1);
    const fill = (await a.getFills(0))[0]!;
    expect(seen[0]).toEqual([expect.objectContaining({ qty: fill.qty })]);
    expect(seen[1]).toEqual(seen[0]);
    expect((await a.getAccount()).cash).toBe(10_000 - fill.qty * fill.price - FEE * fill.qty);
  });

  it('refuses bad orders with a clear message and keeps each user to their own account', async () => {
    const a = broker(userA);
    const b = broker(userB);
    await expect(a.submitOrder(order({ clientOrderId: 'x', qty: 1.5 }))).rejects.toMatchObject({
      code: 'rejected',
    });
    await expect(
      a.submitOrder(order({ clientOrderId: 'x', symbol: 'NOPE1' })),
    ).rejects.toMatchObject({
      code: 'rejected',
      message: 'NOPE1 is not traded on the demo market.',
    });
    await expect(
      a.submitOrder(
        order({ clientOrderId: 'x', type: 'limit', timeInForce: 'opg', limitPrice: 1 }),
      ),
    ).rejects.toMatchObject({ code: 'rejected' });
    const mine = await a.submitOrder(order({ clientOrderId: 'same-id' }));
    expect(await b.getOrderByClientId('same-id')).toBeNull();
    await expect(b.cancelOrder(mine.id)).rejects.toMatchObject({ code: 'not_found' });
    const theirs = await b.submitOrder(order({ clientOrderId: 'same-id', qty: 3 }));
    expect(theirs.id).not.toBe(mine.id);
    afterClose(1);
    expect((await a.getPositions())[0]?.qty).toBe(10);
    expect((await b.getPositions())[0]?.qty).toBe(3);
    expect(await b.getFills(0)).toHaveLength(1);
    // Deleting a user deletes their demo account with it; the other keeps theirs.
    await deleteUser(db, userA);
    expect(await db.simOrder.count({ where: { userId: userA } })).toBe(0);
    expect(await db.simFill.count({ where: { userId: userA } })).toBe(0);
    expect(await db.simPosition.count({ where: { userId: userA } })).toBe(0);
    expect(await db.simAccount.count()).toBe(1);
    expect((await b.getPositions())[0]?.qty).toBe(3);
  });

  it('demoBrokerFor opens the account with the user backtest settings', async () => {
    await db.userBacktestSettings.create({
      data: {
        userId: userA,
        settings: {
          initial_balance: 25_000,
          slippage_percent: 0.5,
          commission_per_share: 0.01,
          partial_fill_probability: 0,
        },
      },
    });
    const a = await demoBrokerFor({ db, market: { demo: { clock, market } } as never }, userA);
    const account = await a.getAccount();
    expect(account).toMatchObject({
      cash: 25_000,
      equity: 25_000,
      accountNumber: 'DEMO' + String(userA).padStart(6, '0'),
    });
    await a.submitOrder(order({ clientOrderId: 'e' }));
    afterClose(1);
    expect((await a.getOrderByClientId('e'))?.filledAvgPrice).toBe(bar(1).open * (1 + 0.5 / 100));
  });
});
