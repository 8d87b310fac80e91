import {
  buyAndHold,
  equalWeightBenchmark,
  perExitReason,
  perSymbol,
  type TradeGroup,
} from './breakdown.js';
import { portfolioMetrics, type PortfolioMetrics } from './metrics.js';
import { simulatePortfolio } from './simulate.js';
import type { PortfolioRun, PortfolioSettings, PortfolioStock, PortfolioWindow } from './types.js';
import type { ExitReason } from '../backtest/types.js';
import type { Bars } from '../bars.js';

/** A portfolio run with what the preview shows beside it. */
export interface PortfolioPreview {
  run: PortfolioRun;
  metrics: PortfolioMetrics;
  /** Equal-weight buy-and-hold of the same stocks, one value per session of the run. */
  equalWeight: Float64Array;
  /** Buy-and-hold of the market series (SPY, or the demo market's index), when one was given. */
  market: Float64Array | null;
  perSymbol: ({ symbol: string } & TradeGroup)[];
  perExitReason: ({ reason: ExitReason } & TradeGroup)[];
}

/** `simulatePortfolio` and its metrics, benchmarks and breakdowns. */
export function portfolioPreview(
  stocks: readonly PortfolioStock[],
  settings: PortfolioSettings,
  window: PortfolioWindow,
  market: Bars | null = null,
): PortfolioPreview {
  const run = simulatePortfolio(stocks, settings, window);
  return {
    run,
    metrics: portfolioMetrics(run),
    equalWeight: equalWeightBenchmark(stocks, run.times, settings.initialCash),
    market:
      market === null || market.close.length === 0
        ? null
        : buyAndHold(market, run.times, settings.initialCash),
    perSymbol: perSymbol(
      run.trades,
      stocks.map((s) => s.bars.symbol),
    ),
    perExitReason: perExitReason(run.trades),
  };
}
