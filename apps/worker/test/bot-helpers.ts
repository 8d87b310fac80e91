import { createCoreRuntime, type CoreRuntime } from '@tradebot/core';
import { saveBacktestSettings, type Db } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { dayFromIso, nextTradingDay, sessionOf } from '@tradebot/market';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadEnv } from '../src/env.js';
import { TEST_KEY, type WorkerProcess } from './worker-process.js';

/**
 * The test process's side of the bot's worker tests (bot-crash, bot-redis-flush, bot-worker): a core runtime
 * on the test database and Redis (its demo market only names the stocks; the worker process
 * trades on its own clock), a demo user whose bot runs, and the checks that no order was ever
 * sent twice and that the simulated broker's books add up.
 */
export async function botTestRuntime(): Promise<CoreRuntime> {
  return await createCoreRuntime(
    loadEnv({
      NODE_ENV: 'test',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      ENCRYPTION_KEY: TEST_KEY,
      DEMO_TRADING_DAYS_PER_MINUTE: '0',
    }),
  );
}

/**
 * A fresh database and Redis before the file's tests; after them the file's worker process is
 * stopped with `signal` and the runtime closed.
 */
export function botTestHooks(
  runtime: CoreRuntime,
  worker: () => WorkerProcess | undefined,
  signal: NodeJS.Signals,
) {
  beforeAll(async () => {
    await resetDatabase(runtime.db);
    await runtime.redis.flushdb();
  });
  afterAll(async () => {
    worker()?.child.kill(signal);
    await worker()?.exited;
    await runtime.close();
  });
}

/** The first `n` stocks of the demo universe (the worker's market has the same seed). */
export function demoStocks(runtime: CoreRuntime, n: number): string[] {
  return runtime.demo.market
    .listings()
    .filter((c) => c.profile.asset_type === 'stock')
    .slice(0, n)
    .map((c) => c.profile.symbol);
}

/** Trading days from `from` (a trading day) on, n of them. */
export function tradingDays(from: string, n: number): number[] {
  const days = [dayFromIso(from)];
  while (days.length < n) days.push(nextTradingDay(days[days.length - 1] as number));
  return days;
}

/** DEMO_CLOCK_START an hour after the close of `day`: that day's bar has just completed. */
export function afterCloseOf(day: number): string {
  const session = sessionOf(day);
  if (session === null) throw new Error(`${day} is not a trading day`);
  return new Date(session.close + 3_600_000).toISOString();
}

/**
 * A demo user whose bot runs, as Start leaves it: the symbols on the Final Trading List with
 * BUSY_PARAMS (they trade often), a running bot_states row ticking every `sleepInterval`
 * seconds, and a 100,000 opening balance so entries are rarely refused for buying power. The
 * worker's scheduler healing gives it its Job Scheduler at start.
 */
export async function runningBotUser(
  db: Db,
  name: string,
  symbols: string[],
  sleepInterval: number,
): Promise<number> {
  const user = await db.user.create({
    data: {
      username: name,
      email: `${name}@example.com`,
      passwordHash: 'x',
      country: 'US',
      tosAcceptedAt: new Date(),
    },
  });
  await db.finalTradingListEntry.createMany({
    data: symbols.map((symbol) => ({ userId: user.id, symbol, parameters: { ...BUSY_PARAMS } })),
  });
  await saveBacktestSettings(db, user.id, { initial_balance: 100_000 });
  await db.botState.create({
    data: { userId: user.id, running: true, market: 'demo', mode: 'demo', sleepInterval },
  });
  return user.id;
}

/** First key of the tick's advisory lock (core/src/bot/engine/lock.ts: "bot"). */
const BOT_TICK_LOCK = 0x626f74;

/**
 * Whether a tick of the user is running now: its PostgreSQL advisory lock is held in this
 * database (pg_locks is the whole server's: other databases' bots hold the same keys).
 */
