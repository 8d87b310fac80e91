import { parseArgs } from 'node:util';
import { configOf, createCoreRuntime, seedOf } from '@tradebot/core';
import { benchBotBooks, countBotIntents } from '@tradebot/db/bench';
import { isoFromDay, nextTradingDay, SimBroker, sessionOf } from '@tradebot/market';
import { Decider, decisionBarAt, type Bars } from '@tradebot/strategy';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { BENCH_SIZE_OPTIONS, benchLists, benchSizes, seedBenchBots } from './bench-bots.js';
import { loadEnv } from './env.js';

/**
 * The bot tick's cost, for bench/bot-tick.ts: `bot-tick-bench.cli.ts --users 100 --symbols 20
 * --concurrency 4` gives each user a running demo bot with 20 symbols on the Final Trading List
 * (drawn from the first `--pool` demo stocks, lists overlapping as users' do), then runs one tick
 * of every user through `services.botEngine.tick` with `concurrency` at once, as the worker's
 * BOT_CONCURRENCY does, three times: the first close (accounts open, every symbol decided, entries
 * sent), the next close (the entries fill at its open, then every symbol is decided again), and
 * again at that instant (nothing new to decide: a monitoring tick). The reference is the same
 * decisions in this process: the Decider over the same bars, with no database and no broker.
 * Time spent in the simulated broker and in bar reads is summed across the ticks (a profile).
 * Prints `RESULT {json}`. The demo clock must be paused (DEMO_TRADING_DAYS_PER_MINUTE=0) at
 * DEMO_CLOCK_START, an hour after a close.
 */
const { values } = parseArgs({
  options: { ...BENCH_SIZE_OPTIONS, concurrency: { type: 'string' } },
});
const sizes = benchSizes(values, 100);
const { users: USERS, symbols: SYMBOLS, pool: POOL } = sizes;
const CONCURRENCY = Number(values.concurrency ?? 4);

const env = loadEnv();
const runtime = await createCoreRuntime(env);
const { db } = runtime;
// Statements sent to PostgreSQL (Prisma's and the raw ones): every pooled connection counts.
let statements = 0;
const kinds = new Map<string, number>();
/** "SELECT … FROM sim_orders": the statement's verb and first table, to see where they go. */
const kindOf = (sql: string) => {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '?';
  const table = /(?:FROM|INTO|UPDATE)\s+(?:"public"\.)?"?(\w+)"?/i.exec(sql)?.[1] ?? '';
  return `${verb} ${table}`.trim();
};
db.pool.on('connect', (client) => {
  const query = client.query.bind(client) as (...a: unknown[]) => unknown;
  (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
    statements += 1;
    const first = args[0];
    const sql = typeof first === 'string' ? first : (first as { text?: string })?.text;
    if (sql !== undefined) kinds.set(kindOf(sql), (kinds.get(kindOf(sql)) ?? 0) + 1);
    return query(...args);
  };
});
await runtime.ready();
const clock = runtime.demo.clock;
const market = runtime.demo.market;

// The profile: time inside the simulated broker's calls and inside bar reads (summed over the
// concurrent ticks; a broker call's own bar reads count in both).
const spent = { broker: 0, bars: 0, brokerCalls: 0, barReads: 0 };
const readBars = market.getDailyBars.bind(market);
market.getDailyBars = async (symbol, range) => {
  const started = performance.now();
  try {
    return await readBars(symbol, range);
  } finally {
    spent.bars += performance.now() - started;
    spent.barReads += 1;
  }
};
const proto = SimBroker.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
for (const name of [
  'getAccount',
  'getPositions',
  'submitOrder',
  'getOrderByClientId',
  'cancelOrder',
  'listOpenOrders',
  'getFills',
  'snapshot',
  'getOrdersByClientIds',
]) {
  const original = proto[name];
  if (typeof original !== 'function') continue;
  proto[name] = async function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      spent.broker += performance.now() - started;
      spent.brokerCalls += 1;
    }
  };
}

const listOf = benchLists(runtime, sizes);

