/**
 * How often the rules trade with the spec's defaults, on the real daily series in
 * ../shared/data/prices-daily: round trips per symbol per year (median, quartiles, share of
 * symbols with none), win rate, average hold, exposure and net profit after the default costs,
 * beside buy-and-hold of the same symbols over the same bars. Run: npx tsx bench/rules-report.ts
 *
 * Issue 9's targets for the redesigned rules: median ≥ 4 round trips per symbol per year, and no
 * more than ~5 % of symbols without a trade.
 */
import { backtest, STOCK_PARAM_DEFAULTS, type Bars } from '@tradebot/strategy';
import { BENCH_CONFIG } from './lib/kernel.js';
import { loadRealSymbols } from './lib/data.js';
import { target } from './lib/report.js';

const TARGET = { medianPerYear: 4, maxShareWithoutTrades: 5 };
const DAY_MS = 86_400_000;

interface SymbolRun {
  symbol: string;
  perYear: number;
  trades: number;
  winRate: number;
  holdDays: number;
  exposure: number;
  netReturn: number;
  buyAndHold: number;
  longs: number;
  reasons: Record<string, number>;
}

function runSymbol(bars: Bars): SymbolRun {
  const n = bars.close.length;
  const years = (bars.time[n - 1]! - bars.time[0]!) / (365.25 * DAY_MS);
  const { trades, metrics } = backtest(bars, { ...STOCK_PARAM_DEFAULTS }, BENCH_CONFIG);
  const holdBars = trades.reduce((sum, trade) => sum + (trade.exitIndex - trade.entryIndex), 0);
  const reasons: Record<string, number> = {};
  for (const trade of trades) reasons[trade.reason] = (reasons[trade.reason] ?? 0) + 1;
  return {
    symbol: bars.symbol,
    perYear: trades.length / years,
    trades: trades.length,
    winRate: metrics.winRate,
    holdDays: trades.length ? holdBars / trades.length : 0,
    exposure: metrics.exposure,
    netReturn: (100 * metrics.profit) / BENCH_CONFIG.initial_balance,
    buyAndHold: 100 * (bars.close[n - 1]! / bars.open[0]! - 1),
    longs: trades.filter((trade) => trade.side === 'long').length,
    reasons,
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function main() {
  const symbols = loadRealSymbols();
  if (!symbols.length) return;
  const runs = symbols.map(runSymbol);
  const perYear = runs.map((run) => run.perYear).sort((a, b) => a - b);
  const withoutTrades = runs.filter((run) => run.trades === 0).length;
  const traded = runs.filter((run) => run.trades > 0);
  const shareWithout = (100 * withoutTrades) / runs.length;
  console.log(`rules-report: ${runs.length} real daily series, the defaults, default costs`);
  console.log(
    `round trips per symbol per year: p25 ${fixed(quantile(perYear, 0.25))}, median ${fixed(quantile(perYear, 0.5))}, p75 ${fixed(quantile(perYear, 0.75))}, max ${fixed(perYear.at(-1) ?? NaN)}`,
  );
  console.log(
    `symbols without a trade: ${withoutTrades} of ${runs.length} (${fixed(shareWithout, 1)} %)`,
  );
  if (traded.length === 0) console.log('where traded: no symbol traded');
  else
    console.log(
      `where traded: win rate ${fixed(mean(traded.map((r) => r.winRate)), 1)} %, average hold ${fixed(mean(traded.map((r) => r.holdDays)), 1)} bars, exposure ${fixed(mean(traded.map((r) => r.exposure)), 1)} %`,
    );
  const total = runs.reduce((sum, run) => sum + run.trades, 0);
  const longs = runs.reduce((sum, run) => sum + run.longs, 0);
  const reasons: Record<string, number> = {};
  for (const run of runs)
    for (const [reason, count] of Object.entries(run.reasons))
      reasons[reason] = (reasons[reason] ?? 0) + count;
  const shares = Object.entries(reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${reason} ${fixed((100 * count) / (total || 1), 0)} %`)
    .join(', ');
  console.log(`trades: ${total} (${longs} long, ${total - longs} short); exits: ${shares || '–'}`);
  console.log(
    `net return over the whole series, mean across symbols: strategy ${fixed(mean(runs.map((r) => r.netReturn)), 1)} %, buy-and-hold ${fixed(mean(runs.map((r) => r.buyAndHold)), 1)} %`,
  );
  target(
    `median round trips per symbol per year ≥ ${TARGET.medianPerYear}`,
    quantile(perYear, 0.5) >= TARGET.medianPerYear,
    fixed(quantile(perYear, 0.5)),
  );
  target(
    `symbols without a trade ≤ ${TARGET.maxShareWithoutTrades} %`,
    shareWithout <= TARGET.maxShareWithoutTrades,
    `${fixed(shareWithout, 1)} %`,
  );
}

main();
