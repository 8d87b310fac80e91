import {
  AppError,
  server,
  ZBacktestResult,
  type TBacktestJobResult,
  type TBacktestProgress,
  type TBacktestResult,
  type TRunBacktesterOutput,
} from '@tradebot/api-contract';
import {
  backtestRunAgeMs,
  createBacktestRunWithin,
  failBacktestRun,
  findBacktestResult,
  findBacktestRun,
  isOnFinalTradingList,
  knownSymbols,
  latestBacktestBatch,
  oldActiveBacktestRuns,
  type BacktestRunRecord,
} from '@tradebot/db';
import { backtestJobId, backtestQueue, enqueue } from '@tradebot/jobs';
import type { Queue } from 'bullmq';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import type { SessionInfo } from '../types.js';
import { backtestSettingsService } from './backtest-settings.service.js';
import {
  processBacktest,
  publishBacktestProgress,
  type BacktestProcessOptions,
} from './backtest-process.js';
import { DEFAULT_BACKTEST_GENERAL, type BacktestGeneral } from './backtest-optimize.js';

/** The most backtests (symbols) one user may have queued or running at once, in one batch. */
export const MAX_ACTIVE_BACKTESTS = 200;
/** BullMQ's highest priority number (2^21): the k-th active job of a user gets min(k, this). */
export const MAX_PRIORITY = 2_097_152;

/** An active run older than this whose job is gone or ended is replaced by a new run. */
export const ORPHAN_GRACE_MS = 60_000;

/** Queues a run's job; the id is deterministic, so adding it again is a no-op. */
export interface BacktestJobs {
  enqueue(userId: number, runId: number, priority: number): Promise<void>;
  /** The job's BullMQ state, or null when Redis has no such job. */
  state(userId: number, runId: number): Promise<string | null>;
}

/** The BullMQ side of `BacktestJobs`. */
export function queueBacktestJobs(queue: Queue): BacktestJobs {
  return {
    async enqueue(userId, runId, priority) {
      await enqueue(
        queue,
        backtestQueue,
        { runId },
        { jobId: backtestJobId(userId, runId), priority },
      );
    },
    async state(userId, runId) {
      const job = await queue.getJob(backtestJobId(userId, runId));
      return job ? await job.getState() : null;
    },
  };
}

export interface BacktestJobsOptions {
  jobs?: BacktestJobs;
  /** The user's general trading settings a backtest reads (default: the product's). */
  general?: (userId: number) => Promise<BacktestGeneral>;
}

/**
 * Backtest jobs: one run per (user, symbol) request, queued with a
 * priority that interleaves users (every user's k-th active job has priority k, so one user's
 * 500 symbols do not starve another's 5), processed by the worker (backtest-process.ts).
 */
