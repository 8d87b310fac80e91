import { demoBrokerFor, syncCashActivities } from '@tradebot/core';
import { recordOrderIntent, updateOrderIntent } from '@tradebot/db';
import type { BrokerPort, OrderRequest } from '@tradebot/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * What a stopped bot shows matches the broker (demo market, simulated broker): after the kill
 * switch or a Quick Sell nothing ticks, yet the touched orders settle and the status's figures
 * are the broker's; a Quick Sell whose answer was lost keeps its reason; P&L answers in cents;
 * the account history serves the broker's dividends.
 */
let api: TestApi;
let symbols: string[];

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  await api.runtime.deps.botQueue.obliterate({ force: true });
  symbols = api.runtime.demo.market
    .listings()
    .filter((c) => c.profile.asset_type === 'stock')
    .slice(0, 3)
    .map((c) => c.profile.symbol)
    .sort();
});
afterAll(async () => api.close());

const clock = () => api.runtime.demo.clock;
const nextSession = () => {
  clock().advanceSessions(1);
  clock().advance(3_600_000);
};

/** A demo user with whole fills and no costs, and their simulated broker. */
async function demoUser(name: string, ip: string) {
  const user = await signUpAndLogIn(api, name, ip);
  await api.http.post('/api/use-demo-market', undefined, user.token);
  await api.http.post(
    '/api/backtest/settings',
    { partial_fill_probability: 0, slippage_percent: 0, commission_per_share: 0 },
    user.token,
  );
  const broker = await demoBrokerFor(api.runtime.deps, user.userId);
  return {
    ...user,
    broker,
    get: (path: string) => api.http.get(path, user.token),
    post: (path: string) => api.http.post(path, {}, user.token),
  };
}

const market = (symbol: string, qty: number, side: 'buy' | 'sell', id: string): OrderRequest => ({
  symbol,
  qty,
  side,
  type: 'market',
  timeInForce: 'day',
  clientOrderId: id,
});

/** The figures the status shows, as the broker has them now. */
async function brokerFigures(broker: BrokerPort) {
  const account = await broker.getAccount();
  return { equity: account.equity, cash: account.cash, buying_power: account.buyingPower };
}

/** Figures a last tick stored long before (what the tester saw: 91,228.41 and 62,445.36). */
async function staleSnapshot(userId: number) {
  await api.runtime.db.botState.update({
    where: { userId },
    data: { equity: 91_228.41, cash: 91_228.41, buyingPower: 62_445.36 },
  });
}

describe('a stopped bot’s status after the kill switch', () => {
  it('settles the orders it touched and shows the broker’s figures', async () => {
    const u = await demoUser('truthkill', '10.0.31.1');
    const [a, b] = symbols as [string, string];
    await u.broker.submitOrder(market(a, 5, 'buy', 'setup-a'));
    await u.broker.submitOrder(market(b, 7, 'buy', 'setup-b'));
    nextSession();
    await api.runtime.db.finalTradingListEntry.create({
      data: { userId: u.userId, symbol: a, parameters: {} },
    });
    expect((await u.post('/api/start')).status).toBe(200);
    await staleSnapshot(u.userId);

    const reply = await u.post('/api/kill-switch');
    expect(reply.status).toBe(200);
    expect(reply.body.status).toMatchObject({
      status: 'stopped',
      ...(await brokerFigures(u.broker)),
    });
    const flatten = { where: { userId: u.userId, purpose: 'flatten' } };
    expect((await api.runtime.db.botOrder.findMany(flatten)).map((o) => o.status)).toEqual([
      'new',
      'new',
    ]);

    // The closing orders fill at the next session; no tick runs (the bot is stopped).
    nextSession();
    const status = await u.get('/api/bot/status');
    expect(status.body).toMatchObject({ status: 'stopped', ...(await brokerFigures(u.broker)) });
    expect(status.body.cash).not.toBe(91_228.41);
    expect((await api.runtime.db.botOrder.findMany(flatten)).map((o) => o.status)).toEqual([
      'filled',
      'filled',
    ]);
    expect((await u.broker.getPositions()).length).toBe(0);
    // The trades came in with the status read.
    const trades = await api.runtime.db.botTrade.findMany({ where: { userId: u.userId } });
    expect(trades.map((t) => t.reason)).toEqual(['flatten', 'flatten']);
  });
});

describe('a Quick Sell while stopped whose answer was lost', () => {
  it('is identified before its fill is synced: the trade says manual_sell; status matches', async () => {
    const u = await demoUser('truthqs', '10.0.31.2');
    const [, , c] = symbols as [string, string, string];
    await u.broker.submitOrder(market(c, 4, 'buy', 'setup-c'));
    nextSession();
    // Started once (the status row exists) and stopped again.
    await api.runtime.db.finalTradingListEntry.create({
      data: { userId: u.userId, symbol: c, parameters: {} },
    });
    expect((await u.post('/api/start')).status).toBe(200);
    expect((await u.post('/api/stop')).status).toBe(200);
    await staleSnapshot(u.userId);
    // Quick Sell's order reached the broker, its answer did not.
    const id = `tb${u.userId}-${c}-qs-${Math.floor(clock().now() / 1000)}`;
    await recordOrderIntent(api.runtime.db, {
      userId: u.userId,
      clientOrderId: id,
      symbol: c,
      purpose: 'manual_sell',
      side: 'sell',
      qty: 4,
      request: JSON.parse(JSON.stringify(market(c, 4, 'sell', id))),
      decidedOn: null,
      createdAt: new Date(clock().now()),
    });
    await u.broker.submitOrder(market(c, 4, 'sell', id));
    await updateOrderIntent(api.runtime.db, u.userId, id, { attempted: true, status: 'unknown' });
    nextSession();

    // The positions read syncs the fills: the order is identified first.
    expect((await u.get('/api/positions')).body).toEqual([]);
    const perf = await u.get('/api/historical-performance');
    expect(perf.body.trades.map((t: { reason: string }) => t.reason)).toEqual(['manual_sell']);
    const status = await u.get('/api/bot/status');
    expect(status.body).toMatchObject(await brokerFigures(u.broker));
    const intent = await api.runtime.db.botOrder.findFirst({ where: { clientOrderId: id } });
    expect(intent).toMatchObject({ status: 'filled' });
  });
});

