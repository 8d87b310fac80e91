import type { DeflatedSharpe } from './dsr.js';
import { deflatedReport, finalForest, importanceOf, modelBest } from './finish.js';
import { forestLoop } from './forest-loop.js';
import type { ForestOptions } from './forest.js';
import { latinHypercube, uniformPoint } from './sampling.js';
import type { ParamValues, SearchSpace, Uniform } from './space.js';
import { evaluateParams, evaluatePoint, newState, targets, type State } from './trials.js';

export { forestOptions } from './forest-loop.js';

/** Half-open range of bar indices [start, end) that an evaluation may trade in. */
export interface BarWindow {
  start: number;
  end: number;
}

/** What the objective reports for one parameter set on one window. */
export interface EvalResult {
  /** Profit over the window, in the backtester's units (currency by default). */
  profit: number;
  /** Sharpe ratio as the backtester reports it (any annualisation). */
  sharpe: number;
  /** Per-bar returns inside the window; needed for the deflated Sharpe ratio. */
  returns?: ArrayLike<number>;
  trades?: number;
}

/**
 * The objective: backtest `params` trading only inside `window`. Bars before `window.start` may
 * be used to warm indicators up, bars at or after `window.end` must not be read.
 */
export type Evaluate<P> = (params: P, window: BarWindow) => EvalResult;

export interface Budget {
  /** Maximum number of evaluations. */
  evaluations?: number;
  /** Maximum wall time in ms, measured with `now`. */
  timeMs?: number;
}

export interface OptimizeOptions<P extends ParamValues> {
  evaluate: Evaluate<P>;
  space: SearchSpace<P>;
  window: BarWindow;
  budget: Budget;
  rng: Uniform;
  /** Clock in ms; required for a time budget or adaptive batches. */
  now?: () => number;
  /** 'forest' (default) is the surrogate search, 'random' the uniform baseline. */
  method?: 'forest' | 'random';
  /** What is maximised; default the window's profit. */
  score?: (r: EvalResult) => number;
  /** Latin-hypercube points before the surrogate takes over (default max(10, 2·d), ≤ a quarter of the budget). */
  initial?: number;
  /** Points evaluated per surrogate fit (default 4). */
  batchSize?: number;
  /**
   * If set (e.g. 0.2), the points evaluated per forest fit are chosen so that surrogate work (fits,
   * proposals and the final forest for importance / model selection) stays under this share of the
   * call's wall time: cheap objectives get few fits and large batches. Needs `now`; results
   * then depend on timing.
   */
  surrogateShare?: number;
  /**
   * Compute parameter importance after the search (default true): one more forest fit on every
   * trial plus permutation importance. walkForward turns it off for the folds, which do not report it.
   */
  importance?: boolean;
  /** Candidates scored per fit (default 2 per batch point, at least 512, at most 2048). */
  candidates?: number;
  /** κ in mean + κ·std (default 1). */
  exploration?: number;
  forest?: ForestOptions;
  /**
   * How the winner is chosen: 'observed' (default) the highest observed score; 'model' the trial the
   * final forest predicts best (less prone to picking a lucky outlier).
   */
  select?: 'observed' | 'model';
  /** Points always evaluated first (e.g. the current defaults). */
  seeds?: readonly P[];
}

export interface Trial<P> {
  params: P;
  score: number;
  profit: number;
  sharpe: number;
  /** Per-bar Sharpe from `returns` (NaN without returns): the unit the DSR works in. */
  barSharpe: number;
}

export interface ParamImportance {
  name: string;
  /** Share of the rise in out-of-bag error when the parameter is shuffled (sums to 1). */
  permutation: number;
  /** Share of the forest's squared-error reduction from splits on the parameter (sums to 1). */
  impurity: number;
}

export interface DeflatedSharpeReport extends DeflatedSharpe {
  trials: number;
  sharpe: number;
  trialSharpeVariance: number;
  observations: number;
  skew: number;
  kurtosis: number;
}

