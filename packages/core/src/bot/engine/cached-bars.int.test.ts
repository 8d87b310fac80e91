import { botTick } from '@tradebot/api-contract';
import {
  AlpacaError,
  DAY_MS,
  DemoClock,
  DemoMarket,
  lastCompletedTradingDay,
} from '@tradebot/market';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import {
  SEED,
  SIZE,
  afterClose,
  botUser,
  clock,
  db,
  engine,
  iso,
  market,
  realBroker,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import { listing, storeBars, type TestBar } from '../../../test/cached-bars.js';
import type { AlpacaBarsFeed } from '../../backtest/alpaca-bars.js';
import { cachedBotData, type BotMarket } from '../market.js';

/**
 * An Alpaca bot decides on the cached bars the backtests read (`daily_bars` of source `alpaca`),
 * topped up to the last completed session first: a failed top-up fails the tick with a clear
 * last_error and decides nothing, and a session still missing after the top-up is not decided.
 */
useBotFixture('2025-05-30');

const [D1, D2] = tradingDays('2025-06-02', 2) as [number, number];
const future = new DemoMarket({
  seed: SEED,
  size: SIZE,
  clock: new DemoClock({ start: Date.parse('2027-06-01T00:00:00Z'), speed: 0 }),
});
/** The cache holds other prices than the demo market (twice them): its bars are told apart. */
const SCALE = 2;

async function cachedHistory(symbol: string): Promise<TestBar[]> {
  const bars = await future.getDailyBars(symbol, { from: iso(D1 - 700), to: iso(D2) });
  return Array.from(bars.time, (t, i) => ({
    day: Math.round(t / DAY_MS),
    open: (bars.open[i] as number) * SCALE,
    high: (bars.high[i] as number) * SCALE,
    low: (bars.low[i] as number) * SCALE,
    close: (bars.close[i] as number) * SCALE,
    volume: bars.volume[i] as number,
  }));
}

describe('the Alpaca bot on the cached bars', () => {
  it('tops the cache up before deciding and decides on its bars, never on stale ones', async () => {
    const [symbol] = stockSymbols(1) as [string];
    const userId = await botUser('cached', { symbols: [symbol], parameters: BUSY_PARAMS });
    const history = await cachedHistory(symbol);
    const id = await listing(db, 'alpaca', symbol);
    await storeBars(
      db,
      id,
      history.filter((b) => b.day < D1),
    );

    let mode: 'store' | 'fail' | 'nothing' = 'store';
    const calls: [string[], number][] = [];
    const supplier: AlpacaBarsFeed = {
      feed: 'iex',
      async topUp(symbols, now) {
        const toDay = lastCompletedTradingDay(now);
        calls.push([[...symbols], toDay]);
        if (mode === 'fail') throw new AlpacaError('unavailable', 'Alpaca is unavailable (503)');
        if (mode === 'store') {
          const have = await db.dailyBar.count({ where: { companyId: id } });
          await storeBars(
            db,
            id,
            history.slice(have).filter((b) => b.day <= toDay),
          );
        }
      },
    };
    const broker = await realBroker(userId);
    const marketFor = async (): Promise<BotMarket> => ({
      broker,
      clock,
      data: cachedBotData(db, supplier, market),
    });
    const tick = engine({ marketFor }).tick;
    const decided = async () =>
      db.botSymbol.findUnique({ where: { userId_symbol: { userId, symbol } } });

    // The cache ends a session behind: the tick tops it up, then decides on the cached close.
    afterClose(D1);
    expect((await tick(userId)).outcome).toBe('ran');
    expect(calls).toEqual([[[symbol], D1]]);
    const row = await decided();
    expect(row?.lastDecidedOn).toBe(iso(D1));
    const cachedClose = history.find((b) => b.day === D1)?.close as number;
    expect(row?.lastPrice).toBeCloseTo(cachedClose, 6);
    const demo = await market.getDailyBars(symbol, { from: iso(D1), to: iso(D1) });
    expect(row?.lastPrice).not.toBeCloseTo(demo.close[0] as number, 2);
    // Decided: a later tick the same evening asks Alpaca nothing.
    expect((await tick(userId)).outcome).toBe('ran');
    expect(calls).toHaveLength(1);

    // The next session: Alpaca fails, so the tick fails and nothing is decided on older bars.
    afterClose(D2);
    mode = 'fail';
    expect((await tick(userId)).outcome).toBe('failed');
    const state = await db.botState.findUniqueOrThrow({ where: { userId } });
    expect(state.lastError).toBe(botTick.barsNotToppedUp(iso(D2), 'Alpaca is unavailable (503)'));
    expect((await decided())?.lastDecidedOn).toBe(iso(D1));
    expect(await db.botOrder.count({ where: { userId, decidedOn: iso(D2) } })).toBe(0);

    // Alpaca answers without the session's bar (not published yet): still not decided.
    mode = 'nothing';
    expect((await tick(userId)).outcome).toBe('ran');
    expect((await decided())?.lastDecidedOn).toBe(iso(D1));

    // Once the bar is there, the session is decided on it.
    mode = 'store';
    expect((await tick(userId)).outcome).toBe('ran');
    expect((await decided())?.lastDecidedOn).toBe(iso(D2));
    expect((await decided())?.lastPrice).toBeCloseTo(
      history.find((b) => b.day === D2)?.close as number,
      6,
    );
    expect((await db.botState.findUniqueOrThrow({ where: { userId } })).lastError).toBeNull();
  }, 60_000);
});
