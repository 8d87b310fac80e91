import {
  BrokerError,
  type BrokerOrder,
  type BrokerPort,
  type OrderRequest,
} from '@tradebot/market';
import { describe, expect, it } from 'vitest';
import {
  afterClose,
  botUser,
  clock,
  db,
  engine,
  session,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import { botMarketFor } from '../market.js';
import { placeOrder } from '../orders/place-order.js';
import type { MarketFor } from './tick.js';

/**
 * The trading settings that govern an order after it is recorded, enforced by the tick's
 * reconcile step: max_order_retries and retry_delay for sends that failed transiently,
 * order_timeout with partial_fill_handling for orders the broker holds unfilled.
 */
useBotFixture('2025-05-30');

const [D0, D1] = tradingDays('2025-06-02', 2) as [number, number];

/** A test-only broker decorator: each call goes to the real simulated broker unless replaced. */
class TestBroker implements BrokerPort {
  submitFailures = 0;
  submits = 0;
  /** Replaces the state the broker reports for every order. */
  forced: Pick<BrokerOrder, 'status' | 'filledQty'> | null = null;
  canceled: string[] = [];
  constructor(private readonly inner: BrokerPort) {}
  accountDown = false;
  getAccount = () =>
    this.accountDown
      ? Promise.reject(new BrokerError('unavailable', 'The broker could not be reached.'))
      : this.inner.getAccount();
  getPositions = () => this.inner.getPositions();
  listOpenOrders = () => this.inner.listOpenOrders();
  closePosition = (symbol: string) => this.inner.closePosition(symbol);
  getFills = (since: number) => this.inner.getFills(since);
  async getOrderByClientId(id: string) {
    const order = await this.inner.getOrderByClientId(id);
    return order === null || this.forced === null ? order : { ...order, ...this.forced };
  }
  async cancelOrder(id: string) {
    this.canceled.push(id);
    if (this.forced !== null) this.forced = { ...this.forced, status: 'canceled' };
  }
  async submitOrder(order: OrderRequest) {
    this.submits += 1;
    if (this.submitFailures > 0) {
      this.submitFailures -= 1;
      throw new BrokerError('unavailable', 'The broker could not be reached.');
    }
    return this.inner.submitOrder(order);
  }
}

async function setup(name: string, trading: Record<string, unknown>) {
  const userId = await botUser(name, { symbols: [], parameters: {}, trading });
  let broker: TestBroker | null = null;
  const marketFor: MarketFor = async (deps, user, market, mode) => {
    const real = await botMarketFor(deps, user, market, mode);
    broker ??= new TestBroker(real.broker);
    return { ...real, broker };
  };
  const tick = engine({ marketFor }).tick;
  await tick(userId);
  const symbol = stockSymbols(1)[0] as string;
  const clientOrderId = `tb${userId}-${symbol}-20250602-e`;
  const place = () =>
    placeOrder(db, broker!, {
      userId,
      purpose: 'entry',
      decidedOn: '2025-06-02',
      at: new Date(clock.now()),
      request: { symbol, qty: 10, side: 'buy', type: 'market', timeInForce: 'opg', clientOrderId },
    });
  const intent = () => db.botOrder.findFirstOrThrow({ where: { clientOrderId } });
  return { userId, broker: broker!, tick, place, intent, clientOrderId };
}

describe('retries of a send that failed transiently', () => {
  it('waits retry_delay between sends and fails after max_order_retries, with a notification', async () => {
    afterClose(D0);
    const t = await setup('retry', { max_order_retries: 2, retry_delay: 30 });
    t.broker.submitFailures = 100;
    expect((await t.place()).kind).toBe('unknown');
    expect(await t.intent()).toMatchObject({ status: 'unknown', attempts: 1 });
    // Not yet due: the same tick time sends nothing.
    await t.tick(t.userId);
    expect(t.broker.submits).toBe(1);
    clock.advance(29_000);
    await t.tick(t.userId);
    expect(t.broker.submits).toBe(1);
    clock.advance(1_000);
    await t.tick(t.userId);
    expect(t.broker.submits).toBe(2);
    clock.advance(30_000);
    await t.tick(t.userId);
    expect(t.broker.submits).toBe(3);
    expect(await t.intent()).toMatchObject({ status: 'unknown', attempts: 3 });
    clock.advance(30_000);
    await t.tick(t.userId);
    expect(t.broker.submits).toBe(3);
    expect(await t.intent()).toMatchObject({ status: 'failed', attempts: 3 });
    const notes = await db.notification.findMany({ where: { userId: t.userId } });
    expect(notes.map((n) => n.message)).toEqual([
      expect.stringContaining('failed after 3 attempts'),
    ]);
    clock.advance(300_000);
    await t.tick(t.userId);
    expect(t.broker.submits).toBe(3);
    expect(await db.simOrder.count()).toBe(0);
  });

  it('a retry that gets through is recorded once', async () => {
    afterClose(D0);
    const t = await setup('retry-ok', { max_order_retries: 2, retry_delay: 5 });
    t.broker.submitFailures = 1;
    await t.place();
    clock.advance(5_000);
    const result = await t.tick(t.userId);
    expect(result.orders_sent).toBe(1);
    expect(await t.intent()).toMatchObject({ status: 'new', attempts: 2 });
    expect(await db.simOrder.count({ where: { clientOrderId: t.clientOrderId } })).toBe(1);
    expect(await db.botLog.count({ where: { message: { contains: 'attempt 2' } } })).toBe(1);
  });

  it('an opening-auction order still unsent when its open has come is dropped', async () => {
    afterClose(D0);
    const t = await setup('late', { max_order_retries: 5, retry_delay: 1 });
    t.broker.submitFailures = 1;
    await t.place();
    clock.advanceTo(session(D1).open + 60_000);
    await t.tick(t.userId);
    expect(t.broker.submits).toBe(1);
    expect(await t.intent()).toMatchObject({
      status: 'failed',
      lastError: 'too late for its open',
    });
  });
});

describe('order_timeout and partial_fill_handling', () => {
  it.each([
    ['cancel', 'partially_filled', true],
    ['accept', 'partially_filled', false],
    ['accept', 'new', true],
    ['cancel', 'new', true],
  ] as const)(
    'partial_fill_handling %s, order %s: canceled at the time-out: %s',
    async (handling, status, cancels) => {
      afterClose(D0);
      const t = await setup(`timeout-${handling}-${status}`, {
        order_timeout: 10,
        partial_fill_handling: handling,
      });
      await t.place();
      t.broker.forced = { status, filledQty: status === 'new' ? 0 : 4 };
      // In the session the order fills in: the demo market shows the fill at the close.
      clock.advanceTo(session(D1).open + 3_600_000);
      await t.tick(t.userId);
      clock.advanceTo(session(D1).close + 5_000);
      await t.tick(t.userId);
      expect(t.broker.canceled).toEqual([]);
      clock.advanceTo(session(D1).close + 10_000);
      await t.tick(t.userId);
      const id = (await t.intent()).brokerOrderId;
      expect(t.broker.canceled).toEqual(cancels ? [id] : []);
      const logs = await db.botLog.findMany({ where: { message: { contains: 'timed out' } } });
      expect(logs.length).toBe(cancels ? 1 : 0);
      if (cancels) {
        expect(logs[0]!.message).toContain(status === 'new' ? 'unfilled' : '4 of 10');
        expect((await t.intent()).status).toBe('canceled');
      } else expect((await t.intent()).status).toBe('partially_filled');
    },
  );
});

describe('a broker failure', () => {
  it('fails the tick without throwing: last_error, a log line each time, one notification', async () => {
    afterClose(D0);
    const t = await setup('down', {});
    t.broker.accountDown = true;
    for (let k = 0; k < 3; k++) {
      clock.advance(60_000);
      expect(await t.tick(t.userId)).toEqual({
        outcome: 'failed',
        orders_sent: 0,
        market_open: false,
      });
    }
    const state = await db.botState.findUniqueOrThrow({ where: { userId: t.userId } });
    expect(state.lastError).toBe('The broker could not be reached.');
    expect(state.lastTickAt?.getTime()).toBe(clock.now());
    expect(
      await db.botLog.count({
        where: { userId: t.userId, level: 'error', message: { contains: 'could not be reached' } },
      }),
    ).toBe(3);
    expect(await db.notification.count({ where: { userId: t.userId } })).toBe(1);
    // Back again: the error clears.
    t.broker.accountDown = false;
    expect((await t.tick(t.userId)).outcome).toBe('ran');
    expect(
      (await db.botState.findUniqueOrThrow({ where: { userId: t.userId } })).lastError,
    ).toBeNull();
  });
});
