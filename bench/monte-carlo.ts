/**
 * Monte Carlo risk (`monteCarloRisk`): 10,000 paths × 252 days of a stationary block bootstrap
 * on real daily returns, the equal-weight portfolio (rebalanced daily) of the first five stocks
 * in ../shared/data/prices-daily over their last two years. Target: ≤ 500 ms a run (median of 7
 * after one warm-up run). Reference in the same run: a plain implementation of the same method
 * (Math.random, every path kept as a number[], each day's equities sorted).
 *
 *   npx tsx bench/monte-carlo.ts
 */
import { monteCarloRisk, type Bars } from '@tradebot/strategy';
import { loadRealSymbols } from './lib/data.js';
import { fmt, isoDay as day, summary, target } from './lib/report.js';
import { timeRuns } from './lib/time-runs.js';

const STOCKS = 5;
const SESSIONS = 504;
const PATHS = 10_000;
const DAYS = 252;
const RUNS = 7;
const TARGET_MS = 500;
const HALT = 0.2;

const bars = loadRealSymbols(STOCKS);
if (bars.length === 0) {
  console.log('Monte Carlo bench skipped: no real daily prices to take returns from.');
  process.exit(0);
}
const dated = equalWeightReturns(bars).slice(-SESSIONS);
const returns = dated.map((d) => d.value);
const mean = returns.reduce((a, r) => a + r, 0) / returns.length;
const sd = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / returns.length);
console.log(
  `Returns: equal weight of ${bars.map((b) => b.symbol).join(', ')}, ${returns.length} sessions ${day(dated[0]!.time)} → ${day(dated[dated.length - 1]!.time)}; ` +
    `daily mean ${pct(mean, 3)}, sd ${pct(sd)}`,
);

const run = (seed: number) =>
  monteCarloRisk({
    returns,
    startEquity: 100_000,
    haltDrawdown: HALT,
    paths: PATHS,
    days: DAYS,
    seed,
  });
const ours = timeRuns(run, RUNS);
const reference = timeRuns(
  () => naive(returns, 100_000, PATHS, DAYS, ours.result.meanBlockLength),
  RUNS,
);

const r = ours.result;
console.log(
  `\nmonteCarloRisk, ${PATHS} paths × ${DAYS} days, mean block ${r.meanBlockLength} days`,
);
console.log(
  `  median ${fmt(ours.median, 4)} ms over ${RUNS} runs, CPU ${fmt(ours.cpuMedian, 4)} ms (all: ${ours.times.map((t) => t.toFixed(0)).join(', ')})`,
);
console.log(
  `  plain reference: median ${fmt(reference.median, 4)} ms, CPU ${fmt(reference.cpuMedian, 4)} ms; ours is ${fmt(reference.median / ours.median)}× faster`,
);
console.log(
  `  final equity from 100,000: p5 ${r.finalEquity.p5.toFixed(0)}, p50 ${r.finalEquity.p50.toFixed(0)}, p95 ${r.finalEquity.p95.toFixed(0)}` +
    ` (reference, nearest-rank quantiles: p5 ${reference.result.p5.toFixed(0)}, p50 ${reference.result.p50.toFixed(0)}, p95 ${reference.result.p95.toFixed(0)})`,
);
const d = r.maxDrawdown;
console.log(
  `  max drawdown: p5 ${pct(d.p5)}, p25 ${pct(d.p25)}, p50 ${pct(d.p50)}, p75 ${pct(d.p75)}, p95 ${pct(d.p95)}; ` +
    `halt at ${pct(HALT, 0)} reached in ${pct(r.haltProbability, 1)} of paths`,
);
target('Monte Carlo 10,000 × 252 ≤ 500 ms', ours.median <= TARGET_MS, `${fmt(ours.median, 4)} ms`);
summary();

function pct(x: number, digits = 2): string {
  return `${(x * 100).toFixed(digits)} %`;
}

/** Daily close-to-close returns averaged over the stocks, on the dates all of them traded. */
function equalWeightReturns(all: Bars[]): { time: number; value: number }[] {
  const perDate = new Map<number, number[]>();
  for (const b of all)
    for (let i = 1; i < b.close.length; i++) {
      const list = perDate.get(b.time[i]!) ?? [];
      list.push(b.close[i]! / b.close[i - 1]! - 1);
      perDate.set(b.time[i]!, list);
    }
  return [...perDate]
    .filter(([, list]) => list.length === all.length)
    .sort(([a], [b]) => a - b)
    .map(([time, list]) => ({ time, value: list.reduce((a, x) => a + x, 0) / list.length }));
}

/** The same bootstrap written plainly: every path stored, each day's equities sorted. */
function naive(series: number[], start: number, paths: number, days: number, block: number) {
  const all: number[][] = [];
  for (let p = 0; p < paths; p++) {
    const path = [start];
    let at = 0;
    for (let t = 0; t < days; t++) {
      at =
        t === 0 || Math.random() < 1 / block
          ? Math.floor(Math.random() * series.length)
          : (at + 1) % series.length;
      path.push(path[t]! * (1 + series[at]!));
    }
    all.push(path);
  }
  const bands: number[][] = [];
  for (let t = 0; t <= days; t++) {
    const column = all.map((path) => path[t]!).sort((a, b) => a - b);
    bands.push([0.05, 0.5, 0.95].map((q) => column[Math.floor(q * (paths - 1))]!));
  }
  const last = bands[days]!;
  return { p5: last[0]!, p50: last[1]!, p95: last[2]! };
}
