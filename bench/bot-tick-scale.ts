/**
 * The bot tick across worker processes (issue 24, "Scale out"): 1,000 users with a running demo
 * bot of 20 symbols each on the simulated broker; real worker processes (apps/worker/src/main.ts)
 * start, give every bot its Job Scheduler (whose first tick runs at once) and take the ticks,
 * BOT_CONCURRENCY (4) at a time each. Measured: from the first tick's start to the end of the
 * last user's first tick, a deciding tick each (the demo clock stands an hour after a close, so
 * every symbol's bar is decided and the entries it calls for are sent). Reference in the same
 * run: the same with one worker process. Each pass starts from a fresh database.
 *
 *   npx tsx bench/bot-tick-scale.ts [--users 1000] [--symbols 20] [--pool 100] [--workers 2]
 *
 * Database: BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/tradebot_bench_scale
 * (dropped and rebuilt each pass); Redis db 11 (flushed each pass).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { flushRedis, recreateDatabase } from './lib/api-process.js';
import { fmt, summary, target } from './lib/report.js';
import { runScript } from './lib/script.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    symbols: { type: 'string' },
    pool: { type: 'string' },
    workers: { type: 'string' },
  },
});
const USERS = values.users ?? '1000';
const SYMBOLS = values.symbols ?? '20';
const POOL = values.pool ?? '100';
const WORKERS = Number(values.workers ?? 2);
/** The scale-out target: 1,000 users' ticks within 10 s on two worker processes. */
const TARGET_MS = 10_000;
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/tradebot_bench_scale';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
const env = {
  PATH: process.env.PATH ?? '',
  DATABASE_URL,
  REDIS_URL,
  NODE_ENV: 'production',
  ENCRYPTION_KEY: 'b'.repeat(64),
  // Paused an hour after Monday 2 June 2025's close: every first tick decides that bar.
  DEMO_TRADING_DAYS_PER_MINUTE: '0',
  DEMO_CLOCK_START: '2025-06-02T21:00:00.000Z',
  // Only the bot queue's work: no metrics refresh or ML training competing for the CPUs.
  METRICS_REFRESH_MINUTES: '0',
  ML_SCORE_AT_START: '0',
  // The worker's start line, which startWorker waits for, is at info; ticks log at debug.
  LOG_LEVEL: 'info',
};

interface Result {
  ticks: number;
  ms: number;
  p50: number;
  perWorker: Record<string, number>;
  outcomes: Record<string, number>;
  orders: number;
  /** CPU seconds (user + system) the worker processes spent from ready to the last tick. */
  cpu: number;
  /** Share of the whole machine's CPU busy meanwhile (workers, PostgreSQL, Redis, anything). */
  machine: number;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** The machine's CPU counters (all cores): busy and total clock ticks, from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait are fields 4 and 5.
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

const run = (args: string[]) => runScript(args, env);

/** A worker process as production runs it (compiled); resolves once its queues run. */
function startWorker(index: number): Promise<ChildProcess> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['apps/worker/dist/main.js'], {
      cwd: repoRoot,
      env: { ...env, WORKER_METRICS_PORT: String(9470 + index) },
      // The worker's own lines (news skipped for users without Alpaca keys…) only on a failure.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const keep = (chunk: Buffer) => {
      out = (out + chunk.toString('utf8')).slice(-20_000);
      if (out.includes('[worker] running queues')) done(child);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code) => fail(new Error(`worker exited ${code}:\n${out}`)));
  });
}

async function stop(children: ChildProcess[]) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          child.removeAllListeners('exit');
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Every user's first tick with `workers` worker processes, on a fresh database. */
async function pass(workers: number): Promise<Result> {
  await recreateDatabase(DATABASE_URL);
  await flushRedis(REDIS_URL);
  await run(['packages/db/src/migrate.cli.ts']);
  const seed = ['apps/worker/src/bot-tick-scale.cli.ts', '--users', USERS];
  await run([...seed, '--symbols', SYMBOLS, '--pool', POOL, '--seed']);
  const watching = run(seed);
  const children = await Promise.all(Array.from({ length: workers }, (_, i) => startWorker(i)));
  const cpu = () => children.reduce((sum, child) => sum + cpuSeconds(child.pid ?? 0), 0);
  const before = cpu();
  const ticksBefore = machineTicks();
  try {
    const result = (await watching) as unknown as Omit<Result, 'cpu' | 'machine'>;
    const ticksAfter = machineTicks();
    const machine =
      (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total || 1);
    return { ...result, cpu: cpu() - before, machine };
  } finally {
    await stop(children);
  }
}

const line = (name: string, r: Result, reference?: Result) => {
  const perUser = r.ms / r.ticks;
  console.log(
    `  ${name}: ${fmt(r.ms)} ms until all ${r.ticks} users ticked (${fmt(perUser)} ms a user: ${fmt(60_000 / perUser)} users' deciding ticks fit in the default 60 s interval)${reference ? `, ${fmt(reference.ms / r.ms)}× one worker` : ''}; tick p50 ${fmt(r.p50)} ms; workers' CPU ${fmt((1000 * r.cpu) / r.ticks)} ms a tick (${fmt(r.cpu / (r.ms / 1000))} cores busy; the machine ${fmt(100 * r.machine)} % busy); ${r.orders} orders sent; ticks per worker ${Object.values(r.perWorker).join(' / ')}; outcomes ${JSON.stringify(r.outcomes)}`,
  );
};

console.log(
  `Bot tick scale-out bench: ${USERS} users × ${SYMBOLS} symbols (from the first ${POOL} demo stocks), simulated broker, a deciding tick each`,
);
await run(['scripts/build-server.mjs']);
const one = await pass(1);
line('1 worker process  ', one);
const many = await pass(WORKERS);
line(`${WORKERS} worker processes`, many, one);
console.log(
  `  load average now ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
target(
  `every user ticked once, on ${WORKERS} workers`,
  many.ticks === Number(USERS) && Object.keys(many.perWorker).length === WORKERS,
  `${many.ticks} ticks on ${Object.keys(many.perWorker).length} workers`,
);
target(
  `every user ticked within ${fmt(TARGET_MS)} ms on ${WORKERS} workers`,
  many.ms <= TARGET_MS,
  `${fmt(many.ms)} ms`,
);
summary();
