import type { Db } from './client.js';

/**
 * Rows the benchmark CLIs (apps/worker `*-bench.cli.ts`, `queue-backtests.cli.ts`) write and
 * count: users, running demo bots and their lists, the demo listings a queue run needs.
 */

/** Demo-market users with the given names (an unusable password hash: they never log in). */
export async function createBenchUsers(db: Db, names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const { id } = await db.user.create({
      data: {
        username: name,
        email: `${name}@example.com`,
        passwordHash: 'x',
        country: 'US',
        tosAcceptedAt: new Date(),
        // As after "Use the demo market": the benches trade and backtest on the demo market.
        market: 'demo',
      },
      select: { id: true },
    });
    ids.push(id);
  }
  return ids;
}

export interface BenchBot {
  userId: number;
  symbols: readonly string[];
  parameters: Record<string, number | boolean>;
}

/** A running demo bot per user, trading its symbols on `initialBalance`, every `sleepInterval` s. */
export async function seedRunningDemoBots(
  db: Db,
  bots: readonly BenchBot[],
  initialBalance: number,
  sleepInterval = 60,
): Promise<void> {
  await db.finalTradingListEntry.createMany({
    data: bots.flatMap((bot) =>
      [...new Set(bot.symbols)].map((symbol) => ({
        userId: bot.userId,
        symbol,
        parameters: { ...bot.parameters },
      })),
    ),
  });
  await db.userBacktestSettings.createMany({
    data: bots.map((bot) => ({
      userId: bot.userId,
      settings: { initial_balance: initialBalance },
    })),
  });
  await db.botState.createMany({
    data: bots.map((bot) => ({
      userId: bot.userId,
      running: true,
      market: 'demo',
      mode: 'demo',
      sleepInterval,
    })),
  });
}

/** The users' simulated positions and bot states (equity, peak), for a reference replay. */
export async function benchBotBooks(db: Db, userIds: readonly number[]) {
  const where = { userId: { in: [...userIds] } };
  const [positions, states] = await Promise.all([
    db.simPosition.findMany({
      where,
      select: { userId: true, symbol: true, qty: true, avgEntryPrice: true },
    }),
    db.botState.findMany({ where, select: { userId: true, equity: true, peakEquity: true } }),
  ]);
  return { positions, states };
}

/** The bots' order intents decided on one day. */
export function countBotIntents(db: Db, userIds: readonly number[], decidedOn: string) {
  return db.botOrder.count({ where: { userId: { in: [...userIds] }, decidedOn } });
}

/** Demo listings for symbols not yet stored (a queue run on a database without the universe). */
export async function ensureDemoListings(db: Db, symbols: readonly string[]): Promise<void> {
  await db.company.createMany({
    data: symbols.map((symbol) => ({ source: 'demo' as const, symbol, companyName: symbol })),
    skipDuplicates: true,
  });
}

/** A user's backtest runs that finished (completed or failed), and the failed ones. */
export async function finishedBacktestRuns(db: Db, userId: number) {
  const [finished, failed] = await Promise.all([
    db.backtestRun.count({ where: { userId, status: { in: ['completed', 'failed'] } } }),
    db.backtestRun.count({ where: { userId, status: 'failed' } }),
  ]);
  return { finished, failed };
}
