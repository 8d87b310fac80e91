import { DEFAULT_STOCK_PARAMETERS } from '@tradebot/api-contract';
import { recordOrderIntent } from '@tradebot/db';
import {
  BrokerError,
  createAlpacaBroker,
  type BrokerOrder,
  type BrokerPort,
  type OrderRequest,
} from '@tradebot/market';
import { BACKTEST_SETTINGS_DEFAULTS } from '@tradebot/strategy';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_FIXTURE,
  createFakeAlpacaTrading,
  OPEN,
  positionFixture,
} from '../../../../market/test/alpaca-trading-server.js';
import {
  botUser,
  clock,
  db,
  engine,
  iso,
  market,
  session,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import type { MarketFor } from './tick.js';
import { placeOrder } from '../orders/place-order.js';

/**
 * Every held position is protected at Alpaca (stop-loss and take-profit), after every fault: the
 * real Alpaca adapter against the msw fake of Alpaca's Trading API (brackets hold their legs
 * until the entry fills, cancelling one order of a group cancels the rest, open closing orders
 * hold the shares), the demo market standing in for Alpaca's clock and bars.
 */
useBotFixture('2025-05-30');

const fake = createFakeAlpacaTrading({ now: () => clock.now() });
beforeAll(() => fake.server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => fake.server.close());
beforeEach(() => {
  Object.assign(fake.state, {
    account: { ...ACCOUNT_FIXTURE },
    positions: [],
    slowCancels: false,
  });
  fake.state.orders.length = 0;
  fake.state.fills.length = 0;
  fake.state.requests.length = 0;
});

const [D0, D1] = tradingDays('2025-06-02', 2) as [number, number];
const PARAMS = { ...DEFAULT_STOCK_PARAMETERS, stop_loss_percentage: 5, take_profit_percentage: 8 };

function alpaca(): BrokerPort {
  return createAlpacaBroker({
    keyId: 'PKTESTKEY',
    secretKey: 'test-secret-value',
    retry: { sleep: async () => undefined },
  });
}

/** The bot on "Alpaca": the adapter (maybe wrapped), the demo clock and bars. */
function alpacaEngine(wrap: (b: BrokerPort) => BrokerPort = (b) => b) {
  const broker = wrap(alpaca());
  const marketFor: MarketFor = async () => ({ broker, clock, data: market });
  return engine({ marketFor });
}

/** A user whose bot trades SYMBOL on Alpaca paper; decisions are out of the way. */
async function alpacaUser(name: string, trading: Record<string, unknown> = {}, trail = 0) {
  const symbol = stockSymbols(1)[0] as string;
  const userId = await botUser(name, {
    symbols: [symbol],
    parameters: PARAMS,
    trading: { order_timeout: 60, partial_fill_handling: 'cancel', ...trading },
    backtest: { ...BACKTEST_SETTINGS_DEFAULTS, trailing_stop_pct: trail },
  });
  await db.botState.update({ where: { userId }, data: { market: 'alpaca', mode: 'paper' } });
  await db.botSymbol.create({ data: { userId, symbol, lastDecidedOn: '2099-12-31' } });
  return { userId, symbol };
}

/** The bot's entry as bot-symbols sends it: 24 shares, a bracket around the close of 100. */
async function enter(userId: number, symbol: string) {
  const clientOrderId = `tb${userId}-${symbol}-${iso(D0).replaceAll('-', '')}-e`;
  await placeOrder(db, alpaca(), {
    userId,
    purpose: 'entry',
    decidedOn: iso(D0),
    at: new Date(clock.now()),
    request: {
      symbol,
      qty: 24,
      side: 'buy',
      type: 'market',
      timeInForce: 'opg',
      bracket: { stopLossAt: 0.95, takeProfitAt: 1.08, trail: 0, referencePrice: 100 },
      clientOrderId,
    },
  });
  return clientOrderId;
}

const openAtFake = () => fake.state.orders.filter((o) => OPEN.has(o.status));
const ocoParents = () => fake.state.orders.filter((o) => o.order_class === 'oco' && o.legs);
const pid = (userId: number, symbol: string, qty: number, day: number, n = '') =>
  `tb${userId}-${symbol}-p${qty}-${iso(day).replaceAll('-', '')}${n}`;

/** The one OCO working at the fake: [qty, take-profit, stop-loss]. */
function workingOco() {
  const open = ocoParents().filter((o) => OPEN.has(o.status));
  expect(open).toHaveLength(1);
  const o = open[0]!;
  return [Number(o.qty), Number(o.limit_price), Number(o.legs![0]!.stop_price)];
}

describe('protection at Alpaca', () => {
  it('(a) a partly filled bracket entry cancelled at order_timeout: the held 15 get an OCO at the fill levels', async () => {
    const { userId, symbol } = await alpacaUser('prota');
    const tick = alpacaEngine().tick;
    const entry = await enter(userId, symbol);
    fake.fill(entry, 15, 101.5);
    clock.advanceTo(session(D0).open + 5 * 60_000);
    expect((await tick(userId)).outcome).toBe('ran');
    // The time-out cancelled the entry and its held legs (Alpaca cancels the group).
    const parent = fake.state.orders.find((o) => o.client_order_id === entry)!;
    expect([parent.status, ...parent.legs!.map((l) => l.status)]).toEqual([
      'canceled',
      'canceled',
      'canceled',
    ]);
    // 101.5 × 1.08 = 109.62, 101.5 × 0.95 = 96.425 → 96.43 (Alpaca's cents).
    expect(workingOco()).toEqual([15, 109.62, 96.43]);
    expect(ocoParents()[0]!.client_order_id).toBe(pid(userId, symbol, 15, D0));
    const intent = await db.botOrder.findFirst({ where: { userId, purpose: 'protective' } });
    expect(intent).toMatchObject({ qty: 15, side: 'sell', status: 'new' });
    const logs = await db.botLog.findMany({ where: { userId } });
    expect(logs.filter((l) => l.message.includes('protective orders placed for 15'))).toHaveLength(
      1,
    );
    expect(
      await db.notification.count({ where: { userId, message: { contains: 'protective' } } }),
    ).toBe(1);
    // Checked again: right as it is, nothing sent.
    clock.advance(60_000);
    expect((await tick(userId)).orders_sent).toBe(0);
    expect(ocoParents()).toHaveLength(1);
  });

  it('(b) a trailing exit refused after the legs were cancelled: protection back in the same tick, user told', async () => {
    const { userId, symbol } = await alpacaUser('protb', {}, 0.0001);
    const tick = alpacaEngine().tick;
    const entry = await enter(userId, symbol);
    fake.fillParent(entry, 101.5);
    clock.advanceTo(session(D1).open + 2 * 3_600_000);
    fake.server.use(
      http.post(
        '*/v2/orders',
        () =>
          HttpResponse.json(
            { code: 40300000, message: 'trading on this asset is halted' },
            { status: 403 },
          ),
        { once: true },
      ),
    );
    expect((await tick(userId)).outcome).toBe('ran');
    const exit = await db.botOrder.findFirst({ where: { userId, purpose: 'exit' } });
    expect(exit).toMatchObject({ status: 'failed' });
    // The bracket's legs were cancelled for the exit; an OCO for the 24 shares replaced them.
    const parent = fake.state.orders.find((o) => o.client_order_id === entry)!;
    expect(parent.legs!.map((l) => l.status)).toEqual(['canceled', 'canceled']);
    expect(workingOco()).toEqual([24, 109.62, 96.43]);
    const told = await db.notification.findMany({ where: { userId } });
    expect(told.map((n) => n.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('refused to close the position')]),
    );
  });

  it('(c) lost answers on the OCO submit: looked up by its id, exactly one OCO after retries', async () => {
    const { userId, symbol } = await alpacaUser('protc');
    let dropped = 1;
    let lost = 1;
    const tick = alpacaEngine((inner) => ({
      ...inner,
      async submitOrder(order: OrderRequest): Promise<BrokerOrder> {
        if (order.oco && dropped-- > 0)
          throw new BrokerError('unknown_outcome', 'The request timed out before it was sent.');
        const placed = await inner.submitOrder(order);
        if (order.oco && lost-- > 0)
          throw new BrokerError('unknown_outcome', 'The broker did not answer in time.');
        return placed;
      },
    })).tick;
    const entry = await enter(userId, symbol);
    fake.fill(entry, 15, 101.5);
    clock.advanceTo(session(D0).open + 5 * 60_000);
    for (let k = 0; k < 4; k++) {
      expect((await tick(userId)).outcome).toBe('ran');
      clock.advance(60_000);
    }
    // Two sends: one that never arrived, one whose answer was lost; then found by its id.
    expect([dropped, lost]).toEqual([-1, 0]);
    const id = pid(userId, symbol, 15, D0);
    expect(fake.state.orders.filter((o) => o.client_order_id === id)).toHaveLength(1);
    expect(workingOco()).toEqual([15, 109.62, 96.43]);
    expect(await db.botOrder.findMany({ where: { userId, purpose: 'protective' } })).toMatchObject([
      { clientOrderId: id, status: 'new' },
    ]);
  });

  it('(d) after a restart: a position found without protection gets it; an intent left pending is sent once', async () => {
    const { userId, symbol } = await alpacaUser('protd');
    const entry = await enter(userId, symbol);
    fake.fillParent(entry, 101.5);
    // Someone cancelled the legs while the worker was down.
    const legs = fake.state.orders.filter((o) => OPEN.has(o.status));
    await alpaca().cancelOrder(legs[0]!.id);
    clock.advanceTo(session(D1).open + 3_600_000);
    // A tick died right after recording its protective intent, before sending it.
    const id = pid(userId, symbol, 24, D1);
    await recordOrderIntent(db, {
      userId,
      clientOrderId: id,
      symbol,
      purpose: 'protective',
      side: 'sell',
      qty: 24,
      request: {
        symbol,
        qty: 24,
        side: 'sell',
        type: 'limit',
        timeInForce: 'gtc',
        oco: { stopPrice: 96.425, limitPrice: 109.62 },
        clientOrderId: id,
      },
      decidedOn: null,
      createdAt: new Date(clock.now()),
    });
    // A new worker: a fresh engine.
    expect((await alpacaEngine().tick(userId)).outcome).toBe('ran');
    expect(fake.state.orders.filter((o) => o.client_order_id === id)).toHaveLength(1);
    expect(workingOco()).toEqual([24, 109.62, 96.43]);
    expect((await alpacaEngine().tick(userId)).orders_sent).toBe(0);
    expect(ocoParents()).toHaveLength(1);
  });

  it('(e) protection of the wrong size after a partial exit is replaced for what is held', async () => {
    const { userId, symbol } = await alpacaUser('prote');
    const tick = alpacaEngine().tick;
    const entry = await enter(userId, symbol);
    const [takeProfit] = fake.fillParent(entry, 101.5);
    clock.advanceTo(session(D1).open + 3_600_000);
    // The bracket's legs from the deciding close (100) are right as they are.
    expect((await tick(userId)).orders_sent).toBe(0);
    expect(openAtFake()).toHaveLength(2);
    // 14 of the 24 shares go at the take-profit: 10 held, the stop-loss still for 24.
    fake.fill(takeProfit!.client_order_id, 14, 108);
    clock.advance(60_000);
    expect((await tick(userId)).orders_sent).toBe(1);
    expect(takeProfit!.status).toBe('canceled');
    expect(workingOco()).toEqual([10, 109.62, 96.43]);
    expect(ocoParents()[0]!.client_order_id).toBe(pid(userId, symbol, 10, D1));
    expect(openAtFake()).toHaveLength(2);
  });

  it('leaves alone a position the bot did not enter, and one whose entry is still filling', async () => {
    const { userId, symbol } = await alpacaUser('protx', { partial_fill_handling: 'accept' });
    const tick = alpacaEngine().tick;
    const entry = await enter(userId, symbol);
    fake.fill(entry, 15, 101.5);
    fake.state.positions.push(positionFixture('ZZZZ', 5, 10, 10));
    clock.advanceTo(session(D0).open + 5 * 60_000);
    expect((await tick(userId)).orders_sent).toBe(0);
    expect(ocoParents()).toEqual([]);
  });
});
