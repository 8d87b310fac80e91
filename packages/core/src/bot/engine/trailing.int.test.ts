import { BACKTEST_SETTINGS_DEFAULTS } from '@tradebot/strategy';
import { describe, expect, it } from 'vitest';
import {
  afterClose,
  botUser,
  clock,
  db,
  engine,
  iso,
  market,
  realBroker,
  session,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import { botMarketFor } from '../market.js';
import type { MarketFor } from './tick.js';
import { placeOrder } from '../orders/place-order.js';

/**
 * Trailing stops on a broker that does not hold them beside a bracket (Alpaca): the tick watches
 * each position the bot entered against the best price since its entry and closes it at market
 * when the latest trade crosses the level. Alpaca is stood in for by the simulated broker on the
 * demo market's bars (the watch only reads the broker port and the market data).
 */
useBotFixture('2025-05-30');

const [D0, D1, D2] = tradingDays('2025-06-02', 3) as [number, number, number];

async function holding(trail: number) {
  const userId = await botUser(`trail${String(trail).replace('.', '')}`, {
    symbols: [],
    parameters: {},
    backtest: {
      ...BACKTEST_SETTINGS_DEFAULTS,
      trailing_stop_pct: trail,
      partial_fill_probability: 0,
    },
    // The stand-in fills a day order at the next open: a short time-out would cancel it first.
    trading: { order_timeout: 60 },
  });
  await db.botState.update({ where: { userId }, data: { market: 'alpaca', mode: 'paper' } });
  const marketFor: MarketFor = (deps, user) => botMarketFor(deps, user, 'demo', 'demo');
  const tick = engine({ marketFor }).tick;
  afterClose(D0);
  await tick(userId);
  return { userId, tick, broker: await realBroker(userId) };
}

describe('the trailing stop watch (Alpaca)', () => {
  it.each([
    [0.0001, true],
    [0.5, false],
  ] as const)(
    'trail %s: positions past their level are closed at market: %s',
    async (trail, some) => {
      const { userId, tick, broker } = await holding(trail);
      const symbols = stockSymbols(6);
      for (const symbol of symbols)
        await placeOrder(db, broker, {
          userId,
          purpose: 'entry',
          decidedOn: '2025-06-02',
          at: new Date(clock.now()),
          request: {
            symbol,
            qty: 10,
            side: 'buy',
            type: 'market',
            timeInForce: 'opg',
            clientOrderId: `tb${userId}-${symbol}-20250602-e`,
          },
        });
      afterClose(D1);
      await tick(userId);
      const positions = await broker.getPositions();
      expect(positions.map((p) => p.qty)).toEqual(symbols.map(() => 10));
      clock.advanceTo(session(D2).open + 2 * 3_600_000);
      // What the watch should see: the best of the fill and the bars since, against the last trade.
      const expected: string[] = [];
      for (const p of positions) {
        const bars = await market.getDailyBars(p.symbol, { from: iso(D1), to: iso(D2) });
        const last = (await market.getLatestTrade(p.symbol))!.price;
        const best = Math.max(p.avgEntryPrice, ...bars.high, last);
        if (last <= best * (1 - trail)) expected.push(p.symbol);
      }
      expect(expected.length > 0).toBe(some);
      const result = await tick(userId);
      expect(result.orders_sent).toBe(expected.length);
      const exits = await db.botOrder.findMany({
        where: { userId, purpose: 'exit' },
        orderBy: { symbol: 'asc' },
      });
      expect(exits.map((e) => e.symbol)).toEqual([...expected].sort());
      for (const e of exits)
        expect(e).toMatchObject({
          clientOrderId: `tb${userId}-${e.symbol}-20250604-t`,
          side: 'sell',
          qty: 10,
          request: { type: 'market', timeInForce: 'day', reason: 'trailing_stop' },
        });
      // Watched again later the same day: the exits are under way, nothing more is sent.
      clock.advance(30_000);
      expect((await tick(userId)).orders_sent).toBe(0);
      // A market order during the session fills at the last trade.
      expect(
        await db.botOrder.count({ where: { userId, purpose: 'exit', status: 'filled' } }),
      ).toBe(expected.length);
      expect(
        await db.botLog.count({ where: { userId, message: { contains: 'trailing stop hit' } } }),
      ).toBe(expected.length);
    },
  );
});
