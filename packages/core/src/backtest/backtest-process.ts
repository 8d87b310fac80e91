import { setImmediate as nextTurn } from 'node:timers/promises';
import { server, ui, ZBacktestSettings, type TBacktestJobResult } from '@tradebot/api-contract';
import {
  backtestBatchCounts,
  claimBacktestRun,
  completeBacktestRun,
  failBacktestRun,
  setBacktestPhase,
  type BacktestRunRecord,
} from '@tradebot/db';
import type { Bars } from '@tradebot/strategy';
import type { ServiceDeps } from '../deps.js';
import { AlpacaError, type AlpacaFeed } from '@tradebot/market';
import { alpacaBars, type AlpacaBarsFeed } from './alpaca-bars.js';
import { alpacaBarsForUser } from './alpaca-supplier.js';
import {
  calendarDaysFor,
  csvBars,
  demoBars,
  historyMonths,
  MIN_HISTORY_MONTHS,
  planBacktest,
} from './backtest-bars.js';
import {
  configOf,
  optimizeSymbol,
  robustnessOfSymbol,
  seedOf,
  symbolSearch,
  type BacktestBudget,
  type BacktestGeneral,
} from './backtest-optimize.js';
import { buildBacktestResult } from './backtest-result.js';

/**
 * A `progress` event of the run's batch (completed of total, counting failed runs as done) with
 * the run's symbol and phase, to the user's sockets.
 */
export async function publishBacktestProgress(
  deps: Pick<ServiceDeps, 'db' | 'events'>,
  run: Pick<BacktestRunRecord, 'userId' | 'batchId' | 'symbol'>,
  phase: string,
  message?: string,
): Promise<void> {
  const counts = await backtestBatchCounts(deps.db, run.userId, run.batchId);
  await deps.events.publish(run.userId, {
    type: 'progress',
    task: 'backtest',
    completed: counts.completed + counts.failed,
    total: counts.total,
    symbol: run.symbol,
    phase,
    ...(message ? { message } : {}),
  });
}

export interface BacktestProcessOptions {
  budget: BacktestBudget;
  /** No retry follows this attempt: an Alpaca failure fails the run instead of being thrown. */
  final?: boolean;
  /** The Alpaca cache's supplier for the run's user (default: their keys, see alpaca-supplier). */
  alpacaBars?: (userId: number) => Promise<AlpacaBarsFeed | null>;
}

type Deps = Pick<ServiceDeps, 'db' | 'events' | 'now' | 'market' | 'cipher' | 'universe'>;

/** An Alpaca failure no retry mends: wrong or unentitled keys, a payload we cannot read. */
const lasting = (error: AlpacaError) =>
  error.kind === 'invalid-keys' ||
  error.kind === 'not-permitted' ||
  error.kind === 'malformed-payload';

/**
 * One backtest job: claim the run, load the symbol's bars from the run's universe, optimise
 * walk-forward, and write result, Optimized Parameters entry, list removal and notification in
 * one transaction. A failure the job can name (no bars, too little history) fails the run with
 * a notification and ends the job; anything else is thrown (the queue retries the job).
 */
export async function processBacktest(
  deps: Deps,
  run: BacktestRunRecord,
  general: BacktestGeneral,
  options: BacktestProcessOptions,
): Promise<TBacktestJobResult> {
  const { db } = deps;
  const done = (status: 'completed' | 'failed') => ({
    symbol: run.symbol,
    status,
    profit: null,
    no_robust_edge: null,
  });
  if (run.status === 'completed' || run.status === 'failed') return done(run.status);
  if (!(await claimBacktestRun(db, run.id, deps.now()))) return done('completed');

  const publish = (phase: string, message?: string) =>
    publishBacktestProgress(deps, run, phase, message);
  const phase = async (text: string) => {
    await setBacktestPhase(db, run.id, text);
    await publish(text);
  };
  const fail = async (reason: string) => {
    const message = server.backtestFailed(run.symbol, reason);
    await failBacktestRun(db, run, reason, message, deps.now());
    await publish(server.backtestPhaseFailed, message);
    return done('failed');
  };

  const settings = ZBacktestSettings.parse(run.settings);
  await phase(server.backtestPhaseLoading);
  let history: Bars;
  let feed: AlpacaFeed | null = null;
  if (run.universe === 'demo') {
    history = await demoBars(deps.market.demo.market, run.symbol, settings.period);
  } else if (run.universe === 'csv') {
    history = await csvBars(db, run.symbol, settings.period, deps.now());
  } else {
    const supplier = await (options.alpacaBars ?? ((id) => alpacaBarsForUser(deps, id)))(
      run.userId,
    );
    feed = supplier?.feed ?? null;
    const days = calendarDaysFor(settings.period);
    try {
      history = await alpacaBars(db, supplier, run.symbol, days, deps.now().getTime());
    } catch (error) {
      if (!(error instanceof AlpacaError)) throw error;
      if (options.final || lasting(error)) return fail(server.backtestTopUpFailed(error.message));
      throw error;
    }
  }
  if (history.close.length === 0) return fail(server.backtestNoBars);
  const plan = planBacktest(history, settings.period);
  if (!plan) return fail(server.backtestShortHistory(historyMonths(history), MIN_HISTORY_MONTHS));

  await phase(server.backtestPhaseOptimizing(plan.folds));
  // Let the phase's event and the lock renewal out before the synchronous search.
  await nextTurn();
  const config = configOf(settings, general, seedOf(run.symbol));
  const search = symbolSearch(plan, config, settings);
  const wf = optimizeSymbol(plan, config, settings, options.budget, search);
  await nextTurn();
  const robustness = robustnessOfSymbol(search, wf);
  await nextTurn();
  const { result, report } = buildBacktestResult({
    symbol: run.symbol,
    universe: run.universe,
    feed,
    settings,
    plan,
    config,
    wf,
    robustness,
    completedAt: deps.now(),
  });

  await phase(server.backtestPhaseSaving);
  const written = await completeBacktestRun(db, {
    runId: run.id,
    userId: run.userId,
    symbol: run.symbol,
    result,
    finishedAt: new Date(result.completed_at),
    parameters: result.parameters,
    // Walk-forward out-of-sample profit (toBestParameters): the honest estimate.
    profit: report.entry.profit,
    message: (onFinalList) =>
      onFinalList
        ? server.backtestCompletedKeptFinal(run.symbol)
        : ui.backtestCompleted(run.symbol),
  });
  if (!written) return done('completed');
  await publish(server.backtestPhaseCompleted, ui.backtestCompleted(run.symbol));
  return {
    symbol: run.symbol,
    status: 'completed',
    profit: report.entry.profit,
    no_robust_edge: report.noRobustEdge,
  };
}
