import { deflatedSharpe, returnMoments } from './dsr.js';
import { fitForest, predictForest, type Forest } from './forest.js';
import { normalise, permutationImportance } from './importance.js';
import { forestOptions, type DeflatedSharpeReport, type EvalResult, type OptimizeOptions, type ParamImportance, type Trial } from './optimize.js';
import type { ParamValues } from './space.js';

/** What the search leaves behind for the work after it. */
export interface SearchRecord<P> {
  /** Encoded trials, row-major (n × d). */
  X: number[];
  /** Forest targets, one per trial (non-finite scores already mapped). */
  y: Float64Array;
  trials: Trial<P>[];
  best: Trial<P> & { result: EvalResult };
}

/** Forest targets: non-finite scores (failed runs) are set to the worst finite score. */
export function targets(y: number[]): Float64Array {
  let lo = Number.POSITIVE_INFINITY;
  for (const v of y) if (Number.isFinite(v) && v < lo) lo = v;
  return Float64Array.from(y, (v) => (Number.isFinite(v) ? v : Number.isFinite(lo) ? lo : 0));
}

/** Rows scored per shuffled feature in permutation importance: enough to rank 16 features, cheap at any budget. */
const IMPORTANCE_ROWS = 128;

/**
 * One forest on every trial, when importance or model selection needs it. It uses the surrogate's
 * settings (`forestOptions`), so its cost is about one search round's fit: the share controller
 * reserves that much for it.
 */
export function finalForest<P extends ParamValues>(o: OptimizeOptions<P>, rec: SearchRecord<P>): Forest | undefined {
  const wanted = o.importance !== false || o.select === 'model';
  if (!wanted || rec.trials.length < 4) return undefined;
  return fitForest(Float64Array.from(rec.X), rec.y, o.space.dims.length, o.rng, forestOptions(o));
}

/** Permutation and impurity importance from the final forest (zeros when there is none or it was not asked for). */
export function importanceOf<P extends ParamValues>(
  o: OptimizeOptions<P>, rec: SearchRecord<P>, forest: Forest | undefined,
): ParamImportance[] {
  if (!forest || o.importance === false) return o.space.dims.map((dim) => ({ name: dim.name, permutation: 0, impurity: 0 }));
  const perm = normalise(permutationImportance(forest, Float64Array.from(rec.X), rec.y, o.rng, IMPORTANCE_ROWS));
  const imp = normalise(forest.impurity);
  return o.space.dims.map((dim, j) => ({ name: dim.name, permutation: perm[j] as number, impurity: imp[j] as number }));
}

/**
 * The trial the final forest rates best: a smoothed score that averages each point with its
 * neighbours, so a lucky spike in a noisy objective is less likely to win. Re-evaluated once when it
 * differs from the observed best, to report its own result (`evaluate` is the timed objective).
 */
export function modelBest<P extends ParamValues>(
  o: OptimizeOptions<P>, rec: SearchRecord<P>, forest: Forest, evaluate: (p: P) => EvalResult,
): Trial<P> & { result: EvalResult } {
  const n = rec.trials.length;
  const { mean } = predictForest(forest, Float64Array.from(rec.X), n);
  let k = 0;
  for (let i = 1; i < n; i++) if ((mean[i] as number) > (mean[k] as number)) k = i;
  const t = rec.trials[k] as Trial<P>;
  if (t.params === rec.best.params) return rec.best;
  return { ...t, result: evaluate(t.params) };
}

/** DSR of the winner with every evaluation counted as a trial (see dsr.ts). */
export function deflatedReport<P>(best: Trial<P> & { result: EvalResult }, trials: Trial<P>[]): DeflatedSharpeReport | null {
  const returns = best.result.returns;
  if (!returns || returns.length < 2) return null;
  const m = returnMoments(returns);
  const sharpes = trials.map((t) => t.barSharpe).filter(Number.isFinite);
  const v = returnMoments(sharpes);
  const trialSharpeVariance = v.std * v.std;
  const input = { sharpe: m.sharpe, trials: trials.length, trialSharpeVariance, observations: m.n, skew: m.skew, kurtosis: m.kurtosis };
  return { ...input, ...deflatedSharpe(input) };
}
