import {
  DAY_MS,
  DemoClock,
  DemoMarket,
  dayFromIso,
  isoFromDay,
  sessionOf,
  type TradingSession,
} from '@tradebot/market';
import {
  BACKTEST_SETTINGS_DEFAULTS,
  backtest,
  type BacktestConfig,
  type StockParams,
} from '@tradebot/strategy';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import {
  SEED,
  SIZE,
  botUser,
  clock,
  db,
  engine,
  market,
  realBroker,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import { demoAccountSeed } from '../../demo-market/demo-broker.js';
import { storedParameters } from '../../stock-lists/stored-parameters.js';
import { WARM_UP_DAYS } from './symbols.js';

/**
 * The same bars in, the same trades out, through the bot: a user's bot ticks after every close
 * of a recorded bar series on the simulated broker, and the round trips of its fills equal
 * `backtest()`'s trades on those bars (sides, fill days, quantities, prices, protective reasons),
 * the bot's exits being market orders at the next open like the backtest's signal exits.
 */
useBotFixture('2025-05-30');

const FIRST = dayFromIso('2025-06-02');
const LAST = dayFromIso('2026-01-30');

interface RoundTrip {
  side: 'long' | 'short';
  entryDay: number;
  exitDay: number;
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  reason: string | null;
}

const TIGHT: StockParams = {
  ...BUSY_PARAMS,
  stop_loss_percentage: 2,
  short_stop_loss_percentage: 2,
  take_profit_percentage: 3,
  short_take_profit_percentage: 3,
};

async function run(params: StockParams, partial: number, trailing: number) {
  const symbol = market.listings().find((c) => c.profile.asset_type === 'stock')!.profile.symbol;
  // The stored parameters read back unchanged (the bot trades exactly these).
  expect(storedParameters(params)).toEqual(params);
  const userId = await botUser(`parity${partial}`, {
    symbols: [symbol],
    parameters: params,
    backtest: {
      ...BACKTEST_SETTINGS_DEFAULTS,
      partial_fill_probability: partial,
      trailing_stop_pct: trailing,
    },
  });
  // The recorded series, read at the end (a clock far ahead shows every bar).
  const future = new DemoMarket({
    seed: SEED,
    size: SIZE,
    clock: new DemoClock({ start: Date.parse('2027-06-01T00:00:00Z'), speed: 0 }),
  });
  const bars = await future.getDailyBars(symbol, {
    from: isoFromDay(FIRST - WARM_UP_DAYS),
    to: isoFromDay(LAST),
  });
  const n = bars.close.length;
  expect(bars.time[n - 1]).toBe(LAST * DAY_MS);
  const start = bars.time.indexOf(FIRST * DAY_MS);
  expect(start).toBeGreaterThan(200);
  const config: BacktestConfig = {
    ...BACKTEST_SETTINGS_DEFAULTS,
    partial_fill_probability: partial,
    trailing_stop_pct: trailing,
    // The simulated account draws its partial fills from this seed.
    seed: demoAccountSeed(userId),
    shortAtrThreshold: 1.5,
  };
  const expected = backtest(bars, { ...params, risk_per_trade: 0.02 }, config, { start, end: n });

  const tick = engine().tick;
  for (let i = start; i < n; i++) {
    const session = sessionOf(Math.round((bars.time[i] as number) / DAY_MS)) as TradingSession;
    clock.advanceTo(Math.max(clock.now(), session.close + 3_600_000));
    expect((await tick(userId)).outcome).toBe('ran');
  }

  const fills = await (await realBroker(userId)).getFills(0);
  const trips: RoundTrip[] = [];
  for (let k = 0; k + 1 < fills.length; k += 2) {
    const a = fills[k]!;
    const b = fills[k + 1]!;
    expect(b.qty).toBe(a.qty);
    expect(b.side).not.toBe(a.side);
    trips.push({
      side: a.side === 'buy' ? 'long' : 'short',
      entryDay: Math.floor(a.time / DAY_MS),
      exitDay: Math.floor(b.time / DAY_MS),
      quantity: a.qty,
      entryPrice: a.price,
      exitPrice: b.price,
      reason: b.reason ?? null,
    });
  }
  const want: RoundTrip[] = expected.trades
    .filter((t) => t.reason !== 'end_of_data')
    .map((t) => ({
      side: t.side,
      entryDay: t.entryTime / DAY_MS,
      exitDay: t.exitTime / DAY_MS,
      quantity: t.quantity,
      entryPrice: t.entryPrice,
      exitPrice: t.exitPrice,
      reason: t.reason === 'signal' || t.reason === 'max_drawdown' ? null : t.reason,
    }));
  // A position still open at the end is the backtest's end_of_data trade.
  const open = expected.trades.some((t) => t.reason === 'end_of_data');
  expect(fills.length).toBe(2 * want.length + (open ? 1 : 0));
  const exits = await db.botOrder.count({ where: { userId, purpose: 'exit' } });
  return { trips, want, exits, signals: want.filter((t) => t.reason === null).length };
}

describe('bot ≡ backtester on the demo market', () => {
  it.each([
    ['trailing stop 2 %, no partial fills', BUSY_PARAMS, 0, 0.02],
    ['tight stop and target, no trailing stop, partial fills 30 %', TIGHT, 0.3, 0],
  ] as const)(
    "the bot's fills are the backtest's trades (%s)",
    async (_, params, partial, trailing) => {
      const r = await run(params, partial, trailing);
      expect(r.want.length).toBeGreaterThan(5);
      expect(r.want.some((t) => t.side === 'short')).toBe(true);
      expect(r.signals).toBeGreaterThan(0);
      expect(r.exits).toBeGreaterThanOrEqual(r.signals);
      expect(r.trips).toEqual(r.want);
    },
    240_000,
  );
});
