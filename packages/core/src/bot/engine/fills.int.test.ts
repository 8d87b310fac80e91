import { recordOrderIntent, updateOrderIntent } from '@tradebot/db';
import type { BrokerFill, BrokerPort } from '@tradebot/market';
import { describe, expect, it } from 'vitest';
import { db, useDemoBrokerFixture, userA, userB } from '../../../test/demo-broker-fixture.js';
import { syncFills } from './fills.js';

useDemoBrokerFixture();

/** A broker that reports the fills it is given (since a time) and nothing else. */
function fakeBroker(fills: BrokerFill[]): BrokerPort & { asked: number[] } {
  const asked: number[] = [];
  const refuse = () => Promise.reject(new Error('not used'));
  return {
    asked,
    getFills: async (since: number) => {
      asked.push(since);
      return fills.filter((f) => f.time >= since);
    },
    getAccount: refuse,
    getPositions: refuse,
    submitOrder: refuse,
    getOrderByClientId: refuse,
    listOpenOrders: refuse,
    cancelOrder: refuse,
    closePosition: refuse,
  };
}

const T0 = Date.UTC(2026, 0, 6, 14, 30);
const H = 3_600_000;
let n = 0;
const fill = (f: Partial<BrokerFill> & Pick<BrokerFill, 'side' | 'qty' | 'price'>): BrokerFill => ({
  id: `fill-${++n}`,
  orderId: `order-${n}`,
  symbol: 'AAA',
  time: T0 + n * H,
  commission: 0,
  ...f,
});

/** Records an intent of ours behind broker order `orderId`. */
async function intent(
  userId: number,
  orderId: string,
  purpose: 'entry' | 'exit' | 'manual_sell' | 'flatten',
  request: Record<string, unknown> = {},
) {
  const clientOrderId = `c-${orderId}`;
  await recordOrderIntent(db, {
    userId,
    clientOrderId,
    symbol: 'AAA',
    purpose,
    side: 'sell',
    qty: 1,
    request: { clientOrderId, ...request },
    decidedOn: null,
    createdAt: new Date(T0),
  });
  await updateOrderIntent(db, userId, clientOrderId, { brokerOrderId: orderId, status: 'filled' });
}

const trades = (userId: number) =>
  db.botTrade.findMany({ where: { userId }, orderBy: { exitAt: 'asc' } });

describe('syncFills', () => {
  it('stores fills once and derives round trips from partial fills, with reasons', async () => {
    const entry1 = fill({ side: 'buy', qty: 30, price: 10, orderId: 'entry-o' });
    const entry2 = fill({ side: 'buy', qty: 70, price: 11, orderId: 'entry-o' });
    const exit1 = fill({ side: 'sell', qty: 40, price: 12, orderId: 'exit-o' });
    const fills = [entry1, entry2, exit1];
    const broker = fakeBroker(fills);
    await intent(userA, 'entry-o', 'entry');
    await intent(userA, 'exit-o', 'exit', { reason: 'max_drawdown' });

    expect(await syncFills(db, broker, userA)).toEqual({ newFills: 3, closedTrades: 0 });
    // The rest of the exit fills later: one trade of 100 shares.
    const exit2 = fill({ side: 'sell', qty: 60, price: 13, orderId: 'exit-o' });
    fills.push(exit2);
    expect(await syncFills(db, broker, userA)).toEqual({ newFills: 1, closedTrades: 1 });
    // The second sync asked from a day before the newest stored fill.
    expect(broker.asked).toEqual([0, exit1.time - 86_400_000]);
    const [trade, ...rest] = await trades(userA);
    expect(rest).toEqual([]);
    expect(trade).toMatchObject({
      symbol: 'AAA',
      side: 'long',
      qty: 100,
      entryAt: new Date(entry1.time),
      exitAt: new Date(exit2.time),
      reason: 'max_drawdown',
      exitFillId: exit2.id,
    });
    expect(trade!.entryPrice).toBeCloseTo(10.7, 10);
    expect(trade!.exitPrice).toBeCloseTo(12.6, 10);
    expect(trade!.pnl).toBeCloseTo(190, 9);

    // Re-sync: nothing new, nothing twice.
    expect(await syncFills(db, broker, userA)).toEqual({ newFills: 0, closedTrades: 0 });
    expect(await db.botFill.count()).toBe(4);
    expect(await db.botTrade.count()).toBe(1);
    // Every fill from the bot's first order on was notified once; the other user has nothing.
    const notes = await db.notification.findMany({
      where: { userId: userA },
      orderBy: { id: 'asc' },
    });
    expect(notes.map((x) => x.message)).toEqual([
      'Bought 30 AAA at 10.00',
      'Bought 70 AAA at 11.00',
      'Sold 40 AAA at 12.00',
      'Sold 60 AAA at 13.00 (trade closed, P&L +190.00)',
    ]);
    expect(await db.notification.count({ where: { userId: userB } })).toBe(0);
    const state = await db.botState.findUnique({ where: { userId: userA } });
    expect(state).toBeNull();
  });

  it('derives shorts, protective and manual reasons, and flips', async () => {
    const fills = [
      fill({ side: 'sell', qty: 10, price: 50, orderId: 'short-o' }),
      fill({ side: 'buy', qty: 10, price: 52, orderId: 'leg-o', reason: 'stop_loss' }),
      fill({ side: 'buy', qty: 5, price: 40, orderId: 'long-o' }),
      fill({ side: 'sell', qty: 8, price: 45, orderId: 'qs-o' }),
      fill({ side: 'buy', qty: 3, price: 44, orderId: 'fl-o' }),
    ];
    await intent(userB, 'qs-o', 'manual_sell');
    await intent(userB, 'fl-o', 'flatten');
    expect(await syncFills(db, fakeBroker(fills), userB)).toEqual({ newFills: 5, closedTrades: 3 });
    const rows = await trades(userB);
    expect(rows.map((t) => [t.side, t.qty, t.entryPrice, t.exitPrice, t.pnl, t.reason])).toEqual([
      ['short', 10, 50, 52, -20, 'stop_loss'],
      ['long', 5, 40, 45, 25, 'manual_sell'],
      ['short', 3, 45, 44, 3, 'flatten'],
    ]);
    // Another user's fills are not this one's.
    expect(await db.botTrade.count({ where: { userId: userA } })).toBe(0);
  });

  it('leaves history before the bot’s first order un-notified', async () => {
    const old = fill({ side: 'buy', qty: 1, price: 9 });
    await syncFills(db, fakeBroker([old]), userA);
    expect(await db.notification.count()).toBe(0);
    expect(await db.botFill.count()).toBe(1);
  });

  it('two syncs at once store each fill and trade once', async () => {
    const fills = [
      fill({ side: 'buy', qty: 2, price: 5 }),
      fill({ side: 'sell', qty: 2, price: 6 }),
    ];
    const results = await Promise.all([
      syncFills(db, fakeBroker(fills), userA),
      syncFills(db, fakeBroker(fills), userA),
    ]);
    expect(results.map((r) => r.newFills).sort()).toEqual([0, 2]);
    expect(await db.botFill.count()).toBe(2);
    expect(await db.botTrade.count()).toBe(1);
  });
});
