import { deflatedSharpe, returnMoments, type DeflatedSharpe } from './dsr.js';
import { fitForest, predictForest, type Forest, type ForestOptions } from './forest.js';
import { normalise, permutationImportance } from './importance.js';
import { propose } from './propose.js';
import { latinHypercube, uniformPoint } from './sampling.js';
import { decode, encode, valuesKey, type ParamValues, type SearchSpace, type Uniform } from './space.js';

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
   * If set (e.g. 0.2), batches grow so that surrogate time stays under this share of wall time:
   * cheap objectives get many evaluations per fit. Results then depend on timing.
   */
  surrogateShare?: number;
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
   * searchMs is the search's wall time, of which evaluateMs ran the objective and surrogateMs
   * fitted forests and scored candidates; importanceMs is the one extra fit for `importance` after.
   */
  timing: { searchMs: number; evaluateMs: number; surrogateMs: number; fits: number; importanceMs: number };
}

interface State<P> {
  X: number[];
  y: number[];
  trials: Trial<P>[];
  seen: Set<string>;
  best: (Trial<P> & { result: EvalResult }) | null;
  evaluateMs: number;
  surrogateMs: number;
  fits: number;
  start: number;
}

function barSharpe(r: EvalResult): number {
  return r.returns && r.returns.length > 1 ? returnMoments(r.returns).sharpe : Number.NaN;
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
  const st: State<P> = {
    X: [], y: [], trials: [], seen: new Set(), best: null,
    evaluateMs: 0, surrogateMs: 0, fits: 0, start: now(),
  };
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

/** Evaluates the decoded point unless it was seen; returns whether it ran. */
function evaluatePoint<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, now: () => number, raw: Float64Array): boolean {
  return evaluateParams(o, st, now, decode(o.space, raw));
}

function evaluateParams<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, now: () => number, params: P): boolean {
  const key = valuesKey(o.space as SearchSpace<ParamValues>, params);
  if (st.seen.has(key)) return false;
  st.seen.add(key);
  const t0 = now();
  const result = o.evaluate(params, o.window);
  st.evaluateMs += now() - t0;
  const raw_score = (o.score ?? ((r: EvalResult) => r.profit))(result);
  const score = Number.isFinite(raw_score) ? raw_score : Number.NEGATIVE_INFINITY;
  const trial: Trial<P> = { params, score, profit: result.profit, sharpe: result.sharpe, barSharpe: barSharpe(result) };
  st.trials.push(trial);
  st.X.push(...encode(o.space, params));
  st.y.push(score);
  if (!st.best || score > st.best.score) st.best = { ...trial, result };
  return true;
}

/** Forest targets: non-finite scores (failed runs) are set to the worst finite score. */
function targets(y: number[]): Float64Array {
  let lo = Number.POSITIVE_INFINITY;
  for (const v of y) if (Number.isFinite(v) && v < lo) lo = v;
  return Float64Array.from(y, (v) => (Number.isFinite(v) ? v : Number.isFinite(lo) ? lo : 0));
}

function forestLoop<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, now: () => number, done: () => boolean): void {
  const d = o.space.dims.length;
  let batch = Math.max(1, o.batchSize ?? 4);
  let stale = 0;
  let lastRoundMs = 0;
  while (!done() && stale < 3) {
    const t0 = now();
    const forest = fitForest(Float64Array.from(st.X), targets(st.y), d, o.rng, o.forest);
    if (o.surrogateShare !== undefined) {
      // This round's surrogate cost: at least the last round's, or the fit so far plus proposing (about as much again).
      const round = Math.max(lastRoundMs, 2 * (now() - t0));
      // Never less than the history so far: fits happen at geometrically spaced sizes, so their total
      // cost stays within a small multiple of the last fit's even when early evaluations look slow
      // (they pay for indicator caches and JIT warm-up).
      batch = Math.min(MAX_BATCH, Math.max(st.trials.length, adaptBatch(o.surrogateShare, st.surrogateMs + round, st.evaluateMs, st.evaluateMs / st.trials.length)));
    }
    const order = st.trials.map((_, i) => i).sort((a, b) => (st.y[b] as number) - (st.y[a] as number));
    const elite = order.slice(0, 5).map((i) => ({ u: Float64Array.from(st.X.slice(i * d, (i + 1) * d)) }));
    // Scoring costs grow with the pool; 2 candidates per pick (≥ 512, ≤ 2048) keeps big batches selective yet cheap.
    const candidates = o.candidates ?? Math.min(2048, Math.max(512, 2 * batch));
    const props = propose(o.space, forest, elite, st.seen, batch, o.rng, {
      candidates, exploration: o.exploration ?? 1, localShare: 0.5,
    });
    lastRoundMs = now() - t0;
    st.surrogateMs += lastRoundMs;
    st.fits++;
    let ran = 0;
    for (const p of props) {
      if (done()) break;
      if (evaluatePoint(o, st, now, p.u)) ran++;
    }
    stale = ran === 0 ? stale + 1 : 0;
  }
}

