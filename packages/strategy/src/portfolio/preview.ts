import { equalWeightBenchmark, perExitReason, perSymbol, type TradeGroup } from './breakdown.js';
import { portfolioMetrics, type PortfolioMetrics } from './metrics.js';
import { simulatePortfolio } from './simulate.js';
import type { PortfolioRun, PortfolioSettings, PortfolioStock, PortfolioWindow } from './types.js';
import type { ExitReason } from '../backtest/types.js';

/** A portfolio run with what the preview shows beside it. */
export interface PortfolioPreview {
  run: PortfolioRun;
  metrics: PortfolioMetrics;
  /** Equal-weight buy-and-hold of the same stocks, one value per session of the run. */
  equalWeight: Float64Array;
  perSymbol: ({ symbol: string } & TradeGroup)[];
  perExitReason: ({ reason: ExitReason } & TradeGroup)[];
}

/** `simulatePortfolio` and its metrics, benchmark and breakdowns. */
export function portfolioPreview(
  stocks: readonly PortfolioStock[],
  settings: PortfolioSettings,
  window: PortfolioWindow,
): PortfolioPreview {
  const run = simulatePortfolio(stocks, settings, window);
  return {
    run,
    metrics: portfolioMetrics(run),
    equalWeight: equalWeightBenchmark(stocks, run.times, settings.initialCash),
    perSymbol: perSymbol(
      run.trades,
      stocks.map((s) => s.bars.symbol),
    ),
    perExitReason: perExitReason(run.trades),
  };
}
