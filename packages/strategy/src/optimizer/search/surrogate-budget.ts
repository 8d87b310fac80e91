/**
 * Keeps the surrogate's work (forest fits, proposals and the work after the search) within
 * a share of the optimizer's wall time, by choosing how many points each forest fit proposes.
 * Per-evaluation bookkeeping (decode, de-duplicate, record), which random search pays as well,
 * counts in the wall time but not as surrogate work.
 */

export interface ShareState {
  /** Target share of wall time for surrogate work (fits, proposals, the work after the search), e.g. 0.2. */
  share: number;
  /** Evaluation budget (Infinity with a time budget only). */
  maxEvals: number;
  /** Evaluations so far. */
  evaluated: number;
  /** Time so far outside surrogate work: the objective and per-evaluation bookkeeping. */
  otherMs: number;
  /** The same per evaluation, from the latest batch (warm caches): the basis for projecting the rest. */
  otherPerEvalMs: number;
  /** Surrogate time so far, including this round's fit. */
  surrogateMs: number;
  /** Proposal cost per proposed point (candidates scored, picks snapped and de-duplicated). */
  proposePerEvalMs: number;
  /** Expected cost of one further forest fit. */
  fitMs: number;
  /** Whether the work after the search needs a forest on (nearly) every trial (importance, model selection). */
  finalFit: boolean;
  /** Expected cost of the work after the search besides that forest (permutation importance, model pass). */
  afterMs: number;
  /** Smallest batch worth a fit. */
  minBatch: number;
}

/**
 * The search forest is reused after the search (importance, model selection) when at most this
 * share of the trials was evaluated after it was fitted; otherwise a final forest is fitted.
 */
export const REUSE_WITHIN = 0.1;

/**
 * Points left for the last search fit to propose when the work after the search needs a forest:
 * a tenth of the budget (at least `minBatch`), so that fit covers ≥ 90% of the trials and is reused
 * as the final forest instead of fitting one more that proposes nothing.
 */
export function lateTail(maxEvals: number, minBatch: number): number {
  return Math.max(minBatch, Math.floor(REUSE_WITHIN * maxEvals));
}

/**
 * Points to propose from this round's forest. With an evaluation budget, surrogate work may take
 * A = share/(1 − share) · (W + (N − n)·w) over the whole run, where W is the time so far outside it
 * and w its rate per evaluation (objective + bookkeeping). What is left after the surrogate time so
 * far S, the proposals for the remaining N − n points and the work after the search R pays for
 * k = ⌊(A − S − (N − n)·p − R)/c⌋ further fits of cost c. Without a final forest the remaining
 * points are split evenly over this round and those k (all of them now when k = 0). With one, the
 * forest after the search is paid anyway, so it becomes the last search fit (k ≥ 1): it proposes
 * the last `lateTail` points and is then reused; the points before the tail are split evenly over
 * this round and the other k − 1 fits. With only a time budget the total is unknown, so the batch
 * is the smallest that keeps the share so far within bounds, B ≥ ((S + R + final fit)·(1 − share)/share − W)/w,
 * and never smaller than the history (fits at geometrically spaced sizes).
 */
export function shareBatch(s: ShareState): number {
  const w = s.otherPerEvalMs;
  if (!(w > 0)) return s.minBatch;
  const ratio = s.share / (1 - s.share);
  if (Number.isFinite(s.maxEvals)) {
    const remaining = Math.max(1, s.maxEvals - s.evaluated);
    const allowance = ratio * (s.otherMs + remaining * w);
    const left = allowance - s.surrogateMs - remaining * s.proposePerEvalMs - s.afterMs;
    const fits = Math.floor(left / Math.max(s.fitMs, 1e-3));
    if (s.finalFit) {
      const tail = lateTail(s.maxEvals, s.minBatch);
      if (remaining <= tail) return remaining;
      return Math.min(
        remaining - tail,
        Math.max(s.minBatch, Math.ceil((remaining - tail) / Math.max(1, fits))),
      );
    }
    if (fits <= 0) return remaining;
    return Math.min(remaining, Math.max(s.minBatch, Math.ceil(remaining / (fits + 1))));
  }
  const reserve = s.afterMs + (s.finalFit ? s.fitMs : 0);
  const need = Math.ceil(((s.surrogateMs + reserve) / ratio - s.otherMs) / w);
  return Math.min(MAX_TIMED_BATCH, Math.max(s.minBatch, s.evaluated, need));
}

/** With a time budget only, the largest batch per fit: beyond this the proposals are mostly the candidate pool itself. */
const MAX_TIMED_BATCH = 1024;
