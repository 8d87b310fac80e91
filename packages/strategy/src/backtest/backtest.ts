import type { Bars } from '../bars.js';
import type { BarWindow, Evaluate, EvalResult } from '../optimizer/search/types.js';
import type { StockParams } from '../params.js';
import { IndicatorCache } from './indicator-cache.js';
import { computeMetrics, type Metrics } from './metrics.js';
import { simulate } from './kernel.js';
import type { BacktestConfig, SimWindow, Trade } from './types.js';

export interface BacktestResult {
  trades: Trade[];
  /** Close equity per bar of the window. */
  equity: Float64Array;
  /** Bar time per equity point (ms UTC), for charts. */
  times: Float64Array;
  metrics: Metrics;
}

/** One recorded backtest of `params` on `bars` (indicators computed here): trades, equity curve, metrics. */
export function backtest(
  bars: Bars,
  params: StockParams,
  config: BacktestConfig,
  window?: SimWindow,
): BacktestResult {
  const start = window?.start ?? 0;
  const end = window?.end ?? bars.close.length;
  const r = simulate(new IndicatorCache(bars).inputs(params), params, config, { start, end }, true);
  const equity = r.equity as Float64Array;
  const trades = r.tradeList as Trade[];
  return {
    trades,
    equity,
    times: bars.time.slice(start, end),
    metrics: computeMetrics(trades, equity, config.initial_balance, config.barsPerYear ?? 252),
  };
}

/**
 * The optimizer's objective for one symbol: profit, Sharpe and trade count of `simulate` on the
 * window, reusing `cache` across parameter sets. Per-bar returns (for the deflated Sharpe ratio) cost
 * one array per evaluation; pass `{ returns: false }` when the caller does not need them.
 */
export function backtestEvaluator(
  cache: IndicatorCache,
  config: BacktestConfig,
  options: { returns?: boolean } = {},
): Evaluate<StockParams> {
  const record = options.returns === false ? false : 'returns';
  return (params: StockParams, window: BarWindow): EvalResult => {
    const r = simulate(cache.inputs(params), params, config, window, record);
    const out: EvalResult = { profit: r.profit, sharpe: r.sharpe, trades: r.trades };
    if (r.returns !== undefined) out.returns = r.returns;
    return out;
  };
}
