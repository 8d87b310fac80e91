import type { CoreRuntime } from '@tradebot/core';
import { createBenchUsers, seedRunningDemoBots } from '@tradebot/db/bench';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';

/**
 * What the bot tick bench CLIs (bot-tick-bench.cli.ts, bot-tick-scale.cli.ts) share: their sizes
 * and the users they seed, each with a running demo bot on its own Final Trading List.
 */

/** The size flags both take, for `parseArgs`. */
export const BENCH_SIZE_OPTIONS = {
  users: { type: 'string' },
  symbols: { type: 'string' },
  pool: { type: 'string' },
} as const;

export interface BenchSizes {
  users: number;
  /** Symbols on each user's list. */
  symbols: number;
  /** The lists are drawn from the first `pool` demo stocks. */
  pool: number;
}

export function benchSizes(
  values: { users?: string; symbols?: string; pool?: string },
  defaultUsers: number,
): BenchSizes {
  return {
    users: Number(values.users ?? defaultUsers),
    symbols: Number(values.symbols ?? 20),
    pool: Number(values.pool ?? 100),
  };
}

/** User `u`'s list: `symbols` of the first `pool` demo stocks, overlapping as users' lists do. */
export function benchLists(runtime: CoreRuntime, sizes: BenchSizes): (u: number) => string[] {
  const stocks = runtime.demo.market
    .listings()
    .filter((c) => c.profile.asset_type === 'stock')
    .slice(0, sizes.pool)
    .map((c) => c.profile.symbol);
  return (u) =>
    Array.from(
      { length: sizes.symbols },
      (_, k) => stocks[(u * 7 + k * 3) % stocks.length] as string,
    );
}

/** A user for each name, with a running demo bot on `listOf(u)` and $100,000; their ids in order. */
export async function seedBenchBots(
  runtime: CoreRuntime,
  names: string[],
  listOf: (u: number) => string[],
  sleepInterval?: number,
): Promise<number[]> {
  const ids = await createBenchUsers(runtime.db, names);
  await seedRunningDemoBots(
    runtime.db,
    ids.map((userId, u) => ({ userId, symbols: listOf(u), parameters: { ...BUSY_PARAMS } })),
    100_000,
    sleepInterval,
  );
  return ids;
}
