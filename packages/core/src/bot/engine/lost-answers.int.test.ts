import {
  BrokerError,
  type BrokerOrder,
  type BrokerPort,
  type OrderRequest,
} from '@tradebot/market';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import {
  afterClose,
  botUser,
  db,
  engine,
  realBroker,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import { botMarketFor } from '../market.js';
import type { MarketFor } from './tick.js';

/**
 * Lost order responses at the broker boundary: every submit really reaches the simulated broker,
 * but its answer is replaced by `unknown_outcome` (a timeout after the order went through). The
 * bot must look each order up by its client order id instead of sending it again.
 */
useBotFixture('2025-05-30');

const TARGET = 100;

/** A test-only decorator: the inner broker takes the order, the caller never hears back. */
class LosingBroker implements BrokerPort {
  lost = 0;
  constructor(
    private readonly inner: BrokerPort,
    private readonly budget: { left: number },
  ) {}
  getAccount = () => this.inner.getAccount();
  getPositions = () => this.inner.getPositions();
  getOrderByClientId = (id: string) => this.inner.getOrderByClientId(id);
  listOpenOrders = () => this.inner.listOpenOrders();
  cancelOrder = (id: string) => this.inner.cancelOrder(id);
  closePosition = (symbol: string) => this.inner.closePosition(symbol);
  getFills = (since: number) => this.inner.getFills(since);
  async submitOrder(order: OrderRequest): Promise<BrokerOrder> {
    const placed = await this.inner.submitOrder(order);
    if (this.budget.left <= 0) return placed;
    this.budget.left -= 1;
    throw new BrokerError('unknown_outcome', 'The broker did not answer in time.');
  }
}

describe('lost broker answers', () => {
  it(`${TARGET} submits whose answers are lost make exactly one broker order each`, async () => {
    const symbols = stockSymbols(30);
    expect(symbols.length).toBe(30);
    const userId = await botUser('lossy', { symbols, parameters: BUSY_PARAMS });
    const budget = { left: TARGET };
    const marketFor: MarketFor = async (deps, user, market, mode) => {
      const real = await botMarketFor(deps, user, market, mode);
      return { ...real, broker: new LosingBroker(real.broker, budget) };
    };
    const tick = engine({ marketFor }).tick;
    const days = tradingDays('2025-06-02', 150);
    let k = 0;
    while (budget.left > 0 && k < days.length) {
      const day = days[k++] as number;
      afterClose(day);
      expect((await tick(userId)).outcome).toBe('ran');
      // A second tick the same evening: it finds the lost orders by id, sends nothing.
      const again = await tick(userId);
      expect(again.orders_sent).toBe(0);
    }
    expect(budget.left).toBe(0);
    // A few more sessions with answers arriving again: everything settles.
    for (const day of days.slice(k, k + 3)) {
      afterClose(day);
      expect((await tick(userId)).outcome).toBe('ran');
    }

    const intents = await db.botOrder.findMany({ where: { userId } });
    expect(intents.length).toBeGreaterThanOrEqual(TARGET);
    const broker = await realBroker(userId);
    for (const intent of intents) {
      // One broker order per intent, never a second send.
      expect(await db.simOrder.count({ where: { clientOrderId: intent.clientOrderId } })).toBe(1);
      expect(intent.attempts).toBe(1);
      const order = await broker.getOrderByClientId(intent.clientOrderId);
      expect(order).not.toBeNull();
      if (order!.status === 'new') continue;
      // The intent carries the broker's state once the broker has moved it on.
      expect([intent.status, intent.brokerOrderId, intent.filledQty]).toEqual([
        order!.status,
        order!.id,
        order!.filledQty,
      ]);
    }
    expect(intents.filter((i) => i.status === 'unknown' || i.status === 'pending')).toEqual([]);
    // No symbol is held twice over: each position came from one entry.
    for (const p of await broker.getPositions()) {
      const filled = intents.filter(
        (i) => i.symbol === p.symbol && i.purpose === 'entry' && i.status !== 'new',
      );
      expect(filled.length).toBeGreaterThan(0);
      expect(Math.abs(p.qty)).toBeLessThanOrEqual(Math.max(...filled.map((i) => i.qty)));
    }
  }, 600_000);
});
