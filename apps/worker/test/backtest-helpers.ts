import { backtestJobsService, createCoreRuntime, type CoreRuntime } from '@tradebot/core';
import type { SessionInfo } from '@tradebot/core';
import { loadEnv } from '../src/env.js';
import { TEST_KEY } from './worker-process.js';

/**
 * The test process's side of the backtest worker tests: a core runtime on the test database and
 * Redis, and the backtest service as the API runs it (users on the demo market), to queue runs
 * exactly as POST /api/run-backtester does.
 */
export async function backtestTestRuntime() {
  const runtime: CoreRuntime = await createCoreRuntime(
    loadEnv({
      NODE_ENV: 'test',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      ENCRYPTION_KEY: TEST_KEY,
      DEMO_TRADING_DAYS_PER_MINUTE: '0',
    }),
  );
  const backtests = backtestJobsService(runtime.deps, { universeFor: () => 'demo' });
  const session = (userId: number) => ({ userId }) as SessionInfo;
  return { runtime, backtests, session };
}

let users = 0;

/** A user row (no login needed: the service is called directly). */
export async function createUser(runtime: CoreRuntime) {
  const name = `btuser${++users}`;
  const user = await runtime.db.user.create({
    data: {
      username: name,
      email: `${name}@example.com`,
      passwordHash: 'x',
      country: 'US',
      tosAcceptedAt: new Date(),
    },
  });
  return user.id;
}

/** The first `n` demo stocks, with their companies rows (what the demo universe sync writes). */
export async function demoStocks(runtime: CoreRuntime, n: number): Promise<string[]> {
  const symbols = runtime.demo.market
    .listings()
    .filter((c) => c.profile.asset_type === 'stock')
    .slice(0, n)
    .map((c) => c.profile.symbol);
  await runtime.db.company.createMany({
    data: symbols.map((symbol) => ({ source: 'demo' as const, symbol, companyName: symbol })),
    skipDuplicates: true,
  });
  return symbols;
}
