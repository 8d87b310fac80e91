import { fitForest } from '../forest/forest.js';
import { normalise, permutationImportance } from '../forest/importance.js';
import { predictForest } from '../forest/predict.js';
import type { ParamValues } from '../space/types.js';
import { deflatedSharpe } from '../stats/dsr.js';
import { returnMoments } from '../stats/moments.js';
import { isEligible } from './eligibility.js';
import { forestOptions, needsFinalForest } from './forest-loop.js';
import { REUSE_WITHIN } from './surrogate-budget.js';
import type {
  DeflatedSharpeReport,
  EvalResult,
  FittedForest,
  OptimizeOptions,
  ParamImportance,
  SearchRecord,
  Trial,
} from './types.js';

/** Rows scored per shuffled feature in permutation importance: enough to rank 16 features, cheap at any budget. */
const IMPORTANCE_ROWS = 128;

/**
 * The forest for importance and model selection. Under `surrogateShare` the last search forest is
 * reused when at most REUSE_WITHIN (a tenth) of the trials came after its fit: it differs from a
 * forest on every trial by a few points near the end, and a new fit would cost as much as a search
 * round while proposing nothing (the share controller places that fit late on purpose). Otherwise
 * one forest is fitted on every trial with the surrogate's settings: without a share the final fit
 * is one of about N/4 fits, and the run stays the same as before this rule.
 */
export function finalForest<P extends ParamValues>(
  o: OptimizeOptions<P>,
  rec: SearchRecord<P>,
  last: FittedForest | null,
): FittedForest | undefined {
  const n = rec.trials.length;
  if (!needsFinalForest(o) || n < 4) return undefined;
  if (o.surrogateShare !== undefined && last && n - last.rows <= REUSE_WITHIN * n) return last;
  return {
    forest: fitForest(
      Float64Array.from(rec.X),
      rec.y,
      o.space.dims.length,
      o.rng,
      forestOptions(o),
    ),
    rows: n,
  };
}

/** Permutation and impurity importance from the final forest (zeros when there is none or it was not asked for). */
export function importanceOf<P extends ParamValues>(
  o: OptimizeOptions<P>,
  rec: SearchRecord<P>,
  fitted: FittedForest | undefined,
): ParamImportance[] {
  const forest = fitted?.forest;
  if (!forest || o.importance === false)
    return o.space.dims.map((dim) => ({ name: dim.name, permutation: 0, impurity: 0 }));
  const perm = normalise(
    permutationImportance(forest, Float64Array.from(rec.X), rec.y, o.rng, IMPORTANCE_ROWS),
  );
  const imp = normalise(forest.impurity);
  return o.space.dims.map((dim, j) => ({
    name: dim.name,
    permutation: perm[j] as number,
    impurity: imp[j] as number,
  }));
}

/**
 * The trial the final forest rates best: a smoothed score that averages each point with its
 * neighbours, so a lucky spike in a noisy objective is less likely to win. Only the trials the
 * forest was fitted on compete: trials evaluated after a reused search forest were picked because
 * that forest rated them highly, so their predictions are biased upwards and uncorrected by their
 * outcomes. Under the eligibility rule only eligible trials compete when any is (the forest's
 * smoothing must not hand the win back to a set that does not trade). Re-evaluated once when it
 * differs from the observed best, to report its own result (`evaluate` is the timed objective).
 */
export function modelBest<P extends ParamValues>(
  rec: SearchRecord<P>,
  fitted: FittedForest,
  evaluate: (p: P) => EvalResult,
  minTrades = 0,
): Trial<P> & { result: EvalResult } {
  const n = Math.min(fitted.rows, rec.trials.length);
  const d = fitted.forest.d;
  const { mean } = predictForest(fitted.forest, Float64Array.from(rec.X.slice(0, n * d)), n);
  const ok = (i: number) => isEligible(rec.trials[i]?.trades, minTrades);
  let anyEligible = false;
  for (let i = 0; i < n && !anyEligible; i++) anyEligible = ok(i);
  let k = -1;
  for (let i = 0; i < n; i++)
    if ((!anyEligible || ok(i)) && (k < 0 || (mean[i] as number) > (mean[k] as number))) k = i;
  if (k < 0) return rec.best;
  const t = rec.trials[k] as Trial<P>;
  if (t.params === rec.best.params) return rec.best;
  return { ...t, result: evaluate(t.params) };
}

/** DSR of the winner with every evaluation counted as a trial (see stats/dsr.ts). */
export function deflatedReport<P>(
  best: Trial<P> & { result: EvalResult },
  trials: Trial<P>[],
): DeflatedSharpeReport | null {
  const returns = best.result.returns;
  if (!returns || returns.length < 2) return null;
  const m = returnMoments(returns);
  const sharpes = trials.map((t) => t.barSharpe).filter(Number.isFinite);
  const v = returnMoments(sharpes);
  const trialSharpeVariance = v.std * v.std;
  const input = {
    sharpe: m.sharpe,
    trials: trials.length,
    trialSharpeVariance,
    observations: m.n,
    skew: m.skew,
    kurtosis: m.kurtosis,
  };
  return { ...input, ...deflatedSharpe(input) };
}
