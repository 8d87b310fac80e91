/**
 * Walk-forward on every real daily series in ../shared/data/prices-daily: rolling folds of 756
 * in-sample / 252 out-of-sample bars (the first 200 bars only warm indicators up), and on the same
 * test windows: the spec's defaults, the optimizer's winner of each fold (walkForward's defaults, and
 * the same search without the eligibility rule, as before it existed), 20 seeded random parameter sets
 * per symbol and buy-and-hold. Default costs (BENCH_CONFIG, shorts allowed). Prints a markdown table.
 *
 * Run: npx tsx bench/walk-forward-report.ts [--evaluations=150] (≈ 2–3.5 min at 150 on the shared 2-core
 * machine, one thread; half of it is the "before" row's second search per symbol).
 *
 * Budget: 150 evaluations per optimisation (each fold and the final window), the protocol the
 * walkForward defaults were chosen on (README "Out of sample on real symbols"); without surrogateShare
 * the forest refits every 4 evaluations, which is most of the time. The search is seeded
 * (mulberry32(1) per symbol), so the table is reproducible.
 */
import {
  decode,
  stockSearchSpace,
  STOCK_PARAM_DEFAULTS,
  toBestParameters,
  walkForwardFolds,
  type StockParams,
} from '@tradebot/strategy';
import { mulberry32 } from '@tradebot/strategy/testing';
import { loadRealSymbols } from './lib/data.js';
import { target } from './lib/report.js';
import {
  buyAndHold,
  meanResult,
  optimizerArm,
  paramsArm,
  type Arm,
  type OptimizerRun,
  type SymbolResult,
} from './lib/walk-forward-arms.js';

const FOLDS = { train: 756, test: 252, first: 200 };
const RANDOM_SETS = 20;
const TARGET_TRADED = 0.8;
const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const EVALUATIONS = Number(arg('evaluations') ?? 150);

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / (v.length || 1);
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const pct = (x: number) => `${(100 * x).toFixed(0)} %`;
const num = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '–');

/** One table row from per-symbol results (random sets: each symbol's mean over its sets). */
function row(name: string, r: SymbolResult[]): string[] {
  return [
    name,
    num(100 * mean(r.map((x) => x.returnPerYear))),
    num(100 * median(r.map((x) => x.returnPerYear))),
    pct(mean(r.map((x) => x.positive))),
    pct(mean(r.map((x) => x.traded))),
    num(mean(r.map((x) => x.tradesPerYear))),
    num(mean(r.map((x) => x.sharpe))),
  ];
}

function printTable(rows: string[][]): void {
  const head = [
    'Arm',
    'mean %/yr',
    'median %/yr',
    'positive',
    'with a trade',
    'trades/yr',
    'Sharpe',
  ];
  const all = [head, ...rows];
  const width = head.map((_, j) => Math.max(...all.map((r) => (r[j] as string).length)));
  const line = (r: string[]) =>
    `| ${r.map((c, j) => (j === 0 ? c.padEnd(width[j]!) : c.padStart(width[j]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(
    `| ${width.map((w, j) => (j === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
  );
  for (const r of rows) console.log(line(r));
}

function describeOptimizer(runs: OptimizerRun[]): void {
  const traded = mean(runs.map((r) => r.result.traded));
  const reports = runs.map((r) => r.report);
  const reasons = new Map<string, number>();
  for (const rep of reports)
    for (const why of rep.noEdgeReasons) reasons.set(why, (reasons.get(why) ?? 0) + 1);
  const dsr = reports.map((r) => r.deflatedSharpe).filter((x): x is number => x !== null);
  console.log(
    `optimizer (walkForward defaults): flagged noRobustEdge ${pct(mean(reports.map((r) => (r.noRobustEdge ? 1 : 0))))} of ${runs.length} symbols; ` +
      `mean deflated Sharpe ${num(mean(dsr), 3)} (median ${num(median(dsr), 3)}, ${dsr.length} with one); ` +
      `fold winners meeting the trade rule in sample ${pct(mean(runs.map((r) => r.eligibleFolds)))}`,
  );
  // Why the winners lose so little: lowerBound(3) favours the smallest positions among sets that trade.
  const risk = runs.map((r) => r.wf.final.best.params.risk_per_trade);
  console.log(
    `  final winners' risk_per_trade: median ${num(median(risk), 4)}, mean ${num(mean(risk), 4)} (search range 0.005–0.05)`,
  );
  console.log(`  reasons: ${[...reasons].map(([why, n]) => `${why} ${n}`).join(', ') || 'none'}`);
  target(
    `symbols whose chosen sets made ≥ 1 out-of-sample trade ≥ ${pct(TARGET_TRADED)}`,
    traded >= TARGET_TRADED,
    pct(traded),
  );
}

function main(): void {
  const symbols = loadRealSymbols();
  if (symbols.length === 0) {
    console.log('walk-forward report: no real daily series, nothing to report');
    return;
  }
  const space = stockSearchSpace();
  const t0 = performance.now();
  const rows: Record<Arm, SymbolResult[]> = {
    defaults: [],
    optimizer: [],
    before: [],
    random: [],
    hold: [],
  };
  const runs: OptimizerRun[] = [];
  const skipped: string[] = [];
  for (const bars of symbols) {
    const folds = walkForwardFolds(bars.close.length, FOLDS);
    if (folds.length === 0) {
      skipped.push(`${bars.symbol} (${bars.close.length} bars)`);
      continue;
    }
    const run = optimizerArm(bars, folds, FOLDS, EVALUATIONS, {});
    runs.push({ ...run, report: toBestParameters(bars.symbol, run.wf) });
    rows.optimizer.push(run.result);
    rows.before.push(optimizerArm(bars, folds, FOLDS, EVALUATIONS, { minTrades: 0 }).result);
    rows.defaults.push(paramsArm(bars, folds, [{ ...STOCK_PARAM_DEFAULTS }])[0]!);
    const rng = mulberry32(1000 + symbols.indexOf(bars));
    const sets = Array.from({ length: RANDOM_SETS }, () =>
      decode(space, Float64Array.from({ length: space.dims.length }, rng)),
    ) as StockParams[];
    rows.random.push(meanResult(paramsArm(bars, folds, sets)));
    rows.hold.push(buyAndHold(bars, folds));
  }
  const used = rows.hold.length;
  console.log(
    `walk-forward report: ${used} real daily series, folds of ${FOLDS.train} / ${FOLDS.test} bars (first ${FOLDS.first} bars warm-up only), ` +
      `${EVALUATIONS} evaluations per optimisation, default costs (BENCH_CONFIG), ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  if (skipped.length) console.log(`skipped (too short for one fold): ${skipped.join(', ')}`);
  console.log(
    'Out of sample, per symbol: return % of the initial balance per test year (folds summed, not compounded), share of symbols ' +
      'with a positive total, share with at least one trade, round trips per year, annualised Sharpe of the test bars (mean over symbols).\n',
  );
  printTable([
    row('(a) spec defaults', rows.defaults),
    row('(b) optimizer, walkForward defaults', rows.optimizer),
    row('(b′) optimizer without the trade rule (before)', rows.before),
    row(`(c) random sets (${RANDOM_SETS} per symbol)`, rows.random),
    row('(d) buy-and-hold', rows.hold),
  ]);
  console.log();
  describeOptimizer(runs);
}

main();
