import { createDb, simBrokerStore } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import {
  DAY_MS,
  DemoClock,
  DemoMarket,
  SimBroker,
  dayFromIso,
  isoFromDay,
  sessionOf,
  type TradingSession,
} from '@tradebot/market';
import {
  BACKTEST_SETTINGS_DEFAULTS,
  Decider,
  backtest,
  decisionBarAt,
  levelMultiples,
  type BacktestConfig,
  type Bars,
  type StockParams,
} from '@tradebot/strategy';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { testUser } from '../../test/test-user.js';

/**
 * The same bars in, the same trades out, at the broker: the live bot's `Decider` decides each
 * close, the simulated broker fills its orders on the demo market (opg entries with bracket
 * exits, closePosition for exit signals), and the round trips it records equal `backtest()`'s
 * trades on those bars: sides, fill bars, quantities (partial fills included), prices and
 * protective reasons, exactly; and the account's equity at every close equals the backtest's.
 */
const db = createDb(process.env.DATABASE_URL ?? '');
const store = simBrokerStore(db);
const SEED = 7;
const SIZE = 60;
const future = new DemoMarket({
  seed: SEED,
  size: SIZE,
  clock: new DemoClock({ start: Date.parse('2027-06-01T00:00:00Z'), speed: 0 }),
});
const FIRST = dayFromIso('2025-06-02');
const LAST = dayFromIso('2026-01-30');

beforeEach(async () => resetDatabase(db));
afterAll(async () => db.$disconnect());

interface RoundTrip {
  side: 'long' | 'short';
  entryDay: number;
  exitDay: number;
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  reason: string | null;
}

async function run(symbol: string, params: StockParams, partial: number, trailing: number) {
  const bars: Bars = await future.getDailyBars(symbol, {
    from: isoFromDay(FIRST - 120),
    to: isoFromDay(LAST),
  });
  const n = bars.close.length;
  const start = bars.time.indexOf(FIRST * DAY_MS);
  expect(start).toBeGreaterThan(40);
  const config: BacktestConfig = {
    ...BACKTEST_SETTINGS_DEFAULTS,
    partial_fill_probability: partial,
    trailing_stop_pct: trailing,
    seed: 1234,
    allowShort: true,
  };
  const expected = backtest(bars, params, config, { start, end: n });

  const userId = await testUser(db, `parity${symbol}`);
  const session = (i: number) =>
    sessionOf(Math.round((bars.time[i] as number) / DAY_MS)) as TradingSession;
  const clock = new DemoClock({ start: session(start).close + 3_600_000, speed: 0 });
  const broker = new SimBroker({
    store,
    market: new DemoMarket({ seed: SEED, size: SIZE, clock }),
    userId,
    costs: {
      slippagePercent: config.slippage_percent,
      commissionPerShare: config.commission_per_share,
      partialFillProbability: partial,
    },
    opening: { cash: config.initial_balance, seed: config.seed, accountNumber: 'DEMO1' },
  });
  const decider = new Decider(params, config);
  for (let k = 0; k < start; k++) decider.warm(decisionBarAt(bars, k));
  const m = levelMultiples(params);
  let entryId: string | null = null;
  const equity: number[] = [];
  for (let i = start; i < n; i++) {
    clock.advance(Math.max(0, session(i).close + 3_600_000 - clock.now()));
    if (entryId !== null) {
      const entry = await broker.getOrderByClientId(entryId);
      if (entry !== null && entry.status !== 'new') {
        if (entry.filledQty > 0)
          decider.entered(
            entry.side === 'buy' ? 1 : -1,
            entry.filledQty,
            entry.filledAvgPrice as number,
            bars.time[i] as number,
          );
        entryId = null;
      }
    }
    const positions = await broker.getPositions();
    if (decider.position !== null && positions.length === 0) decider.exited();
    const account = await broker.getAccount();
    equity.push(account.equity);
    const intent = decider.update(decisionBarAt(bars, i), account.equity).intent;
    if (intent === null || i === n - 1) continue;
    if (intent.kind === 'exit') await broker.closePosition(symbol);
    else {
      entryId = `e${i}`;
      await broker.submitOrder({
        symbol,
        qty: intent.quantity,
        side: intent.side === 1 ? 'buy' : 'sell',
        type: 'market',
        timeInForce: 'opg',
        clientOrderId: entryId,
        bracket: {
          stopLossAt: intent.side === 1 ? m.longStopAt : m.shortStopAt,
          takeProfitAt: intent.side === 1 ? m.longTargetAt : m.shortTargetAt,
          trail: config.trailing_stop_pct,
        },
      });
    }
  }

  // Round trips from the broker's fills: entries and exits alternate on one symbol.
  const fills = await broker.getFills(0);
  const trips: RoundTrip[] = [];
  for (let k = 0; k + 1 < fills.length; k += 2) {
    const a = fills[k]!;
    const b = fills[k + 1]!;
    expect(b.qty).toBe(a.qty);
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
  return { trips, want, equity, expectedEquity: expected.equity, trades: expected.trades };
}

const TIGHT: StockParams = {
  ...BUSY_PARAMS,
  stop_loss_percentage: 2,
  short_stop_loss_percentage: 2,
  take_profit_percentage: 3,
  short_take_profit_percentage: 3,
};

describe('simulated broker ≡ backtester on the demo market', () => {
  it.each([
    ['trailing stop 2 %, no partial fills', BUSY_PARAMS, 0, 0.02, ['trailing_stop', null], 0],
    [
      'tight stop and target, no trailing stop, partial fills 30 %',
      TIGHT,
      0.3,
      0,
      ['take_profit', 'stop_loss', null],
      5,
    ],
  ] as const)(
    'a Decider trading through the broker makes the backtest trades (%s)',
    async (_, params, partial, trailing, reasons, cuts) => {
      const symbol = future.listings().find((c) => c.profile.asset_type === 'stock')!.profile
        .symbol;
      const r = await run(symbol, params, partial, trailing);
      expect(r.want.length).toBeGreaterThan(5);
      expect(new Set(r.want.map((t) => t.reason))).toEqual(new Set(reasons));
      expect(r.want.some((t) => t.side === 'short')).toBe(true);
      // Entries the partial-fill draw cut: the rest expired at the open, as the backtest drops it.
      expect(await db.simOrder.count({ where: { status: 'expired' } })).toBe(cuts);
      expect(r.trips).toEqual(r.want);
      // Equity at each close (the last bar's differs: the backtest closes out at it).
      const k = r.equity.length - 1;
      expect(r.equity.slice(0, k)).toEqual(Array.from(r.expectedEquity).slice(0, k));
    },
  );
});