export async function tickRunning(db: Db, userId: number): Promise<boolean> {
  const { rows } = await db.pool.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND classid = $1::int::oid AND objid = $2::int::oid AND objsubid = 2) AS held`,
    [BOT_TICK_LOCK, userId],
  );
  return rows[0]?.held === true;
}

export interface OrderBooks {
  /** Orders the bot sent (not the broker's own bracket legs). */
  orders: number;
  fills: number;
  entries: number;
  exits: number;
}

/**
 * The user's orders and books after crashes or a Redis flush:
 * - no client order id has more than one broker order, and every intent at most one;
 * - every order the bot sent has its intent (nothing reached the broker unrecorded);
 * - no entry filled while the symbol was already held (no second entry for one position);
 * - the broker's positions are the sum of its fills, and its cash what the fills imply.
 */
export async function expectConsistentBooks(db: Db, userId: number): Promise<OrderBooks> {
  const duplicates = await db.$queryRaw<{ client_order_id: string; n: bigint }[]>`
    SELECT client_order_id, count(*) AS n FROM sim_orders WHERE user_id = ${userId}
    GROUP BY client_order_id HAVING count(*) > 1`;
  expect(duplicates).toEqual([]);
  const perIntent = await db.$queryRaw<{ client_order_id: string; n: bigint }[]>`
    SELECT b.client_order_id, count(s.id) AS n FROM bot_orders b
    LEFT JOIN sim_orders s ON s.user_id = b.user_id AND s.client_order_id = b.client_order_id
    WHERE b.user_id = ${userId} GROUP BY b.client_order_id HAVING count(s.id) > 1`;
  expect(perIntent).toEqual([]);

  const intents = await db.botOrder.findMany({
    where: { userId },
    select: { clientOrderId: true, purpose: true, status: true },
  });
  const purpose = new Map(intents.map((i) => [i.clientOrderId, i.purpose]));
  const sent = await db.simOrder.findMany({
    where: { userId, parentId: null },
    select: { id: true, clientOrderId: true },
  });
  expect(sent.filter((o) => !purpose.has(o.clientOrderId)).map((o) => o.clientOrderId)).toEqual([]);
  const orderPurpose = new Map(sent.map((o) => [o.id, purpose.get(o.clientOrderId)]));

  const fills = await db.simFill.findMany({
    where: { userId },
    orderBy: [{ time: 'asc' }, { id: 'asc' }],
  });
  const held = new Map<string, { qty: number; from: Set<string> }>();
  let cashFlow = 0;
  for (const fill of fills) {
    const signed = fill.side === 'buy' ? fill.qty : -fill.qty;
    const position = held.get(fill.symbol) ?? { qty: 0, from: new Set<string>() };
    if (orderPurpose.get(fill.orderId) === 'entry') {
      // Flat, or only this entry's own earlier partial fills.
      const others = [...position.from].filter((id) => id !== fill.orderId);
      expect(position.qty === 0 || others.length === 0, `second entry in ${fill.symbol}`).toBe(
        true,
      );
      position.from.add(fill.orderId);
    }
    position.qty += signed;
    if (Math.abs(position.qty) < 1e-9) position.from.clear();
    held.set(fill.symbol, position);
    // The fill's commission is its total (commission per share × shares).
    cashFlow += -signed * fill.price - fill.commission;
  }

  const positions = await db.simPosition.findMany({ where: { userId } });
  const fromFills = [...held]
    .filter(([, p]) => Math.abs(p.qty) > 1e-9)
    .map(([symbol, p]) => [symbol, p.qty])
    .sort();
  expect(positions.map((p) => [p.symbol, p.qty]).sort()).toEqual(fromFills);
  const account = await db.simAccount.findUniqueOrThrow({ where: { userId } });
  expect(account.cash).toBeCloseTo(100_000 + cashFlow, 4);

  return {
    orders: sent.length,
    fills: fills.length,
    entries: intents.filter((i) => i.purpose === 'entry').length,
    exits: intents.filter((i) => i.purpose === 'exit').length,
  };
}

/**
 * A wait that timed out: fails with the worker's output and what the database's sessions were
 * doing (a tick that never ends shows here as the query it waits on).
 */
export function failWith(db: Db, worker: () => WorkerProcess | undefined) {
  return async (error: Error): Promise<never> => {
    const sessions = await db.$queryRaw<object[]>`
      SELECT pid, state, wait_event_type, wait_event, (now() - xact_start)::text AS in_xact,
        left(query, 160) AS query
      FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
    const locks = await db.$queryRaw<object[]>`
      SELECT pid, locktype, mode, granted, classid::text, objid::text FROM pg_locks
      WHERE database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND (locktype IN ('advisory', 'tuple') OR NOT granted)`;
    throw new Error(
      `${error.message}\n${worker()?.output.join('').slice(-4000)}\n` +
        `sessions ${JSON.stringify(sessions)}\nlocks ${JSON.stringify(locks)}`,
    );
  };
}
