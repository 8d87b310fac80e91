/**
 * What the portfolio benches (portfolio-preview, live-twin) start from: real stocks with the full
 * history, a parameter set each, and one account.
 */
import {
  BACKTEST_SETTINGS_DEFAULTS,
  type Bars,
  type PortfolioSettings,
  type StockParams,
} from '@tradebot/strategy';
import { loadRealSymbols } from './data.js';
import { paramSets } from './params.js';

/** The first `count` real stocks with the full history; the bench is skipped (exit 0) with fewer. */
export function fullHistoryStocks(count: number, bench: string): Bars[] {
  const all = loadRealSymbols();
  const full = Math.max(0, ...all.map((b) => b.close.length));
  const bars = all.filter((b) => b.close.length === full).slice(0, count);
  if (bars.length < count) {
    console.log(
      `${bench} bench skipped: ${bars.length} real stocks with full history, ${count} needed.`,
    );
    process.exit(0);
  }
  return bars;
}

/** A seeded Latin hypercube over the optimizer's space, as a list of optimized stocks; 2 % risk. */
export const stockParams = (count: number): StockParams[] =>
  paramSets(count, 42).map((p) => ({ ...p, risk_per_trade: 0.02 }));

/** One $100,000 account with the default costs and 30 % partial fills. */
export function accountSettings(trailingStopPct: number): PortfolioSettings {
  return {
    initialCash: 100_000,
    slippage_percent: BACKTEST_SETTINGS_DEFAULTS.slippage_percent,
    commission_per_share: BACKTEST_SETTINGS_DEFAULTS.commission_per_share,
    partial_fill_probability: 0.3,
    trailing_stop_pct: trailingStopPct,
    seed: 7,
    shortAtrThreshold: 1.5,
    // No account halt: the list trades the whole period (a halt would leave only the decisions to do).
    max_drawdown: 1,
  };
}