export function backtestJobsService(
  deps: ServiceDeps,
  market: Pick<ActiveMarketService, 'universeFor'>,
  options: BacktestJobsOptions = {},
) {
  const { db } = deps;
  const jobs = options.jobs ?? queueBacktestJobs(deps.backtestQueue);
  const general = options.general ?? (async () => DEFAULT_BACKTEST_GENERAL);
  const settings = backtestSettingsService(deps);

  async function failRun(run: Pick<BacktestRunRecord, 'id' | 'userId' | 'symbol'>, reason: string) {
    await failBacktestRun(db, run, reason, server.backtestFailed(run.symbol, reason), deps.now());
  }

  /**
   * Fails the user's old active runs whose job ended without finishing them (a job that stalled
   * past BullMQ's limit is failed by the queue without reaching our processor) or is gone, so
   * the progress a client polls ends instead of showing "running" for ever.
   */
  async function failOrphans(userId: number) {
    for (const run of await oldActiveBacktestRuns(db, userId, ORPHAN_GRACE_MS)) {
      const state = await jobs.state(userId, run.id);
      if (state === 'failed' || state === 'completed' || state === null)
        await failRun(run, server.backtestInternalError(run.id));
    }
  }

  const publishQueued = (run: BacktestRunRecord) =>
    publishBacktestProgress(
      deps,
      run,
      server.backtestPhaseQueued,
      server.backtestQueued(run.symbol),
    );

  return {
    /** POST /api/run-backtester: a second request while the symbol's run is active returns it. */
    async run(session: SessionInfo, symbol: string): Promise<TRunBacktesterOutput> {
      const { userId } = session;
      const universe = market.universeFor(session);
      if (!(await knownSymbols(db, universe, [symbol])).has(symbol))
        throw new AppError('BAD_REQUEST', server.unknownSymbols([symbol]));
      if (await isOnFinalTradingList(db, userId, symbol))
        throw new AppError('BAD_REQUEST', server.onFinalTradingList([symbol]));
      await deps.limiter.consume('backtestRun', String(userId), server.tooManyRuns);
      const snapshot = await settings.get(session);
      const create = async () => {
        const made = await createBacktestRunWithin(
          db,
          { userId, symbol, universe, settings: snapshot },
          MAX_ACTIVE_BACKTESTS,
        );
        if (made === null)
          throw new AppError('CONFLICT', server.tooManyQueuedBacktests(MAX_ACTIVE_BACKTESTS));
        return made;
      };
      let { run, created, ahead } = await create();
      if (!created && (await backtestRunAgeMs(db, run.id)) > ORPHAN_GRACE_MS) {
        // The job of an active run ended without finishing it (out of attempts after crashes,
        // or Redis lost it): that run is failed and replaced; else the active run is the answer.
        // A young run is never replaced: its request may not have added the job yet.
        const state = await jobs.state(userId, run.id);
        if (state === 'failed' || state === 'completed' || state === null) {
          await failRun(run, server.backtestInternalError(run.id));
          ({ run, created, ahead } = await create());
        }
      }
      if (created) {
        try {
          await jobs.enqueue(userId, run.id, Math.min(MAX_PRIORITY, 1 + ahead));
        } catch (error) {
          await failRun(run, server.backtestInternalError(run.id));
          throw error;
        }
        await publishQueued(run);
      }
      return {
        message: created ? server.backtestQueued(symbol) : server.backtestAlreadyQueued(symbol),
        run_id: run.id,
        batch_id: run.batchId,
        queued: created,
      };
    },

    /** GET /api/backtest/progress: the user's latest batch. */
    async progress(session: SessionInfo): Promise<TBacktestProgress> {
      await failOrphans(session.userId);
      const batch = await latestBacktestBatch(db, session.userId);
      if (!batch) return { batch_id: null, completed: 0, failed: 0, total: 0, runs: [] };
      const runs = batch.runs.map((r) => ({
        symbol: r.symbol,
        status: r.status as TBacktestProgress['runs'][number]['status'],
        phase: r.status === 'running' ? r.phase : null,
        error: r.error,
      }));
      return {
        batch_id: batch.batchId,
        completed: runs.filter((r) => r.status === 'completed').length,
        failed: runs.filter((r) => r.status === 'failed').length,
        total: runs.length,
        runs,
      };
    },

    /** GET /api/backtest/result/{symbol}: the latest completed backtest of the symbol. */
    async result(session: SessionInfo, symbol: string): Promise<TBacktestResult> {
      const row = await findBacktestResult(db, session.userId, symbol);
      const parsed = row ? ZBacktestResult.safeParse(row.result) : null;
      if (!parsed?.success) throw new AppError('NOT_FOUND', server.noBacktestResult(symbol));
      return parsed.data;
    },

    /**
     * The backtest job (worker): runs an active run once; a finished or unknown run is skipped,
     * so a duplicate delivery does nothing. `final`: no retry follows a crash of this attempt,
     * so the run is failed with a notification instead of being left running.
     */
    async process(
      runId: number,
      o: BacktestProcessOptions & { final?: boolean },
    ): Promise<TBacktestJobResult> {
      const run = await findBacktestRun(db, runId);
      if (!run) return { symbol: '', status: 'failed', profit: null, no_robust_edge: null };
      try {
        return await processBacktest(deps, run, await general(run.userId), o);
      } catch (error) {
        if (o.final) await failRun(run, server.backtestInternalError(run.id));
        throw error;
      }
    },
  };
}

export type BacktestJobsService = ReturnType<typeof backtestJobsService>;
