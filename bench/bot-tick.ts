/**
 * The bot tick (issue 12's target: 100 users × 20 symbols per tick on the simulated broker in
 * < 5 s on this machine). A separate process (`apps/worker/src/bot-tick-bench.cli.ts`) builds
 * the worker's core runtime on a bench database, gives 100 users a running demo bot with 20
 * symbols each, and runs one tick of every user through `services.botEngine.tick`, 4 at a time
 * as the worker's BOT_CONCURRENCY does, at a close (every symbol decided, entries sent), at the
 * next close (those entries fill, every symbol decided again: the heaviest tick, the one the
 * target is checked on together with the first) and again at that instant (nothing to decide).
 * Reference in the same run: the same decisions in one process, the Decider over the same bars
 * with no database and no broker.
 *
 *   npx tsx bench/bot-tick.ts [--users 100] [--symbols 20] [--concurrency 4] [--pool 100]
 *
 * Database: BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/tradebot_bench_bot
 * (dropped and rebuilt each run); Redis db 12 (update events are published there).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { recreateDatabase } from './lib/api-process.js';
import { fmt, summary, target } from './lib/report.js';
import { runScript } from './lib/script.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    symbols: { type: 'string' },
    concurrency: { type: 'string' },
    pool: { type: 'string' },
  },
});
const USERS = values.users ?? '100';
const SYMBOLS = values.symbols ?? '20';
const CONCURRENCY = values.concurrency ?? '4';
const POOL = values.pool ?? '100';
const TARGET_MS = 5_000;
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/tradebot_bench_bot';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const env = {
  PATH: process.env.PATH ?? '',
  DATABASE_URL,
  REDIS_URL,
  NODE_ENV: 'production',
  ENCRYPTION_KEY: 'b'.repeat(64),
  // Paused an hour after Monday 2 June 2025's close; the CLI moves it to the next close.
  DEMO_TRADING_DAYS_PER_MINUTE: '0',
  DEMO_CLOCK_START: '2025-06-02T21:00:00.000Z',
};

interface Pass {
  totalMs: number;
  p50: number;
  p99: number;
  max: number;
  cpuMs: number;
  outcomes: Record<string, number>;
  orders: number;
  brokerShare: number;
  barsShare: number;
  brokerCalls: number;
  barReads: number;
  statements: number;
  kinds: [string, number][];
}

const run = (args: string[]) => runScript(args, env);

console.log(
  `Bot tick bench: ${USERS} users × ${SYMBOLS} symbols (from the first ${POOL} demo stocks), simulated broker, ${CONCURRENCY} ticks at once`,
);
await recreateDatabase(DATABASE_URL);
await run(['packages/db/src/migrate.cli.ts']);
const r = await run([
  'apps/worker/src/bot-tick-bench.cli.ts',
  '--users',
  USERS,
  '--symbols',
  SYMBOLS,
  '--concurrency',
  CONCURRENCY,
  '--pool',
  POOL,
]);
const reference = r.reference as { totalMs: number; decisions: number; intents: number };
console.log(
  `  reference, the Decider over the same bars in-process (no database, no broker): ${fmt(reference.totalMs)} ms for ${reference.decisions} decisions (${reference.intents} orders called for)`,
);
const line = (name: string, p: Pass) => {
  console.log(
    `  ${name}: ${fmt(p.totalMs)} ms for all users (${fmt(p.totalMs / reference.totalMs)}× the reference), per user p50 ${fmt(p.p50)} ms, p99 ${fmt(p.p99)} ms, max ${fmt(p.max)} ms; ${p.orders} orders sent; outcomes ${JSON.stringify(p.outcomes)}`,
  );
  console.log(
    `      profile: ${fmt(100 * p.brokerShare)} % of tick time in ${p.brokerCalls} simulated-broker calls, ${fmt(100 * p.barsShare)} % in ${p.barReads} bar reads; ${p.statements} SQL statements (${fmt(p.statements / Number(USERS))} a tick); tick process CPU ${fmt(p.cpuMs)} ms (${fmt(p.cpuMs / p.totalMs)} of a core)`,
  );
};
line(`tick at the close of ${r.day0 as string} (accounts open, all decided)`, r.first as Pass);
line(`tick at the close of ${r.day1 as string} (fills, all decided)        `, r.second as Pass);
const second = r.second as Pass;
console.log(
  `      statements of the second pass, a tick: ${second.kinds.map(([k, n]) => `${k} ${fmt(n / Number(USERS))}`).join(', ')}`,
);
line(`tick again at that instant (nothing to decide)    `, r.monitor as Pass);
console.log(
  `  load average now ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
const worst = Math.max((r.first as Pass).totalMs, (r.second as Pass).totalMs);
target(
  `${USERS} users × ${SYMBOLS} symbols, one deciding tick each, < ${TARGET_MS / 1000} s`,
  worst < TARGET_MS,
  `${fmt(worst)} ms (the slower of the two deciding passes)`,
);
summary();
