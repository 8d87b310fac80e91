import { fitForest } from '../forest/forest.js';
import type { ForestOptions } from '../forest/types.js';
import type { ParamValues } from '../space/types.js';
import { propose } from './propose.js';
import { lateTail, shareBatch } from './surrogate-budget.js';
import { rankedTargets } from './eligibility.js';
import { evaluateParams } from './trials.js';
import type { OptimizeOptions, State } from './types.js';

/**
 * The surrogate's settings: the caller's, else 16 trees; under `surrogateShare`, 8 trees, which fit
 * and predict in about half the time, so a cheap objective can afford twice as many rounds.
 */
export function forestOptions<P extends ParamValues>(o: OptimizeOptions<P>): ForestOptions {
  return o.forest ?? (o.surrogateShare === undefined ? {} : { trees: 8 });
}

/** Whether the work after the search needs a forest on (nearly) every trial. */
export function needsFinalForest<P extends ParamValues>(o: OptimizeOptions<P>): boolean {
  return o.importance !== false || o.select === 'model';
}

interface RoundCosts {
  /** Last round's proposals (after its fit). */
  proposeMs: number;
  /** Wall time, evaluation time and count of the last batch (warm caches). */
  batchWallMs: number;
  batchEvalMs: number;
  batchEvals: number;
}

/**
 * Relative cost of a fit on n rows (measured, 8 trees, d = 16): the trees grow on at most
 * `sampleSize` distinct bootstrap rows, while presorting and the per-tree in-bag orders are O(n);
 * 0.34 ms at 32 rows, 2.1 ms at 450, 2.8 ms at 900 fit min(n, 128) + n/5 within 15%.
 */
function fitScale(n: number, sampleSize: number): number {
  return Math.min(n, sampleSize) + n / 5;
}

/** Points to propose from this round's fit: fixed, or sized by the share controller. */
function nextBatch<P extends ParamValues>(
  o: OptimizeOptions<P>,
  st: State<P>,
  now: () => number,
  fitMs: number,
  c: RoundCosts,
): number {
  const fixed = Math.max(1, o.batchSize ?? 4);
  if (o.surrogateShare === undefined) return fixed;
  const maxEvals = o.budget.evaluations ?? Number.POSITIVE_INFINITY;
  const surrogateMs = st.surrogateMs + fitMs;
  const bookkeepingMs = now() - st.start - st.evaluateMs - surrogateMs;
  const recent = c.batchEvals > 0;
  // Per evaluation: objective, bookkeeping (from the last batch, or the initial design before any)
  // and proposing (scales with the batch; before any, about one bookkeeping's worth).
  const n = recent ? c.batchEvals : st.trials.length;
  const perEval = recent ? (c.batchWallMs - c.batchEvalMs) / n : bookkeepingMs / n;
  const finalFit = needsFinalForest(o);
  // Later fits are on more rows: scaled to the last fit's size (the end less the tail), or +25% with only a time budget.
  const sample = forestOptions(o).sampleSize ?? 128;
  const rows = st.trials.length;
  const lateRows = Number.isFinite(maxEvals)
    ? maxEvals - (finalFit ? lateTail(maxEvals, fixed) : 0)
    : 1.25 * rows;
  const fit = (fitMs * fitScale(Math.max(rows, lateRows), sample)) / fitScale(rows, sample);
  return shareBatch({
    share: o.surrogateShare,
    maxEvals,
    evaluated: rows,
    otherMs: st.evaluateMs + bookkeepingMs,
    otherPerEvalMs: (recent ? c.batchEvalMs / n : st.evaluateMs / n) + Math.max(0, perEval),
    surrogateMs,
    proposePerEvalMs: recent ? c.proposeMs / n : Math.max(0, perEval),
    fitMs: fit,
    finalFit,
    // Permutation importance and the model's pass over every trial: about half a fit, measured.
    afterMs: finalFit ? 0.5 * fit : 0,
    minBatch: fixed,
  });
}

/** Under a share, batches of at least this many picks score only SHARE_LARGE_PAD candidates more than the picks. */
const SHARE_LARGE_BATCH = 256;
const SHARE_LARGE_PAD = 128;

/**
 * Candidates scored per round. Scoring costs grow with the pool: 256 candidates more than the picks
 * (≤ 2048) keeps big batches cheap; at least 512 without a share, while under one a small batch (the
 * late tail) scores only what it needs. Under a share a large batch gets 128 more, not 256: with ~970
 * picks of ~1,100 candidates the forest's ranking barely selects anyway, and a candidate that cannot be
 * picked is scored, ranked and often snapped for nothing. Without a share the pool is unchanged.
 */
function candidatePool<P extends ParamValues>(o: OptimizeOptions<P>, batch: number): number {
  if (o.surrogateShare === undefined) return Math.min(2048, Math.max(512, batch + 256));
  return Math.min(2048, batch + (batch >= SHARE_LARGE_BATCH ? SHARE_LARGE_PAD : 256));
}

/** Rounds of fit → propose → evaluate until the budget runs out or three rounds find nothing new. */
export function forestLoop<P extends ParamValues>(
  o: OptimizeOptions<P>,
  st: State<P>,
  now: () => number,
  done: () => boolean,
): void {
  const d = o.space.dims.length;
  const maxEvals = o.budget.evaluations ?? Number.POSITIVE_INFINITY;
  const c: RoundCosts = { proposeMs: 0, batchWallMs: 0, batchEvalMs: 0, batchEvals: 0 };
  let stale = 0;
  while (!done() && stale < 3) {
    const t0 = now();
    // Targets in the eligibility rule's order, so the forest and the elites seek sets that trade enough.
    const y = rankedTargets(st.y, st.trials, o.minTrades ?? 0);
    const forest = fitForest(Float64Array.from(st.X), y, d, o.rng, forestOptions(o));
    st.last = { forest, rows: st.trials.length };
    const fitMs = now() - t0;
    // Never more picks than evaluations left: a pick that cannot be evaluated is wasted work.
    const batch = Math.min(nextBatch(o, st, now, fitMs, c), maxEvals - st.trials.length);
    const order = st.trials.map((_, i) => i).sort((a, b) => (y[b] as number) - (y[a] as number));
    const elite = order
      .slice(0, 5)
      .map((i) => ({ u: Float64Array.from(st.X.slice(i * d, (i + 1) * d)) }));
    const candidates = o.candidates ?? candidatePool(o, batch);
    const props = propose(o.space, forest, elite, st.seen, batch, o.rng, {
      candidates,
      exploration: o.exploration ?? 1,
      localShare: 0.5,
      pairedNormals: o.surrogateShare !== undefined,
    });
    c.proposeMs = now() - t0 - fitMs;
    st.surrogateMs += fitMs + c.proposeMs;
    st.fitMs += fitMs;
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
