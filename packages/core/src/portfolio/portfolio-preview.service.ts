import { randomUUID } from 'node:crypto';
import {
  AppError,
  server,
  ZPortfolioResult,
  type TPortfolioBacktestInput,
  type TPortfolioBacktestJob,
  type TPortfolioBacktestStarted,
  type TPortfolioBacktestStatus,
  type TPortfolioResult,
  type TTradingSettings,
} from '@tradebot/api-contract';
import { finalListParameters, knownSymbols } from '@tradebot/db';
import { enqueue, portfolioJobId, portfolioQueue } from '@tradebot/jobs';
import { portfolioPreview } from '@tradebot/strategy';
import type { Queue } from 'bullmq';
import type { ActiveMarketService } from '../active-market/active-market.js';
import { backtestSettingsService } from '../backtest/backtest-settings.service.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionInfo } from '../types.js';
import {
  marketBars,
  portfolioResult,
  portfolioSettings,
  portfolioStocks,
  previewStart,
  universeBars,
} from './portfolio-inputs.js';
import { portfolioMonteCarlo, seedOf } from './portfolio-risk.js';

/** A queued preview as the queue holds it. */
export interface PortfolioJob {
  userId: number;
  state: 'queued' | 'running' | 'completed' | 'failed';
  result: unknown;
  failedReason: string | null;
}

/** Where previews are queued and read back (BullMQ; tests pass their own). */
export interface PortfolioJobs {
  enqueue(id: string, payload: TPortfolioBacktestJob): Promise<void>;
  get(id: string): Promise<PortfolioJob | null>;
}

const STATES: Record<string, PortfolioJob['state']> = {
  active: 'running',
  completed: 'completed',
  failed: 'failed',
};

/** The BullMQ side of `PortfolioJobs`: the result is the job's return value. */
export function queuePortfolioJobs(queue: Queue): PortfolioJobs {
  return {
    async enqueue(id, payload) {
      await enqueue(queue, portfolioQueue, payload, { jobId: id });
    },
    async get(id) {
      // The state first: a job read first and seen finished after has the return value of
      // before it finished (null). BullMQ stores the value with the finished state at once.
      const state = await queue.getJobState(id);
      const job = await queue.getJob(id);
      if (!job) return null;
      return {
        userId: (job.data as TPortfolioBacktestJob).userId,
        state: STATES[state] ?? 'queued',
        result: job.returnvalue as unknown,
        failedReason: job.failedReason ?? null,
      };
    },
  };
}

/**
 * The portfolio preview: the Final Trading List (or chosen stocks) on one account, by the bot's
 * own decision, sizing and fill code (`@tradebot/strategy` portfolio/), over the last months of
 * the active market's bars. A request queues a job and gets its id; the worker computes it; the
 * client polls the id for the status and then the result.
 */
export function portfolioPreviewService(
  deps: ServiceDeps,
  market: Pick<ActiveMarketService, 'universeFor'>,
  trading: { settings(userId: number): Promise<TTradingSettings> },
  jobs: PortfolioJobs = queuePortfolioJobs(deps.portfolioQueue),
) {
  const { db } = deps;
  const backtestSettings = backtestSettingsService(deps);

  return {
    /** POST /api/portfolio/backtest. */
    async start(
      session: SessionInfo,
      input: TPortfolioBacktestInput,
    ): Promise<TPortfolioBacktestStarted> {
      const { userId } = session;
      const universe = market.universeFor(session);
      const symbols = [
        ...new Set(input.symbols ?? (await finalListParameters(db, userId)).map((e) => e.symbol)),
      ];
      if (symbols.length === 0) throw new AppError('BAD_REQUEST', server.portfolioNoSymbols);
      const known = await knownSymbols(db, universe, symbols);
      const unknown = symbols.filter((s) => !known.has(s));
      if (unknown.length > 0) throw new AppError('BAD_REQUEST', server.unknownSymbols(unknown));
      const months = input.months ?? (await backtestSettings.forUser(userId)).period;
      const id = portfolioJobId(userId, randomUUID());
      await jobs.enqueue(id, { userId, universe, symbols, months });
      return { id };
    },

    /** GET /api/portfolio/backtest/{id}: only the user's own previews are found. */
    async status(session: SessionInfo, id: string): Promise<TPortfolioBacktestStatus> {
      const job = await jobs.get(id);
      if (job === null || job.userId !== session.userId)
        throw new AppError('NOT_FOUND', server.portfolioUnknown);
      const parsed = job.state === 'completed' ? ZPortfolioResult.safeParse(job.result) : null;
      if (parsed !== null && !parsed.success) {
        // Ours, not the user's: the server's log says which figure broke the result's schema.
        const where = parsed.error.issues.map(
          (issue) => `${issue.path.join('.')}: ${issue.message}`,
        );
        console.error(`[portfolio] ${id}: result refused: ${where.slice(0, 5).join('; ')}`);
        return { id, status: 'failed', error: server.portfolioFailed(id), result: null };
      }
      const error =
        job.state !== 'failed'
          ? null
          : job.failedReason === server.portfolioNoBars
            ? server.portfolioNoBars
            : server.portfolioFailed(id);
      return { id, status: job.state, error, result: parsed?.data ?? null };
    },

    /**
     * The job (worker): loads the bars and settings, runs the preview. Progress goes to the
     * user's open tabs over /ws (task `portfolio`, the preview's `id`): one step per stock's bars
     * and one for the run (the Monte Carlo risk included).
     */
    async process(job: TPortfolioBacktestJob, id = ''): Promise<TPortfolioResult> {
      const total = job.symbols.length + 1;
      let completed = 0;
      const progress = (phase: string) =>
        deps.events.publish(job.userId, {
          type: 'progress',
          task: 'portfolio',
          id,
          completed,
          total,
          phase,
        });
      await progress(server.portfolioPhaseLoading);
      const [general, backtest] = await Promise.all([
        trading.settings(job.userId),
        backtestSettings.forUser(job.userId),
      ]);
      const demo = deps.market.demo.market;
      const now = deps.now();
      const stocks = await portfolioStocks(db, job.userId, job.symbols, general, async (symbol) => {
        const bars = await universeBars(db, demo, job.universe, symbol, job.months, now);
        completed++;
        return bars;
      });
      await progress(server.portfolioPhaseComputing);
      if (stocks.length === 0) throw new Error(server.portfolioNoBars);
      const settings = portfolioSettings(job.userId, backtest, general);
      const market = await marketBars(db, demo, job.universe, job.months, now);
      const preview = portfolioPreview(
        stocks,
        settings,
        { from: previewStart(stocks, job.months) },
        market,
      );
      // Seeded by the job, so reading a preview twice or re-running its id gives the same paths.
      const monteCarlo = portfolioMonteCarlo(
        preview.run.equity,
        settings.initialCash,
        settings.max_drawdown,
        seedOf(id === '' ? JSON.stringify(job) : id),
      );
      completed = total;
      await progress(server.portfolioPhaseCompleted);
      return portfolioResult(preview, job.months, monteCarlo, market?.symbol);
    },
  };
}

export type PortfolioPreviewService = ReturnType<typeof portfolioPreviewService>;
