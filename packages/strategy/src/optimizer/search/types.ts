/**
 * The search's shared types: the objective's contract, the options and results of `optimize`, and
 * the state the search passes between its phases (trials, forest loop, finish). A leaf: it imports
 * only the other folders' leaf types, so the search's modules depend on it and never on each other
 * for a type, which is what kept optimize, finish, forest-loop and trials in an import cycle.
 */
import type { Forest, ForestOptions } from '../forest/types.js';
import type { ParamValues, SearchSpace, Uniform } from '../space/types.js';
import type { DeflatedSharpe } from '../stats/types.js';

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
  /**
   * The eligibility rule (search/eligibility.ts): a trial with fewer than `minTrades` round trips
   * (`EvalResult.trades`) in the window ranks below every trial with enough, in the winner's choice,
   * the forest's targets and the elites. Default 0 (no rule); walkForward sets one per 126 bars.
   */
  minTrades?: number;
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
  /** Round trips in the window, when the objective counts them (`EvalResult.trades`). */
  trades?: number;
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
    searchMs: number;
    evaluateMs: number;
    surrogateMs: number;
    bookkeepingMs: number;
    fits: number;
    fitMs: number;
    importanceMs: number;
  };
}

/** What a search run has evaluated so far, and what its surrogate has cost. */
export interface State<P> {
  /** Encoded trials, row-major (n × d). */
  X: number[];
  y: number[];
  trials: Trial<P>[];
  seen: Set<number>;
  best: (Trial<P> & { result: EvalResult }) | null;
  evaluateMs: number;
  /** Forest fits and proposals so far. */
  surrogateMs: number;
  fits: number;
  /** The fits' share of surrogateMs. */
  fitMs: number;
  start: number;
  /** The latest search forest and how many trials it was fitted on (reused after the search when recent enough). */
  last: FittedForest | null;
}

/** A forest and the number of trials (the first `rows`) it was fitted on. */
export interface FittedForest {
  forest: Forest;
  rows: number;
}

/** What the search leaves behind for the work after it. */
export interface SearchRecord<P> {
  /** Encoded trials, row-major (n × d). */
  X: number[];
  /** Forest targets, one per trial (non-finite scores mapped, eligibility rule applied). */
  y: Float64Array;
  trials: Trial<P>[];
  best: Trial<P> & { result: EvalResult };
}
