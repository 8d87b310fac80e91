import { demoBrokerFor } from '@tradebot/core';
import { currentOrNextSession, isoFromDay, type OrderRequest } from '@tradebot/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * The dashboard's daily P&L on the demo market counts from the previous session's close, as on
 * Alpaca (its `last_equity`): not from the equity the bot saw at the day's first tick.
 */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  await api.runtime.deps.botQueue.obliterate({ force: true });
});
afterAll(async () => api.close());

const clock = () => api.runtime.demo.clock;
const market = (symbol: string, qty: number, id: string): OrderRequest => ({
  symbol,
  qty,
  side: 'buy',
  type: 'market',
  timeInForce: 'day',
  clientOrderId: id,
});

describe('daily P&L on the demo market', () => {
  it('is the equity less the equity at the previous session’s close', async () => {
    const user = await signUpAndLogIn(api, 'dailypnl', '10.0.41.1');
    await api.http.post('/api/use-demo-market', undefined, user.token);
    await api.http.post(
      '/api/backtest/settings',
      { partial_fill_probability: 0, slippage_percent: 0, commission_per_share: 0 },
      user.token,
    );
    const [a, b] = api.runtime.demo.market
      .listings()
      .filter((c) => c.profile.asset_type === 'stock')
      .map((c) => c.profile.symbol)
      .sort() as [string, string];
    const broker = await demoBrokerFor(api.runtime.deps, user.userId);
    const opening = (await broker.getAccount()).cash;

    // 10 of A bought and held through a session's close.
    await broker.submitOrder(market(a, 10, 'buy-a'));
    clock().advanceSessions(1);
    const closed = currentOrNextSession(clock().now() - 1);
    const [fillA] = await broker.getFills(0);
    const bars = await api.runtime.demo.market.getDailyBars(a, {
      from: isoFromDay(closed.day),
      to: isoFromDay(closed.day),
    });
    const lastEquity = opening - 10 * fillA!.price + 10 * bars.close[0]!;

    // Two hours into the next session: 6 of B bought; A has moved since the close.
    clock().advanceTo(currentOrNextSession(clock().now() + 1).open + 2 * 3_600_000);
    await broker.submitOrder(market(b, 6, 'buy-b'));
    expect((await broker.getFills(0)).map((f) => f.symbol)).toEqual([a, b]);
    const now = await broker.getAccount();
    expect(now.lastEquity).toBeCloseTo(lastEquity, 6);
    expect(Math.abs(now.equity - lastEquity)).toBeGreaterThan(0.01);

    await api.runtime.db.finalTradingListEntry.create({
      data: { userId: user.userId, symbol: a, parameters: {} },
    });
    expect((await api.http.post('/api/start', {}, user.token)).status).toBe(200);
    expect((await api.runtime.services.botEngine.tick(user.userId)).outcome).toBe('ran');
    const status = (await api.http.get('/api/bot/status', user.token)).body;
    const equity = (await broker.getAccount()).equity;
    expect(status.equity).toBeCloseTo(equity, 2);
    expect(Math.abs(status.daily_pnl - (equity - lastEquity))).toBeLessThanOrEqual(0.01);
  });
});
