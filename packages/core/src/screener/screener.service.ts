import {
  AppError,
  server,
  ZScreenedStock,
  type TMlModelInfo,
  type TRunScreenerInput,
  type TScreeningCriteria,
  type TScreenerJobResult,
  type TScreenerOutput,
  ZScreeningCriteria,
} from '@tradebot/api-contract';
import {
  claimScreenerRun,
  completeScreenerRun,
  createScreenerRun,
  failScreenerRun,
  findScreenerRun,
  latestCompletedScreenerRun,
  latestScreenerCriteria,
  screenerUniverse,
  type ScreenerRunRecord,
} from '@tradebot/db';
import { enqueue, screenerJobId, screenerQueue } from '@tradebot/jobs';
import { screen, type ScreenResult } from '@tradebot/strategy';
import type { Queue } from 'bullmq';
import { z } from 'zod';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService, UniverseName } from '../active-market/active-market.js';
import type { SessionInfo } from '../types.js';
import { missingCriteria } from './missing-criteria.js';
import { rowsFromStore } from './screener-store.js';
import type { ScreenerRow } from './screen-row.js';
import { storedCriteria, type ScreenerTemplatesService } from './screener-templates.service.js';

/** Queues a run's job; the id is deterministic, so adding it again is a no-op. */
export interface ScreenerJobs {
  enqueue(userId: number, runId: number): Promise<void>;
}

/** The ML score (another service): per-symbol scores of the passing stocks and the model shown. */
export interface MlScoreSource {
  scoresFor(universe: UniverseName, symbols: readonly string[]): Promise<Map<string, number>>;
  modelInfo(universe: UniverseName): Promise<TMlModelInfo | null>;
}

/** The BullMQ side of `ScreenerJobs`. */
export function queueScreenerJobs(queue: Queue): ScreenerJobs {
  return {
    async enqueue(userId, runId) {
      await enqueue(queue, screenerQueue, { runId }, { jobId: screenerJobId(userId, runId) });
    },
  };
}

/** A run queued or running longer than this lost its job (worker gone, Redis wiped): replaced. */
export const STALE_RUN_MS = 10 * 60_000;

/**
 * What a run stores per passing stock: the screened-stocks table without the score, and `saved`
 * once the stock was saved to the backtesting list (it is no longer shown).
 */
// Runs stored before atr_percent was kept have none: it is derived from ATR and the last price.
const ZStoredResults = z.array(
  ZScreenedStock.omit({ ml_score: true }).extend({
    atr_percent: z.number().nullable().optional(),
    saved: z.boolean().optional(),
  }),
);
type StoredResult = z.infer<typeof ZStoredResults>[number];

/** ATR as a percent of the price, for stored rows that lack it. */
const atrPercentOf = (atr: number | null, price: number | null) =>
  atr !== null && price !== null && price > 0 ? (100 * atr) / price : null;

const EMPTY_OUTPUT: TScreenerOutput = {
  symbols: [],
  saved_to_backtest: 0,
  excluded_for_missing_data: 0,
  total: 0,
  template_name: null,
  completed_at: null,
  market_as_of: null,
  ml_model: null,
  missing_criteria: [],
};

/** Each run reports progress at its start, at least twice in between, and at its end. */
const PROGRESS_STEPS = 4;

/**
 * The screener: a run is a screener_runs row plus a queued job; the job screens the
 * user's universe from stored metrics, reports progress over /ws, stores the passing stocks and
 * writes the "Screener completed" notification the spec's client polls for, in one transaction.
 */