export interface OptimizeResult<P> {
  best: Trial<P> & { result: EvalResult };
  trials: Trial<P>[];
  /** Null when the objective returns no per-bar returns. */
  deflated: DeflatedSharpeReport | null;
  importance: ParamImportance[];
  /**
   * searchMs is the whole call's wall time = evaluateMs (the objective) + surrogateMs (forest fits,
   * proposals, and the work after the search: final forest, importance, model selection, DSR) +
   * bookkeepingMs (decoding, de-duplicating and recording each evaluation, which random search pays
   * too). Within surrogateMs: fitMs is the search's forest fits, importanceMs the part after the
   * search, and the rest the proposals.
   */
  timing: {
    searchMs: number; evaluateMs: number; surrogateMs: number; bookkeepingMs: number; fits: number; fitMs: number; importanceMs: number;
  };
}

/**
 * Maximises `score(evaluate(params, window))` over `space`: a Latin-hypercube start, then rounds of
 * fit-forest → propose by upper confidence bound → evaluate, until the budget runs out. Returns every
 * trial, the best by observed score, its deflated Sharpe ratio and the parameters' importance.
 */
export function optimize<P extends ParamValues>(o: OptimizeOptions<P>): OptimizeResult<P> {
  const now = o.now ?? (() => 0);
  if (o.budget.evaluations === undefined && (o.budget.timeMs === undefined || !o.now)) {
    throw new Error('optimize: give budget.evaluations, or budget.timeMs with a now() clock');
  }
  const st: State<P> = newState(now());
  const maxEvals = o.budget.evaluations ?? Number.POSITIVE_INFINITY;
  const done = () =>
    st.trials.length >= maxEvals || (o.budget.timeMs !== undefined && now() - st.start >= o.budget.timeMs);
  const d = o.space.dims.length;
  for (const p of o.seeds ?? []) if (!done()) evaluateParams(o, st, now, { ...o.space.fixed, ...p } as P);
  if (o.method === 'random') {
    for (let miss = 0; !done() && miss < 1000; ) miss = evaluatePoint(o, st, now, uniformPoint(o.rng, d)) ? 0 : miss + 1;
  } else {
    const n0 = o.initial ?? Math.max(2, Math.min(Math.max(10, 2 * d), Math.floor(maxEvals / 4)));
    for (const u of latinHypercube(o.rng, n0, d)) if (!done()) evaluatePoint(o, st, now, u);
    forestLoop(o, st, now, done);
  }
  return finish(o, st, now);
}

function finish<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, now: () => number): OptimizeResult<P> {
  if (!st.best) throw new Error('optimize: the budget allowed no evaluation');
  const t0 = now();
  const e0 = st.evaluateMs;
  const rec = { X: st.X, y: targets(st.y), trials: st.trials, best: st.best };
  const forest = finalForest(o, rec, st.last);
  const importance = importanceOf(o, rec, forest);
  const timed = (p: P): EvalResult => {
    const e0 = now();
    const r = o.evaluate(p, o.window);
    st.evaluateMs += now() - e0;
    return r;
  };
  const best = o.select === 'model' && forest ? modelBest(rec, forest, timed) : st.best;
  const deflated = deflatedReport(best, st.trials);
  const end = now();
  const searchMs = end - st.start;
  // The final forest, importance, model selection (less its re-evaluation) and DSR count as surrogate work.
  const surrogateMs = st.surrogateMs + (end - t0) - (st.evaluateMs - e0);
  return {
    best, trials: st.trials, deflated, importance,
    timing: {
      searchMs, evaluateMs: st.evaluateMs, surrogateMs, bookkeepingMs: searchMs - st.evaluateMs - surrogateMs, fits: st.fits,
      fitMs: st.fitMs, importanceMs: end - t0 - (st.evaluateMs - e0),
    },
  };
}
