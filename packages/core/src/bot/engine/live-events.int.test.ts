import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import {
  botUser,
  clock,
  engine,
  events,
  runtime,
  session,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import type { SessionInfo } from '../../types.js';
import { BrokerError } from '@tradebot/market';

/**
 * What reaches an open dashboard over /ws without a poll: every tick's time and the market's
 * open or closed (a failed tick's error too), the market clock's next change on the status read,
 * and a `config` event whenever the settings the bot trades with change.
 */
useBotFixture('2025-05-30');

const [D0] = tradingDays('2025-06-02', 1) as [number];
const updates = (userId: number) => events.filter((e) => e.userId === userId).map((e) => e.message);
const demoSession = (userId: number) =>
  ({ userId, account: { market: 'demo', alpacaEnvironment: 'paper' } }) as SessionInfo;

describe('live dashboard events', () => {
  it('each tick sends its time and whether the market is open', async () => {
    const userId = await botUser('ticklive', { symbols: stockSymbols(2), parameters: BUSY_PARAMS });
    const tick = engine().tick;
    clock.advanceTo(session(D0).open + 3_600_000);
    await tick(userId);
    const midday = clock.now();
    clock.advanceTo(session(D0).close + 600_000);
    await tick(userId);
    const sent = updates(userId).filter((m) => m.type === 'update');
    expect(sent.map((m) => m.type === 'update' && m.data.last_tick_at)).toEqual([
      new Date(midday).toISOString(),
      new Date(clock.now()).toISOString(),
    ]);
    expect(sent.map((m) => m.type === 'update' && m.data.market_open)).toEqual([true, false]);
    expect(sent.every((m) => m.type === 'update' && m.data.last_error === null)).toBe(true);
  });

  it('a failed tick sends its time and error at once', async () => {
    const userId = await botUser('tickfail', { symbols: stockSymbols(1), parameters: BUSY_PARAMS });
    const tick = engine({
      marketFor: async () => {
        throw new BrokerError('unavailable', 'Broker unreachable');
      },
    }).tick;
    expect((await tick(userId)).outcome).toBe('failed');
    const [update] = updates(userId);
    expect(update).toMatchObject({
      type: 'update',
      data: { last_tick_at: new Date(clock.now()).toISOString(), last_error: 'Broker unreachable' },
    });
  });

  it("the status read carries the clock's time, next change and speed", async () => {
    clock.advanceTo(session(D0).open + 3_600_000);
    const status = await runtime.services.market.marketStatus(demoSession(1));
    expect(status).toEqual({
      is_open: true,
      market_time: new Date(clock.now()).toISOString(),
      next_change: new Date(session(D0).close).toISOString(),
      speed: 0,
    });
  });

  it('saving trading settings, backtest settings or the Final Trading List sends `config`', async () => {
    const symbols = stockSymbols(2);
    const userId = await botUser('cfglive', { symbols, parameters: BUSY_PARAMS });
    const other = await botUser('cfgother', { symbols, parameters: BUSY_PARAMS });
    const s = demoSession(userId);
    const configs = () => updates(userId).filter((m) => m.type === 'config').length;
    await runtime.services.tradingSettings.update(s, { risk_percentage: 0.02 });
    expect(configs()).toBe(1);
    await runtime.services.backtestSettings.save(s, { trailing_stop_pct: 0.05 });
    expect(configs()).toBe(2);
    const list = await runtime.services.stockLists.finalTradingConfig(s);
    await runtime.services.stockLists.updateFinalTradingConfig(s, list);
    expect(configs()).toBe(3);
    expect(updates(other)).toEqual([]);
  });
});
