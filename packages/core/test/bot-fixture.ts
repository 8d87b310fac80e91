import type { TWsServerMessage } from '@tradebot/api-contract';
import { saveBacktestSettings, saveTradingSettings, type Db } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import {
  DemoClock,
  DemoMarket,
  dayFromIso,
  isoFromDay,
  nextTradingDay,
  sessionOf,
  type BrokerPort,
  type TradingSession,
} from '@tradebot/market';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { botEngineService, type BotEngineOptions } from '../src/bot/engine/tick.js';
import { botMarketFor } from '../src/bot/market.js';
import { coreEnvShape, parseEnv } from '../src/env.js';
import { createCoreRuntime, type CoreRuntime } from '../src/runtime.js';
import { testUser } from './test-user.js';

/**
 * The bot engine's test fixture: a core runtime on real PostgreSQL and Redis whose demo market
 * (seed 7, 60 listings) runs on a paused clock the tests move session by session, websocket
 * events recorded, and helpers to give a user a Final Trading List and a running bot.
 */
export const SEED = 7;
export const SIZE = 60;
export let runtime: CoreRuntime;
export let db: Db;
export let clock: DemoClock;
export let market: DemoMarket;
export const events: { userId: number; message: TWsServerMessage }[] = [];

/** The stocks of the demo universe, in listing order. */
export function stockSymbols(n: number): string[] {
  return market
    .listings()
    .filter((c) => c.profile.asset_type === 'stock')
    .slice(0, n)
    .map((c) => c.profile.symbol);
}

export const session = (day: number) => sessionOf(day) as TradingSession;

/** Trading days from `from` (a trading day) on, n of them. */
export function tradingDays(from: string, n: number): number[] {
  const days = [dayFromIso(from)];
  while (days.length < n) days.push(nextTradingDay(days[days.length - 1] as number));
  return days;
}

/** Moves the clock to `minutes` after the close of `day` (its bar has completed). */
export function afterClose(day: number, minutes = 60): void {
  clock.advanceTo(Math.max(clock.now(), session(day).close + minutes * 60_000));
}

export function engine(options: BotEngineOptions = {}) {
  return botEngineService(runtime.deps, options);
}

/** The user's real simulated broker (the one the engine trades on). */
export function realBroker(userId: number): Promise<BrokerPort> {
  return botMarketFor(runtime.deps, userId, 'demo', 'demo').then((m) => m.broker);
}

export async function newUser(name: string): Promise<number> {
  return testUser(db, name);
}

export interface BotSetup {
  symbols: string[];
  parameters: object;
  trading?: Record<string, unknown>;
  backtest?: Record<string, unknown>;
  running?: boolean;
}

/** A user with the symbols on the Final Trading List and a bot_states row as Start writes it. */
export async function botUser(name: string, setup: BotSetup): Promise<number> {
  const userId = await newUser(name);
  await db.finalTradingListEntry.createMany({
    data: setup.symbols.map((symbol) => ({ userId, symbol, parameters: setup.parameters })),
  });
  if (setup.trading) await saveTradingSettings(db, userId, setup.trading);
  if (setup.backtest) await saveBacktestSettings(db, userId, setup.backtest);
  await db.botState.create({
    data: {
      userId,
      running: setup.running ?? true,
      market: 'demo',
      mode: 'demo',
      sleepInterval: 60,
      startedAt: new Date(clock.now()),
    },
  });
  return userId;
}

export const iso = isoFromDay;

/** Registers the fixture's hooks; the clock starts an hour after the close of `start`. */
export function useBotFixture(start: string): void {
  beforeAll(async () => {
    const env = {
      ...parseEnv(
        coreEnvShape,
        {
          DATABASE_URL: process.env.DATABASE_URL,
          REDIS_URL: process.env.REDIS_URL,
          DEMO_TRADING_DAYS_PER_MINUTE: '0',
        },
        'test',
      ),
      ENCRYPTION_KEY: 'a'.repeat(64),
    };
    runtime = await createCoreRuntime(env, {
      events: {
        publish: async (userId, message) => {
          events.push({ userId, message });
        },
      },
    });
    db = runtime.db;
  });
  beforeEach(async () => {
    await resetDatabase(db);
    events.length = 0;
    clock = new DemoClock({ start: session(dayFromIso(start)).close + 3_600_000, speed: 0 });
    market = new DemoMarket({ seed: SEED, size: SIZE, clock });
    runtime.deps.market.demo.clock = clock;
    runtime.deps.market.demo.market = market;
  });
  afterAll(async () => runtime.close());
}
