import { server } from '@tradebot/api-contract';
import { demoBrokerFor } from '@tradebot/core';
import { botSchedulerId } from '@tradebot/jobs';
import type { BrokerPort } from '@tradebot/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * Quick Sell, the kill switch and the reads that follow them, on the demo market with the
 * simulated broker. Positions are opened with the broker directly (as a filled bot entry would
 * be) and the paused demo clock is moved past each session so the orders fill.
 */
let api: TestApi;
let user: { token: string; userId: number };
let broker: BrokerPort;
let symbols: string[];

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  await api.runtime.deps.botQueue.obliterate({ force: true });
  user = await signUpAndLogIn(api, 'botorders', '10.0.13.1');
  await api.http.post('/api/use-demo-market', undefined, user.token);
  // Whole fills, so each order is one fill and the figures below are exact.
  const saved = await api.http.post(
    '/api/backtest/settings',
    { partial_fill_probability: 0, slippage_percent: 0, commission_per_share: 0 },
    user.token,
  );
  expect(saved.status).toBe(200);
  symbols = api.runtime.demo.market
    .listings()
    .filter((c) => c.profile.asset_type === 'stock')
    .slice(0, 3)
    .map((c) => c.profile.symbol)
    .sort();
  broker = await demoBrokerFor(api.runtime.deps, user.userId);
});
afterAll(async () => api.close());

const post = (path: string) => api.http.post(path, {}, user.token);
const get = (path: string) => api.http.get(path, user.token);
const clock = () => api.runtime.demo.clock;
/** Past the close of the next session: its bar is complete, so what was sent before fills. */
const nextSession = () => {
  clock().advanceSessions(1);
  clock().advance(3_600_000);
};
const buy = (symbol: string, qty: number, id: string) =>
  broker.submitOrder({
    symbol,
    qty,
    side: 'buy',
    type: 'market',
    timeInForce: 'opg',
    clientOrderId: id,
  });

describe('Quick Sell', () => {
  it('refuses a symbol not held', async () => {
    const reply = await post(`/api/manual-sell/${symbols[0]}`);
    expect(reply).toMatchObject({ status: 400, body: { detail: server.notHolding(symbols[0]!) } });
    expect(await api.runtime.db.botOrder.count()).toBe(0);
  });

  it('records the intent, sends one order, and a double click sends no second one', async () => {
    const [a] = symbols as [string];
    await buy(a, 10, 'setup-a1');
    nextSession();
    const positions = await get('/api/positions');
    expect(positions.body).toEqual([expect.objectContaining({ symbol: a, qty: 10, side: 'long' })]);

    const replies = await Promise.all([
      post(`/api/manual-sell/${a}`),
      post(`/api/manual-sell/${a}`),
    ]);
    // The second click waits its turn (409) or finds the first one's order.
    const [first, second] = replies[0].status === 200 ? replies : [replies[1], replies[0]];
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(server.quickSellSent(a));
    if (second.status === 409) expect(second.body.detail).toBe(server.botActionInProgress);
    else expect(second.status).toBe(200);
    const id = first.body.client_order_id as string;
    expect(id).toBe(`tb${user.userId}-${a}-qs-${Math.floor(clock().now() / 1000)}`);
    expect(id.length).toBeLessThanOrEqual(48);
    if (second.status === 200) expect(second.body.client_order_id).toBe(id);
    const later = await post(`/api/manual-sell/${a}`);
    clock().advance(5_000);
    const evenLater = await post(`/api/manual-sell/${a}`);
    expect([later.body.client_order_id, evenLater.body.client_order_id]).toEqual([id, id]);

    const intents = await api.runtime.db.botOrder.findMany({ where: { userId: user.userId } });
    expect(intents).toEqual([
      expect.objectContaining({
        clientOrderId: id,
        purpose: 'manual_sell',
        side: 'sell',
        qty: 10,
        status: 'new',
        attempts: 1,
      }),
    ]);
    const open = await broker.listOpenOrders();
    expect(open).toEqual([expect.objectContaining({ clientOrderId: id, side: 'sell', qty: 10 })]);
    const logs = (await get('/api/logs')).body.logs;
    expect(logs.at(-1)).toMatchObject({
      level: 'info',
      time: new Date(clock().now() - 5_000).toISOString(),
    });
    expect(logs.at(-1).message).toContain(id);
    // The Quick Sell's line, then the broker's answer to it (an order event of its own).
    const log = await get('/api/get-live-log');
    expect(log.body.logs.at(-2)).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d INFO Quick Sell: sell 10 ${a} at market`,
      ),
    );
    expect(log.body.logs.at(-1)).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d INFO ${a}: order ${id} accepted by the broker\\.$`,
      ),
    );
  });

  it('records the round trip once the sell fills; performance and positions change', async () => {
    const [a] = symbols as [string];
    expect((await get('/api/historical-performance')).body.trades_count).toBe(0);
    nextSession();
    const perf = await get('/api/historical-performance');
    expect(perf.status).toBe(200);
    const fills = await broker.getFills(0);
    const [entry, exit] = fills.filter((f) => f.symbol === a);
    expect(perf.body.trades).toEqual([
      {
        symbol: a,
        side: 'long',
        qty: 10,
        entry_price: entry!.price,
        exit_price: exit!.price,
        entry_at: new Date(entry!.time).toISOString(),
        exit_at: new Date(exit!.time).toISOString(),
        // Answered in cents.
        pnl: expect.closeTo(10 * (exit!.price - entry!.price), 2),
        reason: 'manual_sell',
      },
    ]);
    expect(perf.body.trades_count).toBe(1);
    expect(perf.body.cumulative_pnl).toBeCloseTo(10 * (exit!.price - entry!.price), 2);
    expect(perf.body.win_rate).toBe(exit!.price > entry!.price ? 100 : 0);
    expect((await get('/api/positions')).body).toEqual([]);
    // A re-sync adds nothing; the sell (after the bot's first order) was notified once.
    expect((await get('/api/historical-performance')).body.trades_count).toBe(1);
    expect(await api.runtime.db.botFill.count({ where: { userId: user.userId } })).toBe(2);
    const notes = (await get('/api/notifications')).body as { message: string }[];
    expect(notes.filter((n) => n.message.startsWith(`Sold 10 ${a} at`))).toHaveLength(1);
    expect(notes.filter((n) => n.message.startsWith(`Bought 10 ${a}`))).toHaveLength(0);
    const chart = await get(`/api/bot/chart/${a}`);
    expect(chart.body.bars.length).toBeGreaterThan(100);
    expect(chart.body.fills.map((f: { side: string }) => f.side)).toEqual(['buy', 'sell']);
    // A new Quick Sell after the fill is refused: nothing is held any more.
    expect((await post(`/api/manual-sell/${a}`)).status).toBe(400);
  });
});

