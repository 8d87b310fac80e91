import { ui } from '@tradebot/api-contract';
import { resetDatabase } from '@tradebot/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backtestTestRuntime, createUser, demoStocks } from './backtest-helpers.js';
import { startWorkerProcess, waitFor } from './worker-process.js';

/**
 * `kill -9` of a real worker in the middle of a backtest's search: nothing of the run is
 * written; the restarted worker picks the stalled job up (15 s lock, 2 s stall checks) and
 * completes it exactly once.
 */
const { runtime, backtests, session } = await backtestTestRuntime();
const db = runtime.db;
// A long search (10 years tested, a large budget), so the kill lands inside it.
const env = { BACKTEST_EVALUATIONS: '400', BACKTEST_TIME_BUDGET_MS: '8000' };

beforeAll(async () => {
  await resetDatabase(db);
  await runtime.redis.flushdb();
});
afterAll(async () => {
  await runtime.close();
});

describe('a backtest after kill -9', () => {
  it('leaves nothing half-written, then completes exactly once', async () => {
    const user = await createUser(runtime);
    const [symbol] = (await demoStocks(runtime, 1)) as [string];
    await runtime.services.backtestSettings.save(session(user), { period: 120 });
    await db.backtestListEntry.create({ data: { userId: user, symbol } });
    const { run_id: runId } = await backtests.run(session(user), symbol);

    const first = await startWorkerProcess(env);
    await waitFor(
      async () =>
        (await db.backtestRun.findUniqueOrThrow({ where: { id: runId } })).phase?.startsWith(
          'optimizing',
        ) ?? false,
      30_000,
      'the search to start',
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect((await db.backtestRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe(
      'running',
    );
    expect(await db.backtestResult.count()).toBe(0);
    expect(await db.optimizedParameter.count()).toBe(0);
    expect(await db.notification.count()).toBe(0);
    expect(await db.backtestListEntry.count()).toBe(1);

    const killedAt = Date.now();
    const second = await startWorkerProcess(env);
    await waitFor(
      async () =>
        (await db.backtestRun.findUniqueOrThrow({ where: { id: runId } })).status === 'completed',
      60_000,
      'the run to complete on the restarted worker',
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${second.output.join('')}`);
    });
    const tookMs = Date.now() - killedAt;
    // Let a second delivery, if any, run out before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect(second.output.join('')).toContain('stalled');
    expect(tookMs).toBeLessThan(45_000);
    expect(await db.backtestResult.count()).toBe(1);
    expect(await db.optimizedParameter.count()).toBe(1);
    expect(await db.backtestListEntry.count()).toBe(0);
    const notifications = await db.notification.findMany({
      select: { message: true, status: true },
    });
    expect(notifications).toEqual([{ message: ui.backtestCompleted(symbol), status: 'completed' }]);
    const result = await backtests.result(session(user), symbol);
    // The demo history (2016 on) holds ten years: warm-up and the first training window come
    // off the tested months.
    expect(result.months).toBeGreaterThan(100);
    expect(result.months).toBeLessThan(120);
    expect(JSON.stringify(result).length).toBeLessThan(400_000);
  });
});
