import type { StockParams } from '../../params.js';
import type { ParamValues } from '../space/types.js';
import type { NoEdgeReason } from './edge.js';
import type { WalkForwardResult } from './walk-forward.js';

/** One `best_parameters` entry (per-stock fields plus profit), with validation beside it. */
export interface BestParametersEntry extends StockParams {
  symbol: string;
  /** Walk-forward out-of-sample profit (see `walkForward`): the honest estimate, not the in-sample best. */
  profit: number;
}

/**
 * A walk-forward run as the product reports it. **Check `noRobustEdge` before showing or trading
 * `entry` as an edge**: when it is true, `entry` is only the set the search liked best (it trades, if
 * anything traded enough in sample), and `noEdgeReasons` says which check it failed; on the real
 * daily series that is the usual outcome, and the UI must say so rather than present the set as found.
 */
export interface OptimizationReport {
  entry: BestParametersEntry;
  /**
   * True when the evidence does not support trading `entry` (see `NoEdgeReason`): fewer in-sample
   * trades than the eligibility rule asks, in-sample return below the lowerBound(3) significance bar,
   * deflated Sharpe < 0.95 (or unknown), no out-of-sample test, or out-of-sample profit ≤ 0.
   */
  noRobustEdge: boolean;
  /** Every check `entry` failed; empty only when `noRobustEdge` is false. */
  noEdgeReasons: NoEdgeReason[];
  /** The final winner's deflated Sharpe ratio (null without per-bar returns). */
  deflatedSharpe: number | null;
  inSampleProfit: number;
  /** The final winner's round trips in its in-sample window, and the rule's minimum there. */
  inSampleTrades: number | null;
  minTrades: number;
  outOfSampleSharpe: number;
  /** Round trips of the folds' winners over the test windows (null when not counted). */
  outOfSampleTrades: number | null;
  folds: number;
  trials: number;
  importance: { name: string; permutation: number; impurity: number }[];
}

/**
 * Maps a walk-forward run to the spec's entry. `profit` is the out-of-sample profit of the
 * procedure, because the in-sample profit of an optimised parameter set is biased upwards by
 * selection; the final window's in-sample profit, the DSR and the no-robust-edge verdict are
 * reported beside it.
 */
export function toBestParameters(
  symbol: string,
  wf: WalkForwardResult<StockParams & ParamValues>,
): OptimizationReport {
  const p = wf.final.best.params;
  return {
    entry: {
      ...p,
      symbol,
      profit: wf.folds.length > 0 ? wf.outOfSample.profit : wf.final.best.profit,
    },
    noRobustEdge: wf.edge.noRobustEdge,
    noEdgeReasons: wf.edge.reasons,
    deflatedSharpe: wf.edge.deflatedSharpe,
    inSampleProfit: wf.final.best.profit,
    inSampleTrades: wf.edge.inSampleTrades ?? null,
    minTrades: wf.edge.minTrades,
    outOfSampleSharpe: wf.outOfSample.sharpe,
    outOfSampleTrades: wf.outOfSample.trades ?? null,
    folds: wf.folds.length,
    trials: wf.totalTrials,
    importance: wf.final.importance,
  };
}