export function screenerService(
  deps: Pick<ServiceDeps, 'db' | 'events' | 'now' | 'limiter'>,
  market: Pick<ActiveMarketService, 'universeFor'>,
  templates: ScreenerTemplatesService,
  jobs: ScreenerJobs,
  scores?: MlScoreSource,
  alpacaNotice: (userId: number) => Promise<string | null> = async () => null,
) {
  const { db, events } = deps;

  /** Body criteria; else a named template's; else the user's last run's; else the defaults. */
  async function criteriaFor(
    userId: number,
    input: TRunScreenerInput,
  ): Promise<{ criteria: TScreeningCriteria; templateName: string | null }> {
    const templateName = input?.template_name ?? null;
    if (input?.criteria) return { criteria: input.criteria, templateName };
    if (templateName !== null) {
      const criteria = await templates.criteriaOf(userId, templateName);
      if (!criteria) throw new AppError('NOT_FOUND', server.templateNotFound(templateName));
      return { criteria, templateName };
    }
    const last = await latestScreenerCriteria(db, userId);
    if (last) return { criteria: storedCriteria(last.criteria), templateName: last.templateName };
    return { criteria: ZScreeningCriteria.parse({}), templateName: null };
  }

  async function failRun(run: ScreenerRunRecord, reason: string) {
    await failScreenerRun(db, run.id, reason, deps.now(), {
      userId: run.userId,
      message: server.screenerFailed(reason),
    });
  }

  async function publish(userId: number, completed: number, total: number, message?: string) {
    await events.publish(userId, {
      type: 'progress',
      task: 'screener',
      completed,
      total,
      ...(message ? { message } : {}),
    });
  }

  /** Screens in a few slices so the progress bar moves; the result is the same as one pass. */
  async function screenWithProgress(
    userId: number,
    rows: ScreenerRow[],
    criteria: TScreeningCriteria,
  ) {
    const total = rows.length;
    const slice = Math.max(1, Math.ceil(total / PROGRESS_STEPS));
    const passed: ScreenerRow[] = [];
    let excluded = 0;
    const missing: Record<string, number> = {};
    await publish(userId, 0, total);
    for (let start = 0; start < total; start += slice) {
      const part: ScreenResult<ScreenerRow> = screen(rows.slice(start, start + slice), criteria);
      passed.push(...part.rows);
      excluded += part.excludedForMissingData;
      for (const [key, n] of Object.entries(part.missingByCriterion))
        missing[key] = (missing[key] ?? 0) + (n ?? 0);
      await publish(userId, Math.min(total, start + slice), total);
    }
    return { passed, excluded, missing };
  }

  return {
    /** POST /api/run-screener: a second call while a run is queued or running returns that run. */
    async run(session: SessionInfo, input: TRunScreenerInput) {
      await deps.limiter.consume('screenerRun', String(session.userId), server.tooManyRuns);
      const { criteria, templateName } = await criteriaFor(session.userId, input);
      const universe = market.universeFor(session);
      // An Alpaca universe not loaded yet (no key, or its first load running) is said as such.
      const notice = universe === 'alpaca' ? await alpacaNotice(session.userId) : null;
      if (notice !== null) throw new AppError('BAD_REQUEST', notice);
      const create = () =>
        createScreenerRun(db, {
          userId: session.userId,
          universe,
          criteria,
          templateName,
        });
      let { run, created } = await create();
      if (!created && deps.now().getTime() - run.createdAt.getTime() > STALE_RUN_MS) {
        await failRun(run, server.screenerInternalError(run.id));
        ({ run, created } = await create());
      }
      try {
        // Also for a run already active: the same job id adds nothing when the job exists,
        // and queues it again if Redis lost it.
        await jobs.enqueue(session.userId, run.id);
      } catch (error) {
        if (created) await failRun(run, server.screenerInternalError(run.id));
        throw error;
      }
      return { message: server.screenerStarted, run_id: run.id };
    },

    /** GET /api/get-screener-output: the latest completed run, with the ML score when one exists. */
    async output(session: SessionInfo): Promise<TScreenerOutput> {
      const run = await latestCompletedScreenerRun(db, session.userId);
      if (!run) return EMPTY_OUTPUT;
      const results: StoredResult[] = ZStoredResults.catch([]).parse(run.results);
      const stored = results.filter((s) => s.saved !== true);
      const symbols = stored.map((s) => s.symbol);
      const [scoreMap, model] = scores
        ? await Promise.all([
            scores.scoresFor(run.universe, symbols),
            scores.modelInfo(run.universe),
          ])
        : [new Map<string, number>(), null];
      return {
        symbols: stored.map(({ saved: _, ...s }) => ({
          ...s,
          atr_percent: s.atr_percent ?? atrPercentOf(s.atr, s.last_price),
          ml_score: scoreMap.get(s.symbol) ?? null,
        })),
        saved_to_backtest: results.length - stored.length,
        excluded_for_missing_data: run.excludedForMissingData ?? 0,
        total: run.total ?? 0,
        template_name: run.templateName,
        completed_at: run.finishedAt?.toISOString() ?? null,
        market_as_of: run.marketAsOf?.toISOString() ?? null,
        ml_model: model,
        missing_criteria: missingCriteria(run.missingByCriterion, run.total ?? 0),
      };
    },

    /** The screener job (worker): runs a queued run once; a finished or unknown run is skipped. */
    async process(runId: number): Promise<TScreenerJobResult> {
      const run = await findScreenerRun(db, runId);
      if (!run || !(await claimScreenerRun(db, runId))) return { status: 'skipped', passed: 0 };
      try {
        const { rows, marketAsOf } = rowsFromStore(await screenerUniverse(db, run.universe));
        if (rows.length === 0) {
          await failRun(run, server.screenerNoUniverse);
          await publish(run.userId, 0, 0, server.screenerFailed(server.screenerNoUniverse));
          return { status: 'failed', passed: 0 };
        }
        const { passed, excluded, missing } = await screenWithProgress(
          run.userId,
          rows,
          storedCriteria(run.criteria),
        );
        const results: StoredResult[] = passed.map((r) => ({
          symbol: r.symbol,
          company_name: r.company_name,
          domain: r.domain,
          last_price: r.last_price,
          rsi: r.rsi,
          atr: r.atr,
          atr_percent: r.atr_percent,
          macd: r.macd,
        }));
        const message = server.screenerCompleted(run.templateName, passed.length, excluded);
        await completeScreenerRun(
          db,
          run.id,
          {
            results,
            total: rows.length,
            excludedForMissingData: excluded,
            missingByCriterion: missing,
            marketAsOf,
            finishedAt: deps.now(),
          },
          { userId: run.userId, message },
        );
        await publish(run.userId, rows.length, rows.length, message);
        return { status: 'completed', passed: passed.length };
      } catch (error) {
        // The user learns that it failed and what to do; the worker logs the cause.
        await failRun(run, server.screenerInternalError(run.id));
        throw error;
      }
    },
  };
}

export type ScreenerService = ReturnType<typeof screenerService>;
