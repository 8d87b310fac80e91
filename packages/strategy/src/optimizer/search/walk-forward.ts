import type { ParamValues } from '../space/types.js';
import { returnMoments } from '../stats/moments.js';
import { edgeVerdict, type EdgeVerdict } from './edge.js';
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

/** Bars per round trip the eligibility rule asks for by default: half a year of daily bars. */
export const BARS_PER_REQUIRED_TRADE = 126;

/**
 * walkForward's default eligibility rule: at least one in-sample round trip per 126 bars of the
 * window (6 in a 756-bar window), never fewer than 1. It assumes daily bars; pass `minTrades` for others.
 */
export function defaultMinTrades(window: BarWindow): number {
  return Math.max(1, Math.floor((window.end - window.start) / BARS_PER_REQUIRED_TRADE));
}

/**
 * Options of walkForward. Unlike `optimize`, the defaults fight in-sample overfitting and abstention:
 * `score` is `lowerBound(3)`, the window's total return less three standard errors, and `minTrades`
 * is `defaultMinTrades` (one round trip per 126 in-sample bars), so the winner is the set that trades
 * enough with the best lower bound, never a set that does not trade while one that does exists
 * (README "Overfitting controls"). `select` defaults to 'observed'.
 */
export interface WalkForwardOptions<P extends ParamValues> extends Omit<
  OptimizeOptions<P>,
  'window' | 'minTrades'
> {
  /** Number of bars available to `evaluate`. */
  bars: number;
  folds: FoldSpec;
  /** In-sample round trips a winner needs, fixed or per training window (default `defaultMinTrades`; 0 turns the rule off). */
  minTrades?: number | ((window: BarWindow) => number);
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
   * per-bar Sharpe of the concatenated test returns (mean of fold Sharpes without returns), round
   * trips summed over the test windows (undefined when the objective does not count them).
   */
  outOfSample: { profit: number; sharpe: number; barSharpe: number; bars: number; trades?: number };
  /** Optimisation on the most recent `train` bars: its winner is the parameter set to trade, if any. */
  final: OptimizeResult<P>;
  /**
   * READ BEFORE TRADING `final`: whether the evidence supports the final winner (`edge.noRobustEdge`,
   * `edge.reasons`, `edge.deflatedSharpe`; see edge.ts). On the real daily series every symbol was
   * flagged (106 of 106): the search always names a winner, and this is how it says the winner is no edge.
   */
  edge: EdgeVerdict;
  /** Evaluations over all folds and the final run. */
  totalTrials: number;
  /** Timings summed over all folds and the final run (see OptimizeResult.timing; afterMs sums importanceMs). */
  timing: Omit<OptimizeResult<unknown>['timing'], 'importanceMs'> & { afterMs: number };
}

/**
 * Walk-forward validation (Pardo 1992): optimise on each fold's in-sample window, score the winner
 * on the following out-of-sample window, then optimise once more on the latest `train` bars for
 * the parameters to trade. `budget` applies to each optimisation run separately; each run ranks
 * trials under the trade rule (`minTrades`) of its own window.
 */
export function walkForward<P extends ParamValues>(
  options: WalkForwardOptions<P>,
): WalkForwardResult<P> {
  const o = { ...options, score: options.score ?? lowerBound(3) };
  const rule = options.minTrades ?? defaultMinTrades;
  const minTrades = (w: BarWindow) => (typeof rule === 'number' ? rule : rule(w));
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
    const run = optimize({
      ...o,
      window: fold.train,
      minTrades: minTrades(fold.train),
      importance: false,
    });
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
  const window = { start, end: o.bars };
  const finalMin = minTrades(window);
  const final = optimize({ ...o, window, minTrades: finalMin });
  totalTrials += final.trials.length;
  addTiming(final.timing);
  const outOfSample = outOfSampleStats(results);
  const edge = edgeVerdict(final, finalMin, { profit: outOfSample.profit, folds: results.length });
  return { folds: results, outOfSample, final, edge, totalTrials, timing };
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
  let trades: number | undefined = 0;
  const returns: number[] = [];
  let withReturns = true;
  for (const r of results) {
    profit += r.outOfSample.profit;
    sharpeSum += r.outOfSample.sharpe;
    const t = r.outOfSample.trades;
    trades = t === undefined || trades === undefined ? undefined : trades + t;
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
    ...(trades === undefined ? {} : { trades }),
  };
}
