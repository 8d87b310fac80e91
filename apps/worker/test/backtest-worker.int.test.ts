import {
  parameterLabel,
  server,
  ui,
  userEventsChannel,
  ZBacktestResult,
  ZStockParameters,
} from '@tradebot/api-contract';
import { backtestVerdicts } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis } from '@tradebot/jobs';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backtestTestRuntime, createUser, demoStocks } from './backtest-helpers.js';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process.js';

/**
 * A real worker process runs the backtest queue: a batch completes with its notifications,
 * Optimized Parameters entries, results and /ws progress; a symbol without bars fails alone;
 * one user's long batch does not starve another's short one. A small evaluation budget keeps
 * the jobs short (the search itself is the same).
 */
const { runtime, backtests, session } = await backtestTestRuntime();
const db = runtime.db;
let worker: WorkerProcess;
let subscriber: Redis;
const events: { userId: number; message: Record<string, unknown> }[] = [];
let stocks: string[];

beforeAll(async () => {
  await resetDatabase(db);
  await runtime.redis.flushdb();
  stocks = await demoStocks(runtime, 16);
  await db.company.create({ data: { source: 'demo', symbol: 'NOBARS', companyName: 'No bars' } });
  subscriber = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
  subscriber.on('pmessage', (_pattern, channel, text) =>
    events.push({ userId: Number(channel.split(':').pop()), message: JSON.parse(text) }),
  );
  await subscriber.psubscribe(userEventsChannel(runtime.namespace, 0).replace(/0$/, '*'));
  worker = await startWorkerProcess({
    BACKTEST_EVALUATIONS: '20',
    DEMO_TRADING_DAYS_PER_MINUTE: '0',
  });
});
afterAll(async () => {
  worker?.child.kill('SIGTERM');
  await worker?.exited;
  subscriber?.disconnect();
  await runtime.close();
});

const finished = (userId: number, n: number) => async () =>
  (await db.backtestRun.count({ where: { userId, status: { in: ['completed', 'failed'] } } })) ===
  n;

