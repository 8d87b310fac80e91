/**
 * Portfolio preview (`portfolioPreview`): 50 real stocks × 10 years of daily bars (the first 50
 * of ../shared/data/prices-daily with full history), each with its own parameter set (a seeded
 * Latin hypercube over the optimizer's space, as a Final Trading List of optimized stocks), on one
 * $100,000 account with the default costs, 30 % partial fills and a 2 % trailing stop. Target:
 * ≤ 300 ms of compute (median CPU time of 7 runs after one warm-up; the wall time is printed
 * too). Reference in the same run: the same
 * work through the per-stock kernel (`backtest`, each stock on its own account), which is what the
 * backtest screens show today.
 *
 *   npx tsx bench/portfolio-preview.ts
 */
import {
  BACKTEST_SETTINGS_DEFAULTS,
  backtest,
  portfolioPreview,
  type StockParams,
} from '@tradebot/strategy';
import { accountSettings, fullHistoryStocks, stockParams } from './lib/portfolio.js';
import { fmt, isoDay as day, summary, target } from './lib/report.js';
import { timeRuns } from './lib/time-runs.js';

const STOCKS = 50;
const RUNS = 7;
const TARGET_MS = 300;

const bars = fullHistoryStocks(STOCKS, 'Portfolio preview');
const full = bars[0]!.close.length;
const params = stockParams(STOCKS);
const stocks = bars.map((b, k) => ({ bars: b, params: params[k] as StockParams }));
// A 2 % trailing stop; no account halt, so the list trades all ten years.
const settings = accountSettings(0.02);
const first = bars[0]!.time[0]!;
console.log(
  `${STOCKS} stocks × ${full} sessions (${day(first)} → ${day(bars[0]!.time[full - 1]!)}), ${STOCKS * full} bars`,
);

const ours = timeRuns(() => portfolioPreview(stocks, settings, { from: first }), RUNS);
const kernel = timeRuns(
  () =>
    stocks.map((s, k) =>
      backtest(s.bars, s.params, {
        ...BACKTEST_SETTINGS_DEFAULTS,
        initial_balance: 10_000,
        partial_fill_probability: 0.3,
        trailing_stop_pct: 0.02,
        seed: k,
        shortAtrThreshold: 1.5,
      }),
    ),
  RUNS,
);

const p = ours.result;
const m = p.metrics;
console.log(`\nportfolioPreview, one account, the bot's Decider per stock`);
console.log(
  `  median ${fmt(ours.median, 4)} ms over ${RUNS} runs, CPU ${fmt(ours.cpuMedian, 4)} ms (all: ${ours.times.map((t) => t.toFixed(0)).join(', ')})`,
);
console.log(
  `  ${p.run.trades.length} trades, final equity ${p.run.finalEquity.toFixed(0)} from ${settings.initialCash}` +
    ` (equal-weight buy-and-hold ${p.equalWeight[p.equalWeight.length - 1]!.toFixed(0)});` +
    ` CAGR ${pct(m.cagr)}, Sharpe ${fmt(m.sharpe ?? Number.NaN)}, max drawdown ${pct(m.max_drawdown)},` +
    ` exposure ${pct(m.exposure)}; halt ${p.run.halt === null ? 'none' : day(p.run.halt.time)};` +
    ` entries not sent: ${p.run.skipped.too_big} over the buying power, ${p.run.skipped.halted} halted`,
);
const kernelTrades = kernel.result.reduce((a, r) => a + r.trades.length, 0);
console.log(
  `  per-stock kernel (backtest() × ${STOCKS}, each on its own 10,000): median ${fmt(kernel.median, 4)} ms,` +
    ` CPU ${fmt(kernel.cpuMedian, 4)} ms, ${kernelTrades} trades; the preview takes ${fmt(ours.cpuMedian / kernel.cpuMedian)}× its CPU time`,
);
// Compute is the CPU time: on this shared 2-core machine the wall time also counts other processes.
target(
  `portfolio preview ${STOCKS} × 10 years ≤ ${TARGET_MS} ms of compute`,
  ours.cpuMedian <= TARGET_MS,
  `CPU ${fmt(ours.cpuMedian, 4)} ms, wall ${fmt(ours.median, 4)} ms`,
);
summary();

function pct(x: number, digits = 2): string {
  return `${(x * 100).toFixed(digits)} %`;
}
