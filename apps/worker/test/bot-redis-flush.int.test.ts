import { botSchedulerId } from '@tradebot/jobs';
import { describe, expect, it } from 'vitest';
import {
  afterCloseOf,
  botTestHooks,
  botTestRuntime,
  demoStocks,
  expectConsistentBooks,
  failWith,
  runningBotUser,
  tickRunning,
  tradingDays,
} from './bot-helpers.js';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process.js';

/**
 * FLUSHDB of the worker's Redis while a bot runs (issue 12, "Reliability"): the Job Scheduler and
 * every queued tick are gone, and the worker's healing (every 15 s) puts the scheduler back from
 * PostgreSQL. The bot must tick again within one sleep_interval of the flush, keep deciding new
 * bars, and never send an order twice. The demo clock runs at 2 sessions a wall minute from the
 * close of 24 June 2025 (a bar with entries for these stocks), so the bot trades in the test.
 */
const runtime = await botTestRuntime();
const db = runtime.db;
const SLEEP_INTERVAL = 15;
let worker: WorkerProcess | undefined;

botTestHooks(runtime, () => worker, 'SIGKILL');

const fail = failWith(db, () => worker);

describe('the bot after its Redis is flushed', () => {
  it('ticks again within one interval from PostgreSQL and sends nothing twice', async () => {
    const symbols = demoStocks(runtime, 12);
    const userId = await runningBotUser(db, 'flushbot', symbols, SLEEP_INTERVAL);
    const [start] = tradingDays('2025-06-24', 1) as [number];
    worker = await startWorkerProcess({
      DEMO_TRADING_DAYS_PER_MINUTE: '2',
      DEMO_CLOCK_START: afterCloseOf(start),
    });
    // Every completed tick moves last_tick_at (market time): note the wall time of each.
    const ticks: number[] = [];
    let seen: number | null = null;
    const watch = async () => {
      const state = await db.botState.findUniqueOrThrow({ where: { userId } });
      const at = state.lastTickAt?.getTime() ?? null;
      if (at !== null && at !== seen) {
        seen = at;
        ticks.push(Date.now());
      }
    };
    const ticked = (n: number) => async () => {
      await watch();
      return ticks.length >= n;
    };
    await waitFor(ticked(2), 2 * SLEEP_INTERVAL * 1000 + 20_000, 'two ticks').catch(fail);
    const decidedBefore = await db.botSymbol.findMany({ where: { userId } });
    expect(decidedBefore).toHaveLength(symbols.length);

    // The flush lands while a tick runs: its job, its lock and the scheduler all go.
    await waitFor(() => tickRunning(db, userId), 2 * SLEEP_INTERVAL * 1000, 'a tick').catch(fail);
    await runtime.redis.flushdb();
    const flushedAt = Date.now();
    expect(await runtime.deps.botQueue.getJobScheduler(botSchedulerId(userId))).toBeUndefined();
    // The tick in hand finishes (PostgreSQL holds its lock); the next must come from the healed
    // scheduler.
    await waitFor(async () => !(await tickRunning(db, userId)), 30_000, 'the tick to end').catch(
      fail,
    );
    await watch();
    const before = ticks.length;
    const atFlush = await db.botSymbol.findMany({ where: { userId } });
    await waitFor(ticked(before + 1), 3 * SLEEP_INTERVAL * 1000, 'a tick after the flush').catch(
      fail,
    );
    const scheduler = await runtime.deps.botQueue.getJobScheduler(botSchedulerId(userId));
    expect(scheduler?.every).toBe(SLEEP_INTERVAL * 1000);
    const resumedAfter = (ticks[before] as number) - flushedAt;
    // Within one interval, with room for a loaded machine.
    expect(resumedAfter).toBeLessThan(SLEEP_INTERVAL * 1000 + 5_000);

    // It trades on: every symbol decides a bar that completed after the flush.
    const last = new Map(atFlush.map((r) => [r.symbol, r.lastDecidedOn ?? '']));
    await waitFor(
      async () =>
        (await db.botSymbol.findMany({ where: { userId } })).every(
          (r) => (r.lastDecidedOn ?? '') > (last.get(r.symbol) ?? ''),
        ),
      4 * SLEEP_INTERVAL * 1000,
      'new bars decided after the flush',
    ).catch(fail);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);

    const books = await expectConsistentBooks(db, userId);
    expect(books.orders).toBeGreaterThan(0);
    const state = await db.botState.findUniqueOrThrow({ where: { userId } });
    expect(state.running).toBe(true);
    expect(state.lastError).toBeNull();
    console.log(
      `bot-redis-flush: first tick after the flush ${resumedAfter} ms later (interval ${SLEEP_INTERVAL} s); ` +
        `${books.orders} orders, ${books.fills} fills`,
    );
  }, 180_000);
});