describe('kill switch', () => {
  it('cancels open orders, closes every position, stops the bot and notifies', async () => {
    const [, b, c] = symbols as [string, string, string];
    await buy(b, 5, 'setup-b1');
    await buy(c, 7, 'setup-c1');
    nextSession();
    await api.runtime.db.finalTradingListEntry.create({
      data: { userId: user.userId, symbol: b, parameters: {} },
    });
    expect((await post('/api/start')).status).toBe(200);
    // A resting buy far below the market: the kill switch cancels it.
    await broker.submitOrder({
      symbol: b,
      qty: 1,
      side: 'buy',
      type: 'limit',
      limitPrice: 0.01,
      timeInForce: 'gtc',
      clientOrderId: 'resting',
    });
    const tracked = await get('/api/tracked-symbols');
    expect(tracked.body.map((t: { symbol: string; qty: number }) => [t.symbol, t.qty])).toEqual([
      [b, 5],
      [c, 7],
    ]);

    const reply = await post('/api/kill-switch');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      message: server.killSwitchDone(1, 2),
      canceled_orders: 1,
      closed_positions: [b, c],
      status: { status: 'stopped' },
    });
    expect(
      await api.runtime.deps.botQueue.getJobScheduler(botSchedulerId(user.userId)),
    ).toBeUndefined();
    const open = await broker.listOpenOrders();
    expect(open.map((o) => [o.symbol, o.side, o.qty]).sort()).toEqual([
      [b, 'sell', 5],
      [c, 'sell', 7],
    ]);
    // Clicked again: the closing orders still work, so none is canceled and nothing more sent.
    const again = await post('/api/kill-switch');
    expect(again.body).toMatchObject({ canceled_orders: 0, closed_positions: [b, c] });
    expect(await broker.listOpenOrders()).toHaveLength(2);
    expect(await api.runtime.db.botOrder.count({ where: { purpose: 'flatten' } })).toBe(2);
    const notes = (await get('/api/notifications')).body as { message: string }[];
    expect(notes.some((n) => n.message === server.killSwitchDone(1, 2))).toBe(true);

    nextSession();
    expect((await get('/api/positions')).body).toEqual([]);
    const perf = (await get('/api/historical-performance')).body;
    expect(perf.trades_count).toBe(3);
    expect(perf.trades.slice(0, 2).map((t: { reason: string }) => t.reason)).toEqual([
      'flatten',
      'flatten',
    ]);
  });
});
