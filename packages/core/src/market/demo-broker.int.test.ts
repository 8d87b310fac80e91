import { createDb, createUser, deleteUser, simBrokerStore } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import {
  BrokerError,
  DemoClock,
  DemoMarket,
  SimBroker,
  dayFromIso,
  isoFromDay,
  nextTradingDay,
  sessionOf,
  type OrderRequest,
  type SimCosts,
  type TradingSession,
} from '@tradebot/market';
import { seededUniform } from '@tradebot/strategy';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoBrokerFor } from './demo-broker.js';

const db = createDb(process.env.DATABASE_URL ?? '');
const store = simBrokerStore(db);
const SEED = 7;
const SIZE = 60;
const COSTS: SimCosts = {
  slippagePercent: 0.1,
  commissionPerShare: 0.005,
  partialFillProbability: 0,
};
const S = COSTS.slippagePercent / 100;
const FEE = COSTS.commissionPerShare;

/** The market at the end of time: the bars the test clock will reveal, read ahead. */
const future = new DemoMarket({
  seed: SEED,
  size: SIZE,
  clock: new DemoClock({ start: Date.parse('2027-06-01T00:00:00Z'), speed: 0 }),
});
const SYMBOL = (future.listings().find((c) => c.profile.asset_type === 'stock') ??
  future.listings()[0])!.profile.symbol;
/** D0: the session whose close decides; the orders fill on D1, D2, … */
const D0 = dayFromIso('2026-01-05');
const days: number[] = [D0];
for (let k = 0; k < 30; k++) days.push(nextTradingDay(days[k] as number));
const session = (k: number) => sessionOf(days[k] as number) as TradingSession;

interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
}
let bars: Bar[] = [];

let clock: DemoClock;
let market: DemoMarket;
let userA: number;
let userB: number;

function broker(userId: number, costs: SimCosts = COSTS, cash = 10_000): SimBroker {
  return new SimBroker({
    store,
    market,
    userId,
    costs,
    opening: { cash, seed: 11, accountNumber: `DEMO${userId}` },
  });
}

/** Moves the demo clock to `minutes` after the close of session k (the bar is then complete). */
function afterClose(k: number, minutes = 60): void {
  clock.advance(Math.max(0, session(k).close + minutes * 60_000 - clock.now()));
}

function order(o: Partial<OrderRequest> & { clientOrderId: string }): OrderRequest {
  return { symbol: SYMBOL, qty: 10, side: 'buy', type: 'market', timeInForce: 'opg', ...o };
}

async function newUser(name: string): Promise<number> {
  return createUser(db, {
    username: name,
    email: `${name}@example.com`,
    passwordHash: 'x',
    country: 'US',
    phoneNumber: null,
    tosAcceptedAt: new Date(),
    trialEndsAt: null,
    totpSecretEnc: null,
  });
}

beforeAll(async () => {
  const b = await future.getDailyBars(SYMBOL, {
    from: isoFromDay(D0),
    to: isoFromDay(days[30] as number),
  });
  bars = Array.from({ length: b.close.length }, (_, k) => ({
    open: b.open[k] as number,
    high: b.high[k] as number,
    low: b.low[k] as number,
    close: b.close[k] as number,
  }));
  expect(b.time[0]).toBe(D0 * 86_400_000);
  expect(bars.length).toBe(31);
});

beforeEach(async () => {
  await resetDatabase(db);
  clock = new DemoClock({ start: session(0).close + 3_600_000, speed: 0 });
  market = new DemoMarket({ seed: SEED, size: SIZE, clock });
  userA = await newUser('alice');
  userB = await newUser('bob');
});
afterAll(async () => db.$disconnect());

const bar = (k: number) => bars[k] as Bar;

describe('the simulated broker on the demo market', () => {
  it('fills an opg buy decided on a close at the next open with slippage, once that bar completes', async () => {
    const a = broker(userA);
    const placed = await a.submitOrder(order({ clientOrderId: 'entry-1' }));
    expect(placed).toMatchObject({ status: 'new', filledQty: 0, qty: 10, symbol: SYMBOL });
    expect(await a.listOpenOrders()).toHaveLength(1);

    // The next session has opened but its bar is not complete: nothing fills yet.
    clock.advance(session(1).open + 3_600_000 - clock.now());
    expect((await a.getOrderByClientId('entry-1'))?.status).toBe('new');
    expect(await a.getFills(0)).toEqual([]);

    afterClose(1);
    const price = bar(1).open * (1 + S);
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
