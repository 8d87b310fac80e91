import type { StockParams } from '../../params.js';
import type { ParamValues } from '../space/types.js';
import { returnMoments } from '../stats/moments.js';
import { optimize } from './optimize.js';
import { lowerBound } from './robust-score.js';
import type { BarWindow, EvalResult, OptimizeOptions, OptimizeResult } from './types.js';

export interface FoldSpec {
  /** In-sample bars per fold. */
  train: number;
  /** Out-of-sample bars per fold, right after its in-sample window. */
  test: number;
  /** Bars between fold starts (default `test`, so test windows tile without overlap). */
  step?: number;
  /** Keep every in-sample window starting at `first` (expanding) instead of rolling. */
  anchored?: boolean;
  /** First bar any window may start at, e.g. to leave warm-up history (default 0). */
  first?: number;
  /** Keep only the most recent `maxFolds` folds. */
  maxFolds?: number;
}

export interface Fold {
  train: BarWindow;
  test: BarWindow;
}

/**
 * Rolling (or anchored) walk-forward folds over `bars` bars, aligned so the last test window ends
 * on the last bar: the most recent data is always tested. Returns [] when one fold does not fit.
 */
export function walkForwardFolds(bars: number, spec: FoldSpec): Fold[] {
  const first = spec.first ?? 0;
  const step = spec.step ?? spec.test;
  const room = bars - first - spec.train - spec.test;
  if (room < 0 || step <= 0) return [];
  const count = Math.floor(room / step) + 1;
  const folds: Fold[] = [];
  for (let k = Math.max(0, count - (spec.maxFolds ?? count)); k < count; k++) {
    const trainEnd = bars - spec.test - (count - 1 - k) * step;
    const trainStart = spec.anchored ? first : trainEnd - spec.train;
    folds.push({
      train: { start: trainStart, end: trainEnd },
      test: { start: trainEnd, end: trainEnd + spec.test },
    });
  }
  return folds;
}

/**
 * Options of walkForward. Unlike `optimize`, the default `score` fights in-sample overfitting: it is
 * `lowerBound(3)`, the window's total return less three standard errors, so a set must clear a
 * significance bar to beat not trading (README "Overfitting controls"). `select` defaults to 'observed'.
 */
export interface WalkForwardOptions<P extends ParamValues> extends Omit<
  OptimizeOptions<P>,
  'window'
> {
  /** Number of bars available to `evaluate`. */
  bars: number;
  folds: FoldSpec;
}

export interface FoldResult<P> {
  fold: Fold;
  params: P;
  inSample: EvalResult;
  outOfSample: EvalResult;
  trials: number;
}

export interface WalkForwardResult<P> {
  folds: FoldResult<P>[];
  /**
   * What the procedure earned on data it never optimised on: profits summed over the test windows,
   * per-bar Sharpe of the concatenated test returns (mean of fold Sharpes without returns).
   */
  outOfSample: { profit: number; sharpe: number; barSharpe: number; bars: number };
  /** Optimisation on the most recent `train` bars: these are the parameters to trade. */
  final: OptimizeResult<P>;
  /** Evaluations over all folds and the final run. */
  totalTrials: number;
  /** Timings summed over all folds and the final run (see OptimizeResult.timing; afterMs sums importanceMs). */
  timing: Omit<OptimizeResult<unknown>['timing'], 'importanceMs'> & { afterMs: number };
}

/**
 * Walk-forward validation (Pardo 1992): optimise on each fold's in-sample window, score the winner
 * on the following out-of-sample window, then optimise once more on the latest `train` bars for
 * the parameters to trade. `budget` applies to each optimisation run separately.
 */