/** Largest batch per fit: beyond this the proposals are mostly the candidate pool itself. */
const MAX_BATCH = 1024;

/**
 * Batch size that keeps the surrogate's cumulative share of time at or under `share`, counting
 * this round: S / (S + E + B·e) ≤ share  ⇔  B ≥ (S·(1 − share)/share − E) / e, where S is the
 * surrogate time including this round, E the evaluation time so far and e one evaluation's mean.
 * Past overshoot (a cold first fit) is paid back by larger later batches.
 */
function adaptBatch(share: number, surrogateMs: number, evaluateMs: number, evalMs: number): number {
  if (!(evalMs > 0)) return 4;
  const need = Math.ceil((1.05 * (surrogateMs * (1 - share)) / share - evaluateMs) / evalMs);
  return Math.max(1, need);
}

function finish<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, now: () => number): OptimizeResult<P> {
  if (!st.best) throw new Error('optimize: the budget allowed no evaluation');
  const searchMs = now() - st.start;
  const t0 = now();
  const { importance, forest } = importanceOf(o, st);
  const importanceMs = now() - t0;
  const best = o.select === 'model' && forest ? modelBest(o, st, forest) : st.best;
  return {
    best,
    trials: st.trials,
    deflated: deflatedReport(best, st.trials),
    importance,
    timing: { searchMs, evaluateMs: st.evaluateMs, surrogateMs: st.surrogateMs, fits: st.fits, importanceMs },
  };
}

/**
 * The trial the final forest rates best: a smoothed score that averages each point with its
 * neighbours, so a lucky spike in a noisy objective is less likely to win. Re-evaluated once when it
 * differs from the observed best, to report its own result.
 */
function modelBest<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, forest: Forest): Trial<P> & { result: EvalResult } {
  const n = st.trials.length;
  const { mean } = predictForest(forest, Float64Array.from(st.X), n);
  let k = 0;
  for (let i = 1; i < n; i++) if ((mean[i] as number) > (mean[k] as number)) k = i;
  const t = st.trials[k] as Trial<P>;
  if (st.best && t === st.trials.find((x) => x.params === st.best?.params)) return st.best;
  return { ...t, result: o.evaluate(t.params, o.window) };
}

function importanceOf<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>): { importance: ParamImportance[]; forest?: Forest } {
  const d = o.space.dims.length;
  if (st.trials.length < 4) return { importance: o.space.dims.map((dim) => ({ name: dim.name, permutation: 0, impurity: 0 })) };
  const X = Float64Array.from(st.X);
  const y = targets(st.y);
  const forest = fitForest(X, y, d, o.rng, { trees: 24, ...o.forest });
  const perm = normalise(permutationImportance(forest, X, y, o.rng, 256));
  const imp = normalise(forest.impurity);
  return {
    importance: o.space.dims.map((dim, j) => ({ name: dim.name, permutation: perm[j] as number, impurity: imp[j] as number })),
    forest,
  };
}

/** DSR of the winner with every evaluation counted as a trial (see dsr.ts). */
function deflatedReport<P>(best: Trial<P> & { result: EvalResult }, trials: Trial<P>[]): DeflatedSharpeReport | null {
  const returns = best.result.returns;
  if (!returns || returns.length < 2) return null;
  const m = returnMoments(returns);
  const sharpes = trials.map((t) => t.barSharpe).filter(Number.isFinite);
  const v = returnMoments(sharpes);
  const trialSharpeVariance = v.std * v.std;
  const input = { sharpe: m.sharpe, trials: trials.length, trialSharpeVariance, observations: m.n, skew: m.skew, kurtosis: m.kurtosis };
  return { ...input, ...deflatedSharpe(input) };
}
