/**
 * Backtest jobs end to end (the target: ≥ 100 symbols backtested per minute with two worker
 * processes and the default budget): real worker processes (apps/worker/src/main.ts) take the
 * backtest queue's jobs, each loading the demo bars, running the walk-forward optimizer and
 * writing result, Optimized Parameters entry and notification in one transaction. The symbols
 * are queued as POST /api/run-backtester does (apps/worker/src/queue-backtests.cli.ts), and the
 * wall time runs from the first request to the last completion. Reference in the same run: the
 * same walk-forward on the same symbols in one process, in a loop (no queue, no database).
 *
 *   npx tsx bench/backtest-jobs.ts [--symbols 120]
 *
 * Database: BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/tradebot_bench_backtest
 * (dropped and rebuilt each run); Redis db 13 (flushed).
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
const { values } = parseArgs({ options: { symbols: { type: 'string' } } });
const SYMBOLS = Number(values.symbols ?? 120);
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/tradebot_bench_backtest';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const TARGET_PER_MINUTE = 100;
const env = {
  PATH: process.env.PATH ?? '',
  DATABASE_URL,
  REDIS_URL,
  NODE_ENV: 'production',
  ENCRYPTION_KEY: 'b'.repeat(64),
  DEMO_TRADING_DAYS_PER_MINUTE: '0',
  // Only the backtest queue's work: no metrics refresh or ML training competing for the CPUs.
  METRICS_REFRESH_MINUTES: '0',
  ML_SCORE_AT_START: '0',
};

const run = (args: string[]) => runScript<Record<string, number>>(args, env);

/** A worker process as production runs it; resolves once its queues run. */
function startWorker(): Promise<ChildProcess> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('[worker] running queues')) done(child);
    });
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

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/**
 * Symbols per minute through the queue with `workers` worker processes, and the CPU seconds
 * the workers spent per symbol (what the figure would be if each worker had a core to itself
 * follows from it: 60 / cpu per symbol per worker).
 */
async function throughput(workers: number, symbols: number) {
  await flushRedis(REDIS_URL);
  const children = await Promise.all(Array.from({ length: workers }, startWorker));
  try {
    const cpu = () => children.reduce((sum, child) => sum + cpuSeconds(child.pid ?? 0), 0);
    const before = cpu();
    const r = await run(['apps/worker/src/queue-backtests.cli.ts', '--symbols', String(symbols)]);
    if (r.failed) throw new Error(`${r.failed} backtests failed`);
    return { perMinute: (symbols / (r.ms as number)) * 60_000, cpu: (cpu() - before) / symbols };
  } finally {
    await stop(children);
  }
}

console.log(`Backtest jobs bench: demo stocks, the worker's default budget, period 12 months`);
await recreateDatabase(DATABASE_URL);
await run(['packages/db/src/migrate.cli.ts']);
const reference = await run([
  'apps/worker/src/queue-backtests.cli.ts',
  '--symbols',
  String(Math.min(SYMBOLS, 40)),
  '--reference',
]);
const referencePerMinute = ((reference.symbols as number) / (reference.ms as number)) * 60_000;
const referenceCpu = (reference.cpuMs as number) / 1000 / (reference.symbols as number);
console.log(
  `  reference, in-process loop (no queue, no database): ${fmt(referencePerMinute)} symbols/min, ${fmt(referenceCpu)} CPU s/symbol`,
);
const one = await throughput(1, Math.ceil(SYMBOLS / 2));
console.log(
  `  1 worker process:   ${fmt(one.perMinute)} symbols/min (${fmt(one.perMinute / referencePerMinute)}× the reference), ${fmt(one.cpu)} CPU s/symbol (${fmt(one.cpu / referenceCpu)}× the reference)`,
);
const two = await throughput(2, SYMBOLS);
console.log(
  `  2 worker processes: ${fmt(two.perMinute)} symbols/min (${fmt(two.perMinute / referencePerMinute)}× the reference, ${fmt(two.perMinute / one.perMinute)}× one worker), ${fmt(two.cpu)} CPU s/symbol`,
);
console.log(
  `  with a core per worker (from CPU time): ${fmt(120 / two.cpu)} symbols/min; load average now ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
target(
  `backtests with 2 worker processes ≥ ${TARGET_PER_MINUTE}/min`,
  two.perMinute >= TARGET_PER_MINUTE,
  `${fmt(two.perMinute)} symbols/min`,
);
summary();
