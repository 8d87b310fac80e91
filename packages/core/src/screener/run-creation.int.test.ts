import { createBacktestRun, createDb, createScreenerRun } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Creating a screener or backtest run while a worker ends the user's active run: the insert
 * runs into the active run, which ends before it is read. Creation tries again instead of
 * failing, so every request gets a run.
 */
const db = createDb(process.env.DATABASE_URL ?? '', { poolSize: 12 });
let userId: number;

beforeAll(async () => {
  await resetDatabase(db);
  const user = await db.user.create({
    data: {
      username: 'runrace',
      email: 'runrace@example.com',
      passwordHash: 'x',
      country: 'US',
      tosAcceptedAt: new Date(),
    },
    select: { id: true },
  });
  userId = user.id;
});
afterAll(() => db.$disconnect());

/** `count` calls of `create`, `width` at a time (within the pool); the outcome of each. */
async function waves<T>(count: number, width: number, create: () => Promise<T>) {
  const results: PromiseSettledResult<T>[] = [];
  for (let i = 0; i < count; i += width)
    results.push(...(await Promise.allSettled(Array.from({ length: width }, create))));
  return results;
}

/** Ends the user's active runs as fast as it can until `done` (a worker finishing them). */
async function finisher(table: 'screener_runs' | 'backtest_runs', done: () => boolean) {
  while (!done())
    await db.$executeRawUnsafe(
      `UPDATE ${table} SET status = 'completed' WHERE user_id = $1 AND status IN ('queued', 'running')`,
      userId,
    );
}

describe('run creation racing a finishing worker', () => {
  it('always returns a run (screener)', async () => {
    let stop = false;
    const finishers = [0, 1, 2].map(() => finisher('screener_runs', () => stop));
    const results = await waves(400, 8, () =>
      createScreenerRun(db, { userId, universe: 'demo', criteria: {}, templateName: null }),
    );
    stop = true;
    await Promise.all(finishers);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  }, 60_000);

  it('always returns a run (backtest)', async () => {
    let stop = false;
    const finishers = [0, 1, 2].map(() => finisher('backtest_runs', () => stop));
    const results = await waves(400, 8, () =>
      createBacktestRun(db, { userId, symbol: 'DMA', universe: 'demo', settings: {} }),
    );
    stop = true;
    await Promise.all(finishers);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  }, 60_000);
});
