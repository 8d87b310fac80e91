import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from '../client.js';
import { addJobNotification } from './notifications.repo.js';
import { lockStockLists } from './stock-lists.repo.js';
import type { UniverseName } from '../market-names.js';

/** Backtest runs and their results (migration 20261123000900_strategy_flow). */

const RUN_SELECT = {
  id: true,
  userId: true,
  symbol: true,
  batchId: true,
  universe: true,
  settings: true,
  status: true,
  phase: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;
export type BacktestRunRecord = Prisma.BacktestRunGetPayload<{ select: typeof RUN_SELECT }>;

const ACTIVE = ['queued', 'running'];

type NewBacktestRun = {
  userId: number;
  symbol: string;
  universe: UniverseName;
  settings: object;
};

/**
 * Creates a queued run of (user, symbol), or returns the active one (the partial unique index
 * makes two concurrent requests end in one row). A new run joins the user's current batch (the
 * batch of any active run of theirs) or starts its own. `ahead` counts the user's other active
 * runs (the job's fairness priority). Checked under the same lock, so a burst cannot overshoot
 * it: null when the user already has `maxActive` active runs, none of them of this symbol.
 */
export async function createBacktestRunWithin(
  db: Db,
  run: NewBacktestRun,
  maxActive: number,
): Promise<{ run: BacktestRunRecord; created: boolean; ahead: number } | null> {
  return db.$transaction(async (tx) => {
    // One batch choice at a time per user: two first symbols at once still share one batch.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('backtest_batch'), ${run.userId}::int)`;
    // Null: the user already has `maxActive` active runs, none of them of this symbol.
    const active = await tx.backtestRun.count({
      where: { userId: run.userId, status: { in: ACTIVE } },
    });
    if (active >= maxActive) {
      const same = await tx.backtestRun.findFirst({
        where: { userId: run.userId, symbol: run.symbol, status: { in: ACTIVE } },
        select: { id: true },
      });
      if (!same) return null;
    }
    let found: BacktestRunRecord | null = null;
    let created = false;
    for (let attempt = 0; !found; attempt++) {
      const rows = await tx.$queryRaw<{ id: number }[]>`
        WITH next AS (SELECT nextval(pg_get_serial_sequence('backtest_runs', 'id'))::int AS id)
        INSERT INTO backtest_runs (id, user_id, symbol, batch_id, universe, settings)
        SELECT next.id, ${run.userId}, ${run.symbol},
               COALESCE((SELECT min(batch_id) FROM backtest_runs
                         WHERE user_id = ${run.userId} AND status IN ('queued', 'running')), next.id),
               ${run.universe}::"UniverseSource", ${JSON.stringify(run.settings)}::jsonb
        FROM next
        ON CONFLICT (user_id, symbol) WHERE status IN ('queued', 'running') DO NOTHING
        RETURNING id`;
      const id = rows[0]?.id;
      found =
        id !== undefined
          ? await tx.backtestRun.findUniqueOrThrow({ where: { id }, select: RUN_SELECT })
          : await tx.backtestRun.findFirst({
              where: { userId: run.userId, symbol: run.symbol, status: { in: ACTIVE } },
              select: RUN_SELECT,
            });
      created = id !== undefined;
      // The run the insert ran into ended before it was read (a worker finished it): try again.
      if (!found && attempt >= 10)
        throw new Error('backtest run kept ending before it could be read');
    }
    const ahead = await tx.backtestRun.count({
      where: { userId: run.userId, status: { in: ACTIVE }, id: { lt: found.id } },
    });
    return { run: found, created, ahead };
  });
}

/** `createBacktestRunWithin` without a cap on the user's active runs. */
export async function createBacktestRun(db: Db, run: NewBacktestRun) {
  const made = await createBacktestRunWithin(db, run, Infinity);
  if (made === null) throw new Error('an uncapped backtest run was refused');
  return made;
}

/** How long ago the run was created, by the database's clock (the one that set created_at). */
export async function backtestRunAgeMs(db: Db, id: number): Promise<number> {
  const rows = await db.$queryRaw<{ age: number }[]>`
    SELECT (extract(epoch FROM now() - created_at) * 1000)::float8 AS age
    FROM backtest_runs WHERE id = ${id}`;
  return rows[0]?.age ?? 0;
}

/** The user's queued or running runs created more than `olderThanMs` ago (candidates for orphans). */
export function oldActiveBacktestRuns(db: Db, userId: number, olderThanMs: number) {
  return db.$queryRaw<{ id: number; userId: number; symbol: string }[]>`
    SELECT id, user_id AS "userId", symbol FROM backtest_runs
    WHERE user_id = ${userId} AND status IN ('queued', 'running')
      AND created_at < now() - make_interval(secs => ${olderThanMs / 1000}::float8)`;
}

export function findBacktestRun(db: Db, id: number) {
  return db.backtestRun.findUnique({ where: { id }, select: RUN_SELECT });
}

/** queued|running → running (a redelivered job takes its run again); false when it is finished. */
export async function claimBacktestRun(db: Db, id: number, now: Date): Promise<boolean> {
  const { count } = await db.backtestRun.updateMany({
    where: { id, status: { in: ACTIVE } },
    data: { status: 'running', startedAt: now, phase: null },
  });
  return count > 0;
}

export async function setBacktestPhase(db: Db, id: number, phase: string): Promise<void> {
  await db.backtestRun.updateMany({ where: { id, status: 'running' }, data: { phase } });
}

/** What a completed run writes, all in one transaction. */
export interface BacktestCompletion {
  runId: number;
  userId: number;
  symbol: string;
  result: object;
  finishedAt: Date;
  /** The chosen parameters, what Optimized Parameters receives with `profit`. */
  parameters: object;
  profit: number;
  /** The notification's text: with `onFinalList` it says the list entry was kept. */
  message: (onFinalList: boolean) => string;
}

/**
 * Completes a running run: the result, the Optimized Parameters entry (not when the symbol is
 * on the Final Trading List by now: the list the bot trades is never changed behind the user),
 * the symbol off the backtesting list and the notification, in one transaction under the
 * user's stock-lists lock. Null when the run was not running (a duplicate delivery).
 */
export async function completeBacktestRun(
  db: Db,
  c: BacktestCompletion,
): Promise<{ onFinalList: boolean } | null> {
  return db.$transaction(async (tx) => {
    await lockStockLists(tx, c.userId);
    const { count } = await tx.backtestRun.updateMany({
      where: { id: c.runId, status: 'running' },
      data: { status: 'completed', phase: null, finishedAt: c.finishedAt },
    });
    if (count === 0) return null;
    const result = c.result as Prisma.InputJsonValue;
    await tx.backtestResult.upsert({
      where: { userId_symbol: { userId: c.userId, symbol: c.symbol } },
      create: {
        userId: c.userId,
        symbol: c.symbol,
        runId: c.runId,
        result,
        completedAt: c.finishedAt,
      },
      update: { runId: c.runId, result, completedAt: c.finishedAt },
      select: { runId: true },
    });
    const onFinalList =
      (await tx.finalTradingListEntry.count({ where: { userId: c.userId, symbol: c.symbol } })) > 0;
    if (!onFinalList) {
      const parameters = c.parameters as Prisma.InputJsonValue;
      await tx.optimizedParameter.upsert({
        where: { userId_symbol: { userId: c.userId, symbol: c.symbol } },
        create: {
          userId: c.userId,
          symbol: c.symbol,
          parameters,
          profit: c.profit,
          originalParameters: parameters,
        },
        update: { parameters, profit: c.profit, originalParameters: parameters },
        select: { symbol: true },
      });
    }
    await tx.backtestListEntry.deleteMany({ where: { userId: c.userId, symbol: c.symbol } });
    await addJobNotification(tx, {
      userId: c.userId,
      message: c.message(onFinalList),
      status: 'completed',
    });
    return { onFinalList };
  });
}

/** An active run → failed, with its notification, in one transaction; false when not active. */
export async function failBacktestRun(
  db: Db,
  run: { id: number; userId: number },
  error: string,
  message: string,
  finishedAt: Date,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.backtestRun.updateMany({
      where: { id: run.id, status: { in: ACTIVE } },
      data: { status: 'failed', phase: null, error, finishedAt },
    });
    if (count === 0) return false;
    await addJobNotification(tx, { userId: run.userId, message, status: 'failed' });
    return true;
  });
}