export function walkForward<P extends ParamValues>(
  options: WalkForwardOptions<P>,
): WalkForwardResult<P> {
  const o = { ...options, score: options.score ?? lowerBound(3) };
  const folds = walkForwardFolds(o.bars, o.folds);
  const results: FoldResult<P>[] = [];
  let totalTrials = 0;
  const timing = {
    searchMs: 0,
    evaluateMs: 0,
    surrogateMs: 0,
    bookkeepingMs: 0,
    fits: 0,
    fitMs: 0,
    afterMs: 0,
  };
  const addTiming = (t: OptimizeResult<P>['timing']) => {
    timing.searchMs += t.searchMs;
    timing.evaluateMs += t.evaluateMs;
    timing.surrogateMs += t.surrogateMs;
    timing.bookkeepingMs += t.bookkeepingMs;
    timing.fits += t.fits;
    timing.fitMs += t.fitMs;
    timing.afterMs += t.importanceMs;
  };
  for (const fold of folds) {
    // Importance is reported for the final run only; the folds skip its extra forest.
    const run = optimize({ ...o, window: fold.train, importance: false });
    totalTrials += run.trials.length;
    addTiming(run.timing);
    results.push({
      fold,
      params: run.best.params,
      inSample: summary(run.best.result),
      outOfSample: o.evaluate(run.best.params, fold.test),
      trials: run.trials.length,
    });
  }
  const start = Math.max(o.folds.first ?? 0, o.bars - o.folds.train);
  const final = optimize({ ...o, window: { start, end: o.bars } });
  totalTrials += final.trials.length;
  addTiming(final.timing);
  return { folds: results, outOfSample: outOfSampleStats(results), final, totalTrials, timing };
}

function summary(r: EvalResult): EvalResult {
  return {
    profit: r.profit,
    sharpe: r.sharpe,
    ...(r.trades === undefined ? {} : { trades: r.trades }),
  };
}

function outOfSampleStats<P>(results: FoldResult<P>[]): WalkForwardResult<P>['outOfSample'] {
  let profit = 0;
  let sharpeSum = 0;
  const returns: number[] = [];
  let withReturns = true;
  for (const r of results) {
    profit += r.outOfSample.profit;
    sharpeSum += r.outOfSample.sharpe;
    const ret = r.outOfSample.returns;
    if (ret) for (let i = 0; i < ret.length; i++) returns.push(ret[i] as number);
    else withReturns = false;
  }
  const bars = results.reduce((s, r) => s + r.fold.test.end - r.fold.test.start, 0);
  return {
    profit,
    sharpe: results.length > 0 ? sharpeSum / results.length : 0,
    barSharpe: withReturns && returns.length > 1 ? returnMoments(returns).sharpe : Number.NaN,
    bars,
  };
}

/** One `best_parameters` entry of spec §3 (per-stock fields plus profit), with validation beside it. */
export interface BestParametersEntry extends StockParams {
  symbol: string;
  /** Walk-forward out-of-sample profit (see `walkForward`): the honest estimate, not the in-sample best. */
  profit: number;
}

export interface OptimizationReport {
  entry: BestParametersEntry;
  inSampleProfit: number;
  outOfSampleSharpe: number;
  folds: number;
  trials: number;
  deflatedSharpe: number | null;
  importance: { name: string; permutation: number; impurity: number }[];
}

/**
 * Maps a walk-forward run to the spec's entry. `profit` is the out-of-sample profit of the
 * procedure, because the in-sample profit of an optimised parameter set is biased upwards by
 * selection; the final window's in-sample profit and the DSR are reported beside it.
 */
export function toBestParameters(
  symbol: string,
  wf: WalkForwardResult<StockParams & ParamValues>,
): OptimizationReport {
  const p = wf.final.best.params;
  return {
    entry: {
      ...p,
      symbol,
      profit: wf.folds.length > 0 ? wf.outOfSample.profit : wf.final.best.profit,
    },
    inSampleProfit: wf.final.best.profit,
    outOfSampleSharpe: wf.outOfSample.sharpe,
    folds: wf.folds.length,
    trials: wf.totalTrials,
    deflatedSharpe: wf.final.deflated?.dsr ?? null,
    importance: wf.final.importance,
  };
}
