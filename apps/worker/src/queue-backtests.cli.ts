import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  backtestJobsService,
  configOf,
  createCoreRuntime,
  DEFAULT_BACKTEST_GENERAL,
  demoBars,
  optimizeSymbol,
  planBacktest,
  seedOf,
  type SessionInfo,
} from '@tradebot/core';
import { DEFAULT_BACKTEST_SETTINGS } from '@tradebot/api-contract';
import { createBenchUsers, ensureDemoListings, finishedBacktestRuns } from '@tradebot/db/bench';
import { loadEnv } from './env.js';

/**
 * Backtest throughput, for bench/backtest-jobs.ts:
 *   queue-backtests.cli.ts --symbols N          queues N demo stocks for a new user as
 *       POST /api/run-backtester does, waits until the worker processes finish them, and prints
 *       `RESULT {json}` with the wall time from the first request to the last completion;
 *   queue-backtests.cli.ts --symbols N --reference   the same walk-forward on the same stocks,
 *       in this process, in a loop (no queue, no database), with the worker's budget.
 */
const { values } = parseArgs({
  options: { symbols: { type: 'string' }, reference: { type: 'boolean' } },
});
const count = Number(values.symbols ?? 60);

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
const runtime = await createCoreRuntime(env);
await runtime.ready();
const symbols = runtime.demo.market
  .listings()
  .filter((c) => c.profile.asset_type === 'stock')
  .slice(0, count)
  .map((c) => c.profile.symbol);
const budget = { evaluations: env.BACKTEST_EVALUATIONS, timeMs: env.BACKTEST_TIME_BUDGET_MS };

try {
  if (values.reference) {
    const settings = DEFAULT_BACKTEST_SETTINGS;
    // JIT warm-up, not counted (a worker process pays it once).
    for (const symbol of symbols.slice(0, 3)) await reference(symbol);
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (const symbol of symbols) await reference(symbol);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    console.log(`RESULT ${JSON.stringify({ symbols: symbols.length, ms, cpuMs })}`);

    async function reference(symbol: string) {
      const plan = planBacktest(
        await demoBars(runtime.demo.market, symbol, settings.period),
        settings.period,
      );
      if (!plan) throw new Error(`${symbol}: too little history`);
      const config = configOf(settings, DEFAULT_BACKTEST_GENERAL, seedOf(symbol));
      optimizeSymbol(plan, config, settings, budget);
    }
  } else {
    const db = runtime.db;
    await ensureDemoListings(db, symbols);
    const [userId] = await createBenchUsers(db, [`bench${Date.now()}`]);
    const user = { id: userId as number };
    const service = backtestJobsService(runtime.deps, { universeFor: () => 'demo' });
    const session = { userId: user.id } as SessionInfo;
    const started = performance.now();
    for (const symbol of symbols) await service.run(session, symbol);
    let done = 0;
    while (done < symbols.length) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = (await finishedBacktestRuns(db, user.id)).finished;
    }
    const ms = performance.now() - started;
    const { failed } = await finishedBacktestRuns(db, user.id);
    console.log(`RESULT ${JSON.stringify({ symbols: symbols.length, failed, ms })}`);
  }
} finally {
  await runtime.close();
}
