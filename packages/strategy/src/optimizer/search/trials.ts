import { decode, encodeInto, valuesKey } from '../space/space.js';
import type { ParamValues } from '../space/types.js';
import { onePassSharpe } from '../stats/moments.js';
import { ranksAbove, tradesOf } from './eligibility.js';
import type { EvalResult, OptimizeOptions, State, Trial } from './types.js';

/** An empty run started at `start` (ms on the run's clock). */
export function newState<P>(start: number): State<P> {
  return {
    X: [],
    y: [],
    trials: [],
    seen: new Set(),
    best: null,
    evaluateMs: 0,
    surrogateMs: 0,
    fits: 0,
    fitMs: 0,
    start,
    last: null,
  };
}

/** A proposal already snapped by `propose`: its encoding (d values at `off` in `u`) and key are reused. */
export interface Snapped {
  u: Float64Array;
  off: number;
  key: number;
}

/** Evaluates the decoded unit-cube point unless it was seen; returns whether it ran. */
export function evaluatePoint<P extends ParamValues>(
  o: OptimizeOptions<P>,
  st: State<P>,
  now: () => number,
  raw: Float64Array,
): boolean {
  return evaluateParams(o, st, now, decode(o.space, raw));
}

const scratch = { u: new Float64Array(0) };

/** Evaluates `params` unless seen, records the trial, its encoding and score; returns whether it ran. */
export function evaluateParams<P extends ParamValues>(
  o: OptimizeOptions<P>,
  st: State<P>,
  now: () => number,
  params: P,
  snapped?: Snapped,
): boolean {
  const key = snapped?.key ?? valuesKey(o.space, params);
  if (st.seen.has(key)) return false;
  st.seen.add(key);
  const t0 = now();
  const result = o.evaluate(params, o.window);
  st.evaluateMs += now() - t0;
  const rawScore = (o.score ?? ((r: EvalResult) => r.profit))(result);
  const score = Number.isFinite(rawScore) ? rawScore : Number.NEGATIVE_INFINITY;
  const trial: Trial<P> = {
    params,
    score,
    profit: result.profit,
    sharpe: result.sharpe,
    barSharpe: onePassSharpe(result.returns),
    ...tradesOf(result),
  };
  st.trials.push(trial);
  const d = o.space.dims.length;
  let u = snapped?.u;
  let off = snapped?.off ?? 0;
  if (!u) {
    if (scratch.u.length < d) scratch.u = new Float64Array(d);
    u = scratch.u;
    off = 0;
    encodeInto(o.space, params, u, 0);
  }
  for (let j = 0; j < d; j++) st.X.push(u[off + j] as number);
  st.y.push(score);
  // The eligibility rule (eligibility.ts) ranks first; without minTrades this is the score alone.
  if (!st.best || ranksAbove(trial, st.best, o.minTrades ?? 0)) st.best = { ...trial, result };
  return true;
}