describe('backtest jobs in the worker process', () => {
  it('completes a batch: notifications, optimized parameters, results, list, progress', async () => {
    const user = await createUser(runtime);
    const batch = stocks.slice(0, 3);
    await db.backtestListEntry.createMany({
      data: [...batch, 'KEEPME'].map((symbol) => ({ userId: user, symbol })),
    });
    for (const symbol of [batch[0], 'NOBARS', batch[1], batch[2]] as string[])
      expect((await backtests.run(session(user), symbol)).queued).toBe(true);
    await waitFor(finished(user, 4), 60_000, 'the batch to finish').catch((error: Error) => {
      throw new Error(`${error.message}\n${worker.output.join('')}`);
    });

    const notifications = await db.notification.findMany({
      where: { userId: user },
      orderBy: { id: 'asc' },
      select: { message: true, status: true },
    });
    expect(notifications).toHaveLength(4);
    expect(notifications).toContainEqual({
      message: server.backtestFailed('NOBARS', server.backtestNoBars),
      status: 'failed',
    });
    for (const symbol of batch)
      expect(notifications).toContainEqual({
        message: ui.backtestCompleted(symbol),
        status: 'completed',
      });

    const optimized = await db.optimizedParameter.findMany({ where: { userId: user } });
    expect(optimized.map((o) => o.symbol).sort()).toEqual([...batch].sort());
    for (const row of optimized) {
      expect(row.profit).toEqual(expect.any(Number));
      const parameters = ZStockParameters.parse(row.parameters);
      // Position size and the drawdown halt are not searched.
      expect(parameters.risk_per_trade).toBe(0.02);
      expect(parameters.max_drawdown).toBe(0.2);
      expect(row.originalParameters).toEqual(row.parameters);
    }
    const results = await db.backtestResult.findMany({ where: { userId: user } });
    expect(results).toHaveLength(3);
    for (const row of results) {
      const result = ZBacktestResult.parse(row.result);
      expect(result.months).toBe(12);
      expect(result.dates.length).toBeGreaterThan(240);
      expect(result.equity.chosen).toHaveLength(result.dates.length);
      expect(result.equity.walk_forward).toHaveLength(result.dates.length);
      expect(result.out_of_sample.folds).toBe(4);
      const map = result.robustness;
      const fragileReason = map?.fragile
        ? server.verdictFragile(map.flips.map(parameterLabel).join(' or '), map.centre.profit > 0)
        : null;
      expect(result.verdict.reasons.filter((r) => r !== fragileReason).length > 0).toBe(
        result.verdict.no_robust_edge,
      );
      // The robustness map: centred on the out-of-sample result, every searched parameter moved
      // ±1 and ±2 steps, a 5 × 5 grid, and the verdict names a fragile set.
      expect(map?.centre.profit).toBe(result.out_of_sample.profit);
      expect(map?.params.map((p) => p.name)).toEqual(
        expect.arrayContaining(['macd_fast', 'rsi_period', 'atr_multiplier', 'macd_crossover']),
      );
      expect(map?.params.map((p) => p.name)).not.toContain('risk_per_trade');
      for (const p of map?.params ?? []) expect(p.neighbours).toHaveLength(4);
      expect(map?.grid?.cells.flat()).toHaveLength(25);
      expect(map?.grid?.cells[2]?.[2]).toEqual(map?.centre);
      expect(map?.fragile).toBe((map?.flips.length ?? 0) > 0);
      if (fragileReason) expect(result.verdict.reasons).toContain(fragileReason);
      // The walk-forward out-of-sample profit (the result shows it rounded to cents).
      expect(optimized.find((o) => o.symbol === row.symbol)?.profit).toBeCloseTo(
        result.out_of_sample.profit,
        1,
      );
    }
    const verdicts = await backtestVerdicts(db, user);
    expect([...verdicts.keys()].sort()).toEqual([...batch].sort());
    const api = await backtests.result(session(user), batch[0] as string);
    expect(verdicts.get(api.symbol)).toBe(api.verdict.no_robust_edge);
    expect(api.symbol).toBe(batch[0]);
    const stored = results.find((r) => r.symbol === api.symbol);
    expect(api.robustness).toEqual(ZBacktestResult.parse(stored?.result).robustness);

    const left = await db.backtestListEntry.findMany({ where: { userId: user } });
    expect(left.map((e) => e.symbol)).toEqual(['KEEPME']);

    const progress = await backtests.progress(session(user));
    expect(progress).toMatchObject({ completed: 3, failed: 1, total: 4 });
    expect(progress.runs.find((r) => r.symbol === 'NOBARS')?.error).toBe(server.backtestNoBars);

    await waitFor(
      () =>
        events.some((e) => e.userId === user && e.message.completed === 4 && e.message.total === 4),
      5_000,
      'the last progress event',
    );
    const mine = events.filter((e) => e.userId === user).map((e) => e.message);
    expect(mine.every((m) => m.type === 'progress' && m.task === 'backtest')).toBe(true);
    expect(mine.map((m) => m.phase)).toEqual(
      expect.arrayContaining([
        'queued',
        server.backtestPhaseLoading,
        server.backtestPhaseOptimizing(4),
        server.backtestPhaseSaving,
        'completed',
        'failed',
      ]),
    );
  });

  it('shares the worker fairly: a short batch queued after a long one is not starved', async () => {
    const long = await createUser(runtime);
    const short = await createUser(runtime);
    for (const symbol of stocks.slice(0, 12)) await backtests.run(session(long), symbol);
    for (const symbol of stocks.slice(12, 15)) await backtests.run(session(short), symbol);
    await waitFor(
      async () => (await finished(long, 12)()) && (await finished(short, 3)()),
      120_000,
      'both batches to finish',
    );
    const runs = await db.backtestRun.findMany({
      where: { userId: { in: [long, short] } },
      orderBy: { finishedAt: 'asc' },
      select: { userId: true, status: true },
    });
    expect(runs.every((r) => r.status === 'completed')).toBe(true);
    const order = runs.map((r) => (r.userId === short ? 'S' : 'L')).join('');
    // FIFO would give LLLLLLLLLLLLSSS; priorities interleave the users.
    const lastShort = order.lastIndexOf('S');
    expect(lastShort, order).toBeLessThan(8);
  });
});
