import { onePassSharpe, type DeflatedSharpe } from './dsr.js';
import { deflatedReport, finalForest, importanceOf, modelBest, targets } from './finish.js';
import { fitForest, type ForestOptions } from './forest.js';
import { propose } from './propose.js';
import { shareBatch } from './surrogate-budget.js';
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
   * too). importanceMs is the part after the search.
   */
  timing: { searchMs: number; evaluateMs: number; surrogateMs: number; bookkeepingMs: number; fits: number; importanceMs: number };
}

interface State<P> {
  X: number[];
  y: number[];
  trials: Trial<P>[];
  seen: Set<number>;
  best: (Trial<P> & { result: EvalResult }) | null;
  evaluateMs: number;
  /** Forest fits and proposals so far. */
  surrogateMs: number;
  fits: number;
  start: number;
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

/** A proposal already snapped by `propose`: its encoding and key are reused rather than recomputed. */
interface Snapped<P> {
  params: P;
  u: Float64Array;
  key: number;
}

function evaluateParams<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, now: () => number, params: P, snapped?: Snapped<P>): boolean {
  const key = snapped?.key ?? valuesKey(o.space as SearchSpace<ParamValues>, params);
  if (st.seen.has(key)) return false;
  st.seen.add(key);
  const t0 = now();
  const result = o.evaluate(params, o.window);
  st.evaluateMs += now() - t0;
  const raw_score = (o.score ?? ((r: EvalResult) => r.profit))(result);
  const score = Number.isFinite(raw_score) ? raw_score : Number.NEGATIVE_INFINITY;
  const trial: Trial<P> = { params, score, profit: result.profit, sharpe: result.sharpe, barSharpe: onePassSharpe(result.returns) };
  st.trials.push(trial);
  const u = snapped?.u ?? encode(o.space, params);
  for (let j = 0; j < u.length; j++) st.X.push(u[j] as number);
  st.y.push(score);
  if (!st.best || score > st.best.score) st.best = { ...trial, result };
  return true;
}

/**
 * The surrogate's settings: the caller's, else 16 trees; under `surrogateShare`, 8 trees, which fit
 * and predict in about half the time, so a cheap objective can afford twice as many rounds.
 */
export function forestOptions<P extends ParamValues>(o: OptimizeOptions<P>): ForestOptions {
  return o.forest ?? (o.surrogateShare === undefined ? {} : { trees: 8 });
}

interface RoundCosts {
  /** Last round's proposals (after its fit). */
  proposeMs: number;
  /** Wall time, evaluation time and count of the last batch (warm caches). */
  batchWallMs: number;
  batchEvalMs: number;
  batchEvals: number;
}

/** Points to propose from this round's fit: fixed, or sized by the share controller. */
function nextBatch<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, now: () => number, fitMs: number, c: RoundCosts): number {
  const fixed = Math.max(1, o.batchSize ?? 4);
  if (o.surrogateShare === undefined) return fixed;
  const surrogateMs = st.surrogateMs + fitMs;
  const bookkeepingMs = now() - st.start - st.evaluateMs - surrogateMs;
  const recent = c.batchEvals > 0;
  // Per evaluation: objective, bookkeeping (from the last batch, or the initial design before any)
  // and proposing (scales with the batch; before any, about one bookkeeping's worth).
  const n = recent ? c.batchEvals : st.trials.length;
  const perEval = recent ? (c.batchWallMs - c.batchEvalMs) / n : bookkeepingMs / n;
  const needsForest = o.importance !== false || o.select === 'model';
  // A fit costs more as rows accumulate: a 25% margin over the latest.
  const fit = 1.25 * fitMs;
  return shareBatch({
    share: o.surrogateShare,
    maxEvals: o.budget.evaluations ?? Number.POSITIVE_INFINITY,
    evaluated: st.trials.length,
    otherMs: st.evaluateMs + bookkeepingMs,
    otherPerEvalMs: (recent ? c.batchEvalMs / n : st.evaluateMs / n) + Math.max(0, perEval),
    surrogateMs,
    proposePerEvalMs: recent ? c.proposeMs / n : Math.max(0, perEval),
    fitMs: fit,
    // The final forest (one fit on every trial) plus permutation importance cost about two fits.
    reserveMs: needsForest ? 2 * fit : 0,
    minBatch: fixed,
  });
}

function forestLoop<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, now: () => number, done: () => boolean): void {
  const d = o.space.dims.length;
  const c: RoundCosts = { proposeMs: 0, batchWallMs: 0, batchEvalMs: 0, batchEvals: 0 };
  let stale = 0;
  while (!done() && stale < 3) {
    const t0 = now();
    const forest = fitForest(Float64Array.from(st.X), targets(st.y), d, o.rng, forestOptions(o));
    const fitMs = now() - t0;
    const batch = nextBatch(o, st, now, fitMs, c);
    const order = st.trials.map((_, i) => i).sort((a, b) => (st.y[b] as number) - (st.y[a] as number));
    const elite = order.slice(0, 5).map((i) => ({ u: Float64Array.from(st.X.slice(i * d, (i + 1) * d)) }));
    // Scoring costs grow with the pool: 256 candidates more than the picks (≥ 512, ≤ 2048) keeps big batches cheap.
    const candidates = o.candidates ?? Math.min(2048, Math.max(512, batch + 256));
    const props = propose(o.space, forest, elite, st.seen, batch, o.rng, {
      candidates, exploration: o.exploration ?? 1, localShare: 0.5,
    });
    c.proposeMs = now() - t0 - fitMs;
    st.surrogateMs += fitMs + c.proposeMs;
    st.fits++;
    const e0 = st.evaluateMs;
    const w0 = now();
    let ran = 0;
    for (const p of props) {
      if (done()) break;
      if (evaluateParams(o, st, now, p.params, p)) ran++;
    }
    c.batchWallMs = now() - w0;
    c.batchEvalMs = st.evaluateMs - e0;
    c.batchEvals = ran;
    stale = ran === 0 ? stale + 1 : 0;
  }
}

function finish<P extends ParamValues>(o: OptimizeOptions<P>, st: State<P>, now: () => number): OptimizeResult<P> {
  if (!st.best) throw new Error('optimize: the budget allowed no evaluation');
  const t0 = now();
  const e0 = st.evaluateMs;
  const rec = { X: st.X, y: targets(st.y), trials: st.trials, best: st.best };
  const forest = finalForest(o, rec);
  const importance = importanceOf(o, rec, forest);
  const timed = (p: P): EvalResult => {
    const e0 = now();
    const r = o.evaluate(p, o.window);
    st.evaluateMs += now() - e0;
    return r;
  };
  const best = o.select === 'model' && forest ? modelBest(o, rec, forest, timed) : st.best;
  const deflated = deflatedReport(best, st.trials);
  const end = now();
  const searchMs = end - st.start;
  // The final forest, importance, model selection (less its re-evaluation) and DSR count as surrogate work.
  const surrogateMs = st.surrogateMs + (end - t0) - (st.evaluateMs - e0);
  return {
    best, trials: st.trials, deflated, importance,
    timing: {
      searchMs, evaluateMs: st.evaluateMs, surrogateMs, bookkeepingMs: searchMs - st.evaluateMs - surrogateMs, fits: st.fits,
      importanceMs: end - t0,
    },
  };
}
