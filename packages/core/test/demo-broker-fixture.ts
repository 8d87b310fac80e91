import { createDb, simBrokerStore } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import {
  DemoClock,
  DemoMarket,
  SimBroker,
  dayFromIso,
  isoFromDay,
  nextTradingDay,
  sessionOf,
  type OrderRequest,
  type SimCosts,
  type TradingSession,
} from '@tradebot/market';
import { beforeAll, beforeEach, expect } from 'vitest';
import { testUser } from './test-user.js';

/**
 * The simulated broker's test fixture: a demo market whose bars the tests know ahead (read from
 * the same seed at a later clock), a movable clock, two users, and helpers to build orders.
 */
// Lives as long as the test worker: with isolate off, the files a worker runs share this module,
// so none of them may close it.
export const db = createDb(process.env.DATABASE_URL ?? '');
export const store = simBrokerStore(db);
export const SEED = 7;
export const SIZE = 60;
export const COSTS: SimCosts = {
  slippagePercent: 0.1,
  commissionPerShare: 0.005,
  partialFillProbability: 0,
};
export const S = COSTS.slippagePercent / 100;
export const FEE = COSTS.commissionPerShare;

/** The market at the end of time: the bars the test clock will reveal, read ahead. */
const future = new DemoMarket({
  seed: SEED,
  size: SIZE,
  clock: new DemoClock({ start: Date.parse('2027-06-01T00:00:00Z'), speed: 0 }),
});
export const SYMBOL = (future.listings().find((c) => c.profile.asset_type === 'stock') ??
  future.listings()[0])!.profile.symbol;
/** D0: the session whose close decides; the orders fill on D1, D2, … */
export const D0 = dayFromIso('2026-01-05');
export const days: number[] = [D0];
for (let k = 0; k < 30; k++) days.push(nextTradingDay(days[k] as number));
export const session = (k: number) => sessionOf(days[k] as number) as TradingSession;

export interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
}
export let bars: Bar[] = [];

export let clock: DemoClock;
export let market: DemoMarket;
export let userA: number;
export let userB: number;

export function broker(userId: number, costs: SimCosts = COSTS, cash = 10_000): SimBroker {
  return new SimBroker({
    store,
    market,
    userId,
    costs,
    opening: { cash, seed: 11, accountNumber: `DEMO${userId}` },
  });
}

/** Moves the demo clock to `minutes` after the close of session k (the bar is then complete). */
export function afterClose(k: number, minutes = 60): void {
  clock.advance(Math.max(0, session(k).close + minutes * 60_000 - clock.now()));
}

export function order(o: Partial<OrderRequest> & { clientOrderId: string }): OrderRequest {
  return { symbol: SYMBOL, qty: 10, side: 'buy', type: 'market', timeInForce: 'opg', ...o };
}

export async function newUser(name: string): Promise<number> {
  return testUser(db, name);
}

/** Registers the fixture's hooks in the calling test file. */
export function useDemoBrokerFixture(): void {
  beforeAll(async () => {
    const b = await future.getDailyBars(SYMBOL, {
      from: isoFromDay(D0),
      to: isoFromDay(days[30] as number),
    });
    bars = Array.from({ length: b.close.length }, (_, k) => ({
      open: b.open[k] as number,
      high: b.high[k] as number,
      low: b.low[k] as number,
      close: b.close[k] as number,
    }));
    expect(b.time[0]).toBe(D0 * 86_400_000);
    expect(bars.length).toBe(31);
  });

  beforeEach(async () => {
    await resetDatabase(db);
    clock = new DemoClock({ start: session(0).close + 3_600_000, speed: 0 });
    market = new DemoMarket({ seed: SEED, size: SIZE, clock });
    userA = await newUser('alice');
    userB = await newUser('bob');
  });
}

export const bar = (k: number) => bars[k] as Bar;
