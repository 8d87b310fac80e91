import { botTick } from '@tradebot/api-contract';
import { recordOrderIntent, updateOrderIntent } from '@tradebot/db';
import { BrokerError, type BrokerPort, type OrderRequest } from '@tradebot/market';
import { describe, expect, it } from 'vitest';
import { AlpacaShapedBroker } from '../../../test/alpaca-shaped-broker.js';
import {
  afterClose,
  botUser,
  clock,
  db,
  engine,
  realBroker,
  runtime,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import type { ActiveMarketService } from '../../active-market/active-market.js';
import type { SessionInfo } from '../../types.js';
import type { BotAccount, BotDeps } from '../account.js';
import { syncFills } from '../engine/fills.js';
import { botOrders } from './manual-orders.js';
import { refreshStoppedBot, stoppedBotStatus } from './stopped.js';

/**
 * The truth after lost answers and while stopped: a Quick Sell whose answer was lost gets its
 * reason through the tick even when a read synced its fill first; on an Alpaca-shaped broker the
 * kill switch and a stopped bot's Quick Sell leave settled orders and the broker's figures.
 */
useBotFixture('2025-05-30');

const [D0, D1, D2] = tradingDays('2025-06-02', 3) as [number, number, number];

const order = (symbol: string, qty: number, side: 'buy' | 'sell', id: string): OrderRequest => ({
  symbol,
  qty,
  side,
  type: 'market',
  timeInForce: 'opg',
  clientOrderId: id,
});

/** The real simulated broker, except that orders cannot be looked up while `down`. */
function lookupsDown(inner: BrokerPort): BrokerPort & { down: boolean } {
  const fail = () => Promise.reject(new BrokerError('unavailable', 'No answer.'));
  const broker = {
    down: true,
    getAccount: () => inner.getAccount(),
    getPositions: () => inner.getPositions(),
    submitOrder: (o: OrderRequest) => inner.submitOrder(o),
    getOrderByClientId: (id: string) => (broker.down ? fail() : inner.getOrderByClientId(id)),
    listOpenOrders: () => inner.listOpenOrders(),
    cancelOrder: (id: string) => inner.cancelOrder(id),
    closePosition: (s: string) => inner.closePosition(s),
    getFills: (since: number) => inner.getFills(since),
  };
  return broker;
}

describe('a lost answer through the tick', () => {
  it('a trade synced by a read before its order was identified takes its reason at the tick', async () => {
    const userId = await botUser('ticklost', { symbols: [], parameters: {} });
    const symbol = stockSymbols(1)[0]!;
    const sim = await realBroker(userId);
    afterClose(D0);
    await sim.submitOrder(order(symbol, 10, 'buy', 'setup-buy'));
    afterClose(D1);
    // The Quick Sell reached the broker; its answer was lost.
    const id = `tb${userId}-${symbol}-qs-${Math.floor(clock.now() / 1000)}`;
    await recordOrderIntent(db, {
      userId,
      clientOrderId: id,
      symbol,
      purpose: 'manual_sell',
      side: 'sell',
      qty: 10,
      request: JSON.parse(JSON.stringify(order(symbol, 10, 'sell', id))),
      decidedOn: null,
      createdAt: new Date(clock.now()),
    });
    await sim.submitOrder(order(symbol, 10, 'sell', id));
    await updateOrderIntent(db, userId, id, { attempted: true, status: 'unknown' });
    afterClose(D2);
    // A read syncs the fill while the broker cannot say whose order it was.
    const broker = lookupsDown(sim);
    await syncFills(db, broker, userId);
    const reasons = async () =>
      (await db.botTrade.findMany({ where: { userId } })).map((t) => t.reason);
    expect(await reasons()).toEqual([null]);
    broker.down = false;
    expect((await engine().tick(userId)).outcome).toBe('ran');
    expect(await reasons()).toEqual(['manual_sell']);
    expect(await db.botOrder.findFirst({ where: { clientOrderId: id } })).toMatchObject({
      status: 'filled',
    });
  });
});

describe('stopped, on an Alpaca-shaped broker', () => {
  /** A user whose last tick stored figures long gone, and the services over a fake Alpaca. */
  async function alpacaUser(name: string, running: boolean) {
    const userId = await botUser(name, { symbols: [], parameters: {}, running });
    await db.botState.update({
      where: { userId },
      data: {
        market: 'alpaca',
        mode: 'paper',
        equity: 91_228.41,
        cash: 91_228.41,
        buyingPower: 62_445.36,
      },
    });
    const alpaca = new AlpacaShapedBroker(() => clock.now(), 99_949.22);
    alpaca.hold('APH', 77, 86.2);
    alpaca.hold('MSFT', 10, 410.5);
    const deps: BotDeps = {
      ...runtime.deps,
      marketFor: async () => ({ broker: alpaca, clock, data: runtime.deps.market.demo.market }),
    };
    const active = { marketOf: () => 'alpaca' } as unknown as ActiveMarketService;
    const session = { userId, account: { alpacaEnvironment: 'paper' } } as SessionInfo;
    const stopNow = async () => {
      await db.botState.update({ where: { userId }, data: { running: false } });
      return true;
    };
    return { userId, alpaca, deps, session, orders: botOrders(deps, active, stopNow) };
  }

  const figures = async (broker: BrokerPort) => {
    const a = await broker.getAccount();
    return { equity: a.equity, cash: a.cash, buying_power: a.buyingPower };
  };

  it('the kill switch settles the orders it sent and answers the broker’s figures', async () => {
    const u = await alpacaUser('alpkill', true);
    const reply = await u.orders.killSwitch(u.session);
    expect(reply.closed_positions).toEqual(['APH', 'MSFT']);
    expect(reply.status).toMatchObject({ status: 'stopped', ...(await figures(u.alpaca)) });
    expect(reply.status.cash).toBeCloseTo(99_949.22, 6);
    const intents = await db.botOrder.findMany({ where: { userId: u.userId } });
    expect(intents.map((o) => [o.purpose, o.status])).toEqual([
      ['flatten', 'filled'],
      ['flatten', 'filled'],
    ]);
    const trades = await db.botTrade.findMany({ where: { userId: u.userId } });
    expect(trades.map((t) => t.reason)).toEqual(['flatten', 'flatten']);
    // The kill switch has its line in the bot's log.
    const log = await db.botLog.findMany({ where: { userId: u.userId } });
    expect(log.map((l) => l.message)).toContain(
      botTick.killSwitch(reply.canceled_orders, reply.closed_positions.length),
    );
    // The status read afterwards shows the same figures.
    expect(await stoppedBotStatus(u.deps, u.userId)).toMatchObject(await figures(u.alpaca));
  });

  it('a Quick Sell while stopped settles its order; the status shows the broker’s figures', async () => {
    const u = await alpacaUser('alpqs', false);
    await u.orders.manualSell(u.session, 'APH');
    const status = await stoppedBotStatus(u.deps, u.userId);
    expect(status).toMatchObject({ status: 'stopped', ...(await figures(u.alpaca)) });
    expect(status.cash).toBeCloseTo(99_949.22 - 410.5 * 10, 6);
    const intents = await db.botOrder.findMany({ where: { userId: u.userId } });
    expect(intents.map((o) => [o.purpose, o.status])).toEqual([['manual_sell', 'filled']]);
  });

  it('while an order is unsettled each status read settles it with the broker', async () => {
    const u = await alpacaUser('alpread', false);
    // Sent by the kill switch of another process just before: recorded `new`, not read since.
    await u.alpaca.submitOrder(order('MSFT', 10, 'sell', 'tb-fl-msft'));
    await recordOrderIntent(db, {
      userId: u.userId,
      clientOrderId: 'tb-fl-msft',
      symbol: 'MSFT',
      purpose: 'flatten',
      side: 'sell',
      qty: 10,
      request: JSON.parse(JSON.stringify(order('MSFT', 10, 'sell', 'tb-fl-msft'))),
      decidedOn: null,
      createdAt: new Date(clock.now()),
    });
    await updateOrderIntent(db, u.userId, 'tb-fl-msft', { status: 'new', brokerOrderId: 'x' });
    const status = await stoppedBotStatus(u.deps, u.userId);
    expect(status).toMatchObject(await figures(u.alpaca));
    expect(await db.botOrder.findFirst({ where: { userId: u.userId } })).toMatchObject({
      status: 'filled',
    });
    // The fill has its log line, as a running bot's tick would write it, and only once.
    await stoppedBotStatus(u.deps, u.userId);
    const lines = (await db.botLog.findMany({ where: { userId: u.userId } })).map((l) => l.message);
    expect(
      lines.filter((l) => l.startsWith('MSFT: order tb-fl-msft filled: sold 10 shares at ')),
    ).toHaveLength(1);
  });

  it('two overlapping refreshes store the newer broker figures last', async () => {
    const u = await alpacaUser('overlap', false);
    const open = (broker: BrokerPort) => ({
      m: { broker, clock, data: runtime.deps.market.demo.market },
      account: { market: 'alpaca', mode: 'paper' } as BotAccount,
    });
    // The first refresh reads the account while MSFT is held, then stalls before storing it.
    let reading!: () => void;
    const read = new Promise<void>((resolve) => (reading = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stalled = new Proxy(u.alpaca, {
      get(target, key) {
        if (key !== 'getAccount') return Reflect.get(target, key, target) as unknown;
        return async () => {
          const figures = await target.getAccount();
          reading();
          await gate;
          return figures;
        };
      },
    });
    const first = refreshStoppedBot(u.deps, u.userId, true, open(stalled));
    await read;
    // Meanwhile MSFT is sold at the broker and a second refresh (a dashboard read) starts.
    const msft = u.alpaca.positions.get('MSFT')!;
    u.alpaca.positions.delete('MSFT');
    u.alpaca.cash += msft.qty * msft.price;
    const second = refreshStoppedBot(u.deps, u.userId, true, open(u.alpaca));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([first, second]);
    const status = await runtime.services.bot.status(u.userId);
    expect(status).toMatchObject({ status: 'stopped', ...(await figures(u.alpaca)) });
  });
});
