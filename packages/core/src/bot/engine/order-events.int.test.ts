import { recordOrderIntent, updateOrderIntent } from '@tradebot/db';
import type { BrokerFill, BrokerOrder, BrokerPort } from '@tradebot/market';
import { describe, expect, it } from 'vitest';
import {
  afterClose,
  botUser,
  clock,
  db,
  engine,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import { botMarketFor } from '../market.js';
import type { MarketFor } from './tick.js';

/**
 * Every order event reaches the bot's log once: an entry partially filled ("61 of 85"), then
 * expired with why, its stop-loss exit with its level, a fill with its slippage against the
 * deciding close; a tick re-run after the state it stored was lost logs nothing twice.
 */
useBotFixture('2025-05-30');

const DAYS = tradingDays('2025-06-02', 5);

/** The real simulated broker, with one scripted order and scripted fills on top. */
function scripted(inner: BrokerPort, orders: Map<string, BrokerOrder>, fills: BrokerFill[]) {
  const broker: BrokerPort = {
    getAccount: () => inner.getAccount(),
    getPositions: () => inner.getPositions(),
    submitOrder: (o) => inner.submitOrder(o),
    listOpenOrders: () => inner.listOpenOrders(),
    cancelOrder: (id) => inner.cancelOrder(id),
    closePosition: (s) => inner.closePosition(s),
    getOrderByClientId: async (id) => orders.get(id) ?? inner.getOrderByClientId(id),
    getFills: async (since) => fills.filter((f) => f.time >= since),
  };
  return broker;
}

function order(id: string, change: Partial<BrokerOrder>): BrokerOrder {
  return {
    id: `o-${id}`,
    clientOrderId: id,
    symbol: 'KUPR',
    side: 'buy',
    type: 'market',
    timeInForce: 'opg',
    qty: 85,
    filledQty: 0,
    filledAvgPrice: null,
    limitPrice: null,
    stopPrice: null,
    status: 'new',
    brokerStatus: 'new',
    submittedAt: clock.now(),
    filledAt: null,
    endedAt: null,
    ...change,
  };
}

describe('order events in the bot log', () => {
  it('partial fill, expiry, stop-loss exit and slippage are each logged once', async () => {
    const userId = await botUser('kupr', { symbols: [], parameters: {} });
    afterClose(DAYS[0] as number);
    const id = `tb${userId}-KUPR-20250602-e`;
    await recordOrderIntent(db, {
      userId,
      clientOrderId: id,
      symbol: 'KUPR',
      purpose: 'entry',
      side: 'buy',
      qty: 85,
      request: {
        symbol: 'KUPR',
        qty: 85,
        side: 'buy',
        type: 'market',
        timeInForce: 'opg',
        clientOrderId: id,
        bracket: { stopLossAt: 0.95, takeProfitAt: 1.1, trail: 0, referencePrice: 10 },
      },
      decidedOn: '2025-06-02',
      createdAt: new Date(clock.now()),
    });
    await updateOrderIntent(db, userId, id, { status: 'new', brokerOrderId: `o-${id}` });
    const orders = new Map<string, BrokerOrder>();
    const fills: BrokerFill[] = [];
    const marketFor: MarketFor = async (deps, user, market, mode) => {
      const real = await botMarketFor(deps, user, market, mode);
      return { ...real, broker: scripted(real.broker, orders, fills) };
    };
    const tick = engine({ marketFor }).tick;
    const lines = async () =>
      (await db.botLog.findMany({ where: { userId }, orderBy: { id: 'asc' } })).map(
        (l) => l.message,
      );

    // The next session: 61 of the 85 shares fill at the open.
    afterClose(DAYS[1] as number);
    const open = clock.now() - 6 * 3_600_000;
    orders.set(id, order(id, { status: 'partially_filled', filledQty: 61, filledAvgPrice: 10.12 }));
    fills.push({
      id: 'f1',
      orderId: `o-${id}`,
      symbol: 'KUPR',
      side: 'buy',
      qty: 61,
      price: 10.12,
      time: open,
    });
    expect((await tick(userId)).outcome).toBe('ran');
    // The stored state is lost (a tick that died after logging): the re-run logs nothing again.
    await updateOrderIntent(db, userId, id, { status: 'new', filledQty: 0 });
    expect((await tick(userId)).outcome).toBe('ran');

    // The rest expires; then the stop-loss leg sells the 61 shares.
    afterClose(DAYS[2] as number);
    orders.set(
      id,
      order(id, {
        status: 'expired',
        brokerStatus: 'expired',
        filledQty: 61,
        filledAvgPrice: 10.12,
      }),
    );
    fills.push({
      id: 'f2',
      orderId: 'stop-leg',
      symbol: 'KUPR',
      side: 'sell',
      qty: 61,
      price: 9.5,
      time: clock.now() - 3 * 3_600_000,
      reason: 'stop_loss',
    });
    expect((await tick(userId)).outcome).toBe('ran');
    expect((await tick(userId)).outcome).toBe('ran');

    const log = await lines();
    const about = log.filter((l) => l.startsWith('KUPR:'));
    expect(about).toEqual([
      `KUPR: order ${id} partially filled: 61 of 85 shares at 10.12 on average.`,
      `KUPR: order ${id} expired with 61 of 85 shares filled (the opening auction it was sent for did not fill it).`,
      `KUPR: stop-loss exit: sold 61 shares at 9.50 (level 9.61).`,
    ]);

    // A fill logs its price and its slippage against the deciding close.
    const id2 = `tb${userId}-KUPR-20250605-e`;
    await recordOrderIntent(db, {
      userId,
      clientOrderId: id2,
      symbol: 'KUPR',
      purpose: 'entry',
      side: 'buy',
      qty: 85,
      request: { symbol: 'KUPR', qty: 85, bracket: { referencePrice: 10 } },
      decidedOn: '2025-06-04',
      createdAt: new Date(clock.now()),
    });
    await updateOrderIntent(db, userId, id2, { status: 'new', brokerOrderId: `o-${id2}` });
    orders.set(id2, order(id2, { status: 'filled', filledQty: 85, filledAvgPrice: 10.12 }));
    await tick(userId);
    await tick(userId);
    const filled = (await lines()).filter((l) => l.includes(`${id2} filled`));
    expect(filled).toEqual([
      `KUPR: order ${id2} filled: bought 85 shares at 10.12 (1.20 % against the deciding close 10.00).`,
    ]);
  }, 60_000);
});
