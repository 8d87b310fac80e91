/**
 * The eligibility rule: with `minTrades` set, a trial that made fewer round trips than that in its
 * window ranks below every trial that made enough, whatever their scores. Trials are ordered by
 * (min(trades, minTrades), score): eligible ones by score alone, ineligible ones by how many trades
 * they made, then by score. A trial whose objective reports no `trades` counts as eligible (the
 * optimizer cannot judge it), and minTrades 0 (optimize's default) leaves the ordering to the score.
 *
 * Why: lowerBound(3), walkForward's score, gives a set that never trades exactly 0, which beats every
 * trading set that does not clear three standard errors; on this data that is nearly every set, so
 * the search recommended sets that do not trade (README "Overfitting controls").
 */
import type { EvalResult, Trial } from './types.js';

/** The trade count the rule ranks by: `trades` capped at `minTrades` (minTrades when not reported). */
function tradeRank(trades: number | undefined, minTrades: number): number {
  return trades === undefined ? minTrades : Math.min(trades, minTrades);
}

/** Whether a trial with `trades` round trips meets the rule. */
export function isEligible(trades: number | undefined, minTrades: number): boolean {
  return tradeRank(trades, minTrades) >= minTrades;
}

/** Whether `a` ranks above `b` under the rule (ties keep the earlier trial: strict). */
export function ranksAbove(
  a: { score: number; trades?: number },
  b: { score: number; trades?: number },
  minTrades: number,
): boolean {
  const ta = tradeRank(a.trades, minTrades);
  const tb = tradeRank(b.trades, minTrades);
  return ta !== tb ? ta > tb : a.score > b.score;
}

/** The trade count a trial keeps from its result (absent when the objective does not count trades). */
export function tradesOf(r: EvalResult): { trades?: number } {
  return r.trades === undefined ? {} : { trades: r.trades };
}

/**
 * Forest targets, one per trial, in the rule's order. Non-finite scores (failed runs) become the worst
 * finite eligible score. An ineligible trial with t of N trades gets lo − spread·(N − t)/N, where lo is
 * the worst eligible score (the worst of all when none is eligible) and spread the range of all finite
 * scores: below every eligible trial, and higher the closer it came to N, so the surrogate is steered
 * towards parameter regions that trade, not only told that they win. Without the rule this is the
 * score with non-finite values mapped, as before the rule existed.
 */
export function rankedTargets<P>(
  y: readonly number[],
  trials: readonly Trial<P>[],
  minTrades: number,
): Float64Array {
  const eligible = (i: number) => minTrades <= 0 || isEligible(trials[i]?.trades, minTrades);
  let lo = Number.POSITIVE_INFINITY;
  let loAll = Number.POSITIVE_INFINITY;
  let hiAll = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < y.length; i++) {
    const v = y[i] as number;
    if (!Number.isFinite(v)) continue;
    if (eligible(i) && v < lo) lo = v;
    if (v < loAll) loAll = v;
    if (v > hiAll) hiAll = v;
  }
  if (!Number.isFinite(lo)) lo = Number.isFinite(loAll) ? loAll : 0;
  const out = new Float64Array(y.length);
  if (minTrades <= 0) {
    for (let i = 0; i < y.length; i++) out[i] = Number.isFinite(y[i]) ? (y[i] as number) : lo;
    return out;
  }
  const range = Number.isFinite(hiAll) ? hiAll - loAll : 0;
  const spread = range > 0 ? range : Math.abs(lo) > 0 ? Math.abs(lo) : 1;
  for (let i = 0; i < y.length; i++) {
    const v = y[i] as number;
    if (eligible(i)) out[i] = Number.isFinite(v) ? v : lo;
    else {
      const t = tradeRank(trials[i]?.trades, minTrades);
      out[i] = lo - (spread * (minTrades - t)) / minTrades;
    }
  }
  return out;
}
