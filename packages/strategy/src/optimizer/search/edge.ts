/**
 * "No robust edge": the verdict walkForward attaches to its result, so a caller cannot mistake the
 * best parameters found for parameters worth trading. The search always returns a winner (the best
 * of what it tried); this says whether the evidence supports trading it.
 */
import { lowerBound } from './robust-score.js';
import type { OptimizeResult } from './types.js';

/** Standard errors the final winner's in-sample return must clear (the significance bar, lowerBound(3)). */
export const SIGNIFICANCE_K = 3;
/** Deflated Sharpe ratio below which the winner's Sharpe is not distinguishable from the luckiest of its trials. */
export const MIN_DEFLATED_SHARPE = 0.95;

/**
 * Why a result has no robust edge (any one is enough):
 * - `too_few_trades`: the final winner made fewer in-sample round trips than the eligibility rule
 *   asks (`minTrades`): no trial of the final search traded enough, e.g. a symbol where nothing trades;
 * - `below_significance_bar`: the final winner's in-sample return does not clear three standard
 *   errors (`lowerBound(3)` of its per-bar returns ≤ 0, whatever score the search maximised);
 * - `low_deflated_sharpe`: its deflated Sharpe ratio is below 0.95, or could not be computed
 *   (no per-bar returns);
 * - `no_out_of_sample`: no walk-forward fold fitted in the bars given, so nothing was tested out of sample;
 * - `no_out_of_sample_profit`: the folds' winners made no money out of sample (summed profit ≤ 0,
 *   which includes not trading at all).
 * Beating buy-and-hold is not checked here (the optimizer knows only profit); see bench/walk-forward-report.ts.
 */
export type NoEdgeReason =
  | 'too_few_trades'
  | 'below_significance_bar'
  | 'low_deflated_sharpe'
  | 'no_out_of_sample'
  | 'no_out_of_sample_profit';

export interface EdgeVerdict {
  /** True when any reason holds: the parameters are the search's best guess, not a tested edge. */
  noRobustEdge: boolean;
  /** Every reason that holds, in the order of `NoEdgeReason`; empty when the edge passed every check. */
  reasons: NoEdgeReason[];
  /** The final winner's deflated Sharpe ratio (null without per-bar returns). */
  deflatedSharpe: number | null;
  /** The final winner's in-sample round trips (undefined when the objective does not count them). */
  inSampleTrades?: number;
  /** The eligibility rule's minimum for the final window (0: no rule). */
  minTrades: number;
}

/** The verdict on a walk-forward run: its final search, the rule it ran under and its out-of-sample profit. */
export function edgeVerdict(
  final: OptimizeResult<unknown>,
  minTrades: number,
  outOfSample: { profit: number; folds: number },
): EdgeVerdict {
  const best = final.best.result;
  const dsr = final.deflated?.dsr ?? null;
  const reasons: NoEdgeReason[] = [];
  if (best.trades !== undefined && best.trades < minTrades) reasons.push('too_few_trades');
  if (!(lowerBound(SIGNIFICANCE_K)(best) > 0)) reasons.push('below_significance_bar');
  if (dsr === null || !(dsr >= MIN_DEFLATED_SHARPE)) reasons.push('low_deflated_sharpe');
  if (outOfSample.folds === 0) reasons.push('no_out_of_sample');
  else if (!(outOfSample.profit > 0)) reasons.push('no_out_of_sample_profit');
  return {
    noRobustEdge: reasons.length > 0,
    reasons,
    deflatedSharpe: dsr,
    ...(best.trades === undefined ? {} : { inSampleTrades: best.trades }),
    minTrades,
  };
}