/** Runs of one batch by status (completed, failed, total). */
export async function backtestBatchCounts(db: Db, userId: number, batchId: number) {
  const rows = await db.backtestRun.groupBy({
    by: ['status'],
    where: { userId, batchId },
    _count: { _all: true },
  });
  const of = (status: string) => rows.find((r) => r.status === status)?._count._all ?? 0;
  return {
    completed: of('completed'),
    failed: of('failed'),
    total: rows.reduce((sum, r) => sum + r._count._all, 0),
  };
}

/** The runs of the user's latest batch, in the order they were queued. */
export async function latestBacktestBatch(db: Db, userId: number) {
  const last = await db.backtestRun.findFirst({
    where: { userId },
    orderBy: { id: 'desc' },
    select: { batchId: true },
  });
  if (!last) return null;
  const runs = await db.backtestRun.findMany({
    where: { userId, batchId: last.batchId },
    orderBy: { id: 'asc' },
    select: { symbol: true, status: true, phase: true, error: true },
  });
  return { batchId: last.batchId, runs };
}

export function findBacktestResult(db: Db, userId: number, symbol: string) {
  return db.backtestResult.findUnique({
    where: { userId_symbol: { userId, symbol } },
    select: { result: true, completedAt: true },
  });
}

export async function isOnFinalTradingList(db: Db, userId: number, symbol: string) {
  return (await db.finalTradingListEntry.count({ where: { userId, symbol } })) > 0;
}

/** The listing's company id in a universe, or null. */
export async function companyIdOf(db: Db, source: UniverseName, symbol: string) {
  const row = await db.company.findFirst({ where: { source, symbol }, select: { id: true } });
  return row?.id ?? null;
}
