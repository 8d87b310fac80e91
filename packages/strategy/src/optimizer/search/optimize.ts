import { latinHypercube, uniformPoint } from '../space/sampling.js';
import type { ParamValues } from '../space/types.js';
import { deflatedReport, finalForest, importanceOf, modelBest } from './finish.js';
import { forestLoop } from './forest-loop.js';
import { rankedTargets } from './eligibility.js';
import { evaluateParams, evaluatePoint, newState } from './trials.js';
import type { EvalResult, OptimizeOptions, OptimizeResult, State } from './types.js';

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
    st.trials.length >= maxEvals ||
    (o.budget.timeMs !== undefined && now() - st.start >= o.budget.timeMs);
  const d = o.space.dims.length;
  for (const p of o.seeds ?? [])
    if (!done()) evaluateParams(o, st, now, { ...o.space.fixed, ...p });
  if (o.method === 'random') {
    for (let miss = 0; !done() && miss < 1000;)
      miss = evaluatePoint(o, st, now, uniformPoint(o.rng, d)) ? 0 : miss + 1;
  } else {
    const n0 = o.initial ?? Math.max(2, Math.min(Math.max(10, 2 * d), Math.floor(maxEvals / 4)));
    for (const u of latinHypercube(o.rng, n0, d)) if (!done()) evaluatePoint(o, st, now, u);
    forestLoop(o, st, now, done);
  }
  return finish(o, st, now);
}

function finish<P extends ParamValues>(
  o: OptimizeOptions<P>,
  st: State<P>,
  now: () => number,
): OptimizeResult<P> {
  if (!st.best) throw new Error('optimize: the budget allowed no evaluation');
  const t0 = now();
  const e0 = st.evaluateMs;
  const minTrades = o.minTrades ?? 0;
  const rec = {
    X: st.X,
    y: rankedTargets(st.y, st.trials, minTrades),
    trials: st.trials,
    best: st.best,
  };
  const forest = finalForest(o, rec, st.last);
  const importance = importanceOf(o, rec, forest);
  const timed = (p: P): EvalResult => {
    const e0 = now();
    const r = o.evaluate(p, o.window);
    st.evaluateMs += now() - e0;
    return r;
  };
  const best = o.select === 'model' && forest ? modelBest(rec, forest, timed, minTrades) : st.best;
  const deflated = deflatedReport(best, st.trials);
  const end = now();
  const searchMs = end - st.start;
  // The final forest, importance, model selection (less its re-evaluation) and DSR count as surrogate work.
  const surrogateMs = st.surrogateMs + (end - t0) - (st.evaluateMs - e0);
  return {
    best,
    trials: st.trials,
    deflated,
    importance,
    timing: {
      searchMs,
      evaluateMs: st.evaluateMs,
      surrogateMs,
      bookkeepingMs: searchMs - st.evaluateMs - surrogateMs,
      fits: st.fits,
      fitMs: st.fitMs,
      importanceMs: end - t0 - (st.evaluateMs - e0),
    },
  };
}