describe('a running bot between ticks', () => {
  it('shows the broker’s figures once a read syncs a fill, not the last tick’s', async () => {
    const u = await demoUser('truthrunning', '10.0.31.5');
    const [a] = symbols as [string];
    await api.runtime.db.finalTradingListEntry.create({
      data: { userId: u.userId, symbol: a, parameters: {} },
    });
    expect((await u.post('/api/start')).status).toBe(200);
    // No worker runs here: no tick follows. The last tick's figures predate the fill.
    await staleSnapshot(u.userId);
    await u.broker.submitOrder(market(a, 6, 'buy', 'running-entry'));
    nextSession();

    const positions = await u.get('/api/positions');
    expect(positions.body.map((p: { symbol: string }) => p.symbol)).toEqual([a]);
    const status = await u.get('/api/bot/status');
    const broker = await brokerFigures(u.broker);
    expect(status.body).toMatchObject({ status: 'running', ...broker });
    // Equity = cash + the position's market value, as the positions read has it.
    const value = positions.body[0].market_value as number;
    expect(broker.equity).toBeCloseTo(broker.cash + value, 6);
    expect(status.body.cash).not.toBe(91_228.41);
  });
});

describe('answers in cents', () => {
  it('daily P&L, trades’ P&L and the cumulative P&L are rounded to cents', async () => {
    const u = await demoUser('truthcents', '10.0.31.3');
    const at = new Date('2026-01-06T15:00:00Z');
    await api.runtime.db.botState.create({
      data: {
        userId: u.userId,
        running: true,
        market: 'demo',
        mode: 'demo',
        equity: 100_000.126789,
        dayStartEquity: 99_000.001,
        peakEquity: 100_000.126789,
      },
    });
    for (const [k, pnl] of [19.655555, 0.333333].entries())
      await api.runtime.db.botTrade.create({
        data: {
          userId: u.userId,
          symbol: 'AAA',
          side: 'long',
          qty: 3,
          entryPrice: 10.123456,
          exitPrice: 16.7,
          entryAt: at,
          exitAt: new Date(at.getTime() + k * 60_000),
          pnl,
          exitFillId: `x-${k}`,
        },
      });
    const status = (await u.get('/api/bot/status')).body;
    expect(status.daily_pnl).toBe(1000.13);
    const perf = (await u.get('/api/historical-performance')).body;
    expect(perf.trades.map((t: { pnl: number }) => t.pnl)).toEqual([0.33, 19.66]);
    expect(perf.cumulative_pnl).toBe(19.99);
    expect(perf.equity_curve.map((p: { cumulative_pnl: number }) => p.cumulative_pnl)).toEqual([
      19.66, 19.99,
    ]);
    // Storage keeps the full figure.
    const stored = await api.runtime.db.botTrade.findFirst({ where: { exitFillId: 'x-0' } });
    expect(stored!.pnl).toBe(19.655555);
  });
});

describe('account history', () => {
  it('serves the broker’s dividends once each, newest first; they are not trades', async () => {
    const u = await demoUser('truthdiv', '10.0.31.4');
    const other = await demoUser('truthdiv2', '10.0.31.5');
    const dividends = [
      {
        id: '20260105011955195::d1',
        type: 'DIV',
        date: '2026-01-05',
        netAmount: 1.02,
        symbol: 'T',
        qty: 2,
        perShareAmount: 0.51,
        description: null,
      },
      {
        id: '20260105011955196::d2',
        type: 'DIVNRA',
        date: '2026-01-05',
        netAmount: -0.31,
        symbol: 'T',
        qty: 2,
        perShareAmount: null,
        description: 'NRA tax withheld',
      },
    ];
    // The simulated broker has no dividends: one that reports Alpaca's.
    const refuse = () => Promise.reject(new Error('not used'));
    const broker: BrokerPort = {
      getAccount: refuse,
      getPositions: refuse,
      submitOrder: refuse,
      getOrderByClientId: refuse,
      listOpenOrders: refuse,
      cancelOrder: refuse,
      closePosition: refuse,
      getFills: refuse,
      getCashActivities: async () => dividends,
    };
    expect(await syncCashActivities(api.runtime.db, broker, u.userId)).toBe(2);
    expect(await syncCashActivities(api.runtime.db, broker, u.userId)).toBe(0);

    const reply = await u.get('/api/bot/account-history');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      activities: [
        {
          id: '20260105011955196::d2',
          date: '2026-01-05',
          type: 'DIVNRA',
          symbol: 'T',
          qty: 2,
          per_share_amount: null,
          net_amount: -0.31,
          description: 'NRA tax withheld',
        },
        {
          id: '20260105011955195::d1',
          date: '2026-01-05',
          type: 'DIV',
          symbol: 'T',
          qty: 2,
          per_share_amount: 0.51,
          net_amount: 1.02,
          description: null,
        },
      ],
    });
    expect((await u.get('/api/historical-performance')).body.trades_count).toBe(0);
    expect((await other.get('/api/bot/account-history')).body).toEqual({ activities: [] });
    expect((await api.http.get('/api/bot/account-history')).status).toBe(401);
  });
});