/** Users 0..n with running demo bots (u = USERS is the warm-up user, not measured). */
async function createUsers(n: number): Promise<number[]> {
  const stamp = Date.now();
  const names = Array.from({ length: n }, (_, u) => `botbench${stamp}u${u}`);
  return seedBenchBots(runtime, names, listOf);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;

/** One tick of every user, `CONCURRENCY` at a time, as the worker takes the queue's jobs. */
async function pass(users: number[]) {
  const ms: number[] = [];
  const outcomes: Record<string, number> = {};
  let orders = 0;
  let next = 0;
  const before = { ...spent };
  const sentBefore = statements;
  kinds.clear();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < users.length) {
        const userId = users[next++] as number;
        const t = performance.now();
        const result = await runtime.services.botEngine.tick(userId);
        ms.push(performance.now() - t);
        outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
        orders += result.orders_sent;
      }
    }),
  );
  const totalMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  ms.sort((a, b) => a - b);
  const tickSum = ms.reduce((a, b) => a + b, 0);
  return {
    totalMs,
    p50: quantile(ms, 0.5),
    p99: quantile(ms, 0.99),
    max: ms[ms.length - 1] as number,
    cpuMs: (used.user + used.system) / 1000,
    outcomes,
    orders,
    // Shares of the summed tick time.
    brokerShare: (spent.broker - before.broker) / tickSum,
    barsShare: (spent.bars - before.bars) / tickSum,
    brokerCalls: spent.brokerCalls - before.brokerCalls,
    barReads: spent.barReads - before.barReads,
    statements: statements - sentBefore,
    kinds: [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10),
  };
}

/** The same decisions without database or broker: the Decider over the bars each tick read. */
async function reference(users: number[], day: number) {
  const date = isoFromDay(day);
  const { positions: held, states } = await benchBotBooks(db, users);
  const settings = await runtime.services.tradingSettings.settings(users[0] as number);
  const backtest = await runtime.services.backtestSettings.forUser(users[0] as number);
  const work: {
    symbol: string;
    bars: Bars;
    equity: number;
    peak: number;
    qty: number;
    avg: number;
  }[] = [];
  for (const [u, userId] of users.entries()) {
    const state = states.find((s) => s.userId === userId);
    for (const symbol of new Set(listOf(u))) {
      const bars = await readBars(symbol, { from: isoFromDay(day - 400), to: date });
      const p = held.find((h) => h.userId === userId && h.symbol === symbol);
      work.push({
        symbol,
        bars,
        equity: state?.equity ?? 100_000,
        peak: state?.peakEquity ?? 100_000,
        qty: p?.qty ?? 0,
        avg: p?.avgEntryPrice ?? 0,
      });
    }
  }
  const params = { ...BUSY_PARAMS, risk_per_trade: settings.risk_percentage };
  let intents = 0;
  const once = () => {
    intents = 0;
    for (const w of work) {
      const options = {
        ...configOf(
          backtest,
          { shortAtrThreshold: settings.short_atr_threshold },
          seedOf(w.symbol),
        ),
        initial_balance: w.peak,
      };
      const decider = new Decider(params, options);
      const n = w.bars.close.length;
      for (let i = 0; i < n - 1; i++) decider.warm(decisionBarAt(w.bars, i));
      const last = decisionBarAt(w.bars, n - 1);
      if (Math.abs(w.qty) >= 1)
        decider.entered(w.qty > 0 ? 1 : -1, Math.abs(w.qty), w.avg, last.time);
      if (decider.update(last, w.equity).intent !== null) intents += 1;
    }
  };
  once(); // JIT warm-up, not counted
  const started = performance.now();
  once();
  return { totalMs: performance.now() - started, decisions: work.length, intents };
}

try {
  const all = await createUsers(USERS + 1);
  const warm = all.slice(USERS);
  const users = all.slice(0, USERS);
  const day0 = Math.floor(clock.now() / 86_400_000);
  if (sessionOf(day0) === null) throw new Error('DEMO_CLOCK_START must be after a close');
  // Warm-up (a running worker's JIT and bar cache), not counted.
  await runtime.services.botEngine.tick(warm[0] as number);
  const first = await pass(users);
  const day1 = nextTradingDay(day0);
  clock.advanceTo((sessionOf(day1)?.close as number) + 3_600_000);
  const second = await pass(users);
  const monitor = await pass(users);
  const ref = await reference(users, day1);
  const intents = await countBotIntents(db, users, isoFromDay(day1));
  console.log(
    `RESULT ${JSON.stringify({ users: USERS, symbols: SYMBOLS, pool: POOL, concurrency: CONCURRENCY, first, second, monitor, reference: ref, botIntents: intents, day0: isoFromDay(day0), day1: isoFromDay(day1) })}`,
  );
} finally {
  await runtime.close();
}
