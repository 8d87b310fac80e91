/**
 * Robustness map (`robustnessMap`): what it adds to a stock's backtest job. Target: ≤ 25 % of the
 * job's compute. Reference in the same run: the job's compute without the map, on the same stocks.
 *
 * The job is replayed as the worker runs it with its defaults (packages/core/src/backtest): the
 * last 12 months tested in up to 4 walk-forward folds after 504 training bars and 150 warm-up
 * bars, 150 evaluations per optimisation run (3 s shared by the runs as a cap), risk per trade and
 * the drawdown halt pinned, the result's backtests (chosen set and defaults over the window, each
 * fold's winner on its test window). Then the map on the same indicator cache, as the job computes
 * it. The job's database reads and writes are left out, so the share printed is an upper bound.
 * Real daily bars: the first stocks of ../shared/data/prices-daily; each job timed 3 times (median).
 *
 *   npx tsx bench/robustness-map.ts [--stocks 8]
 */
import { parseArgs } from 'node:util';
import {
  backtest,
  backtestEvaluator,
  BACKTEST_SETTINGS_DEFAULTS,
  IndicatorCache,
  periodWindow,
  robustnessMap,
  seededUniform,
  sliceBars,
  STOCK_PARAM_DEFAULTS,
  stockSearchSpace,
  walkForward,
  type Bars,
  type BacktestConfig,
  type RobustnessMap,
  type StockParams,
} from '@tradebot/strategy';
import { loadRealSymbols } from './lib/data.js';
import { fmt, summary, target } from './lib/report.js';

const { values } = parseArgs({ options: { stocks: { type: 'string' } } });
const STOCKS = Number(values.stocks ?? 8);
const RUNS = 3;
const TARGET_SHARE = 0.25;
// The worker's defaults (BACKTEST_EVALUATIONS, BACKTEST_TIME_BUDGET_MS) and the job's plan.
const EVALUATIONS = 150;
const TIME_MS = 3_000;
const WARMUP_BARS = 150;
const TRAIN_BARS = 504;
const MIN_TEST_BARS = 21;
const MAX_FOLDS = 4;
const settings = BACKTEST_SETTINGS_DEFAULTS;

type P = StockParams & Record<string, number | boolean>;

/** The job's plan for the default 12 months (history here is always long enough). */
function planOf(history: Bars) {
  const start = periodWindow(history, settings.period).start;
  const tested = history.close.length - start;
  const folds = Math.max(1, Math.min(MAX_FOLDS, Math.floor(tested / MIN_TEST_BARS)));
  const offset = start - TRAIN_BARS - WARMUP_BARS;
  return {
    bars: sliceBars(history, offset, history.close.length),
    start: start - offset,
    test: Math.floor(tested / folds),
    folds,
  };
}

/** One job's compute, and the map after it when `withMap`; wall times of both parts. */
function job(history: Bars, seed: number, withMap: boolean) {
  const plan = planOf(history);
  const config: BacktestConfig = { ...settings, seed, shortAtrThreshold: 1.5 };
  const cache = new IndicatorCache(plan.bars);
  const space = stockSearchSpace(['risk_per_trade', 'max_drawdown'], {
    risk_per_trade: settings.risk_per_trade,
    max_drawdown: STOCK_PARAM_DEFAULTS.max_drawdown,
  });
  const defaults = { ...STOCK_PARAM_DEFAULTS, risk_per_trade: settings.risk_per_trade } as P;
  const t0 = performance.now();
  const wf = walkForward<P>({
    evaluate: backtestEvaluator(cache, config),
    space,
    bars: plan.bars.close.length,
    folds: { train: TRAIN_BARS, test: plan.test, first: WARMUP_BARS, maxFolds: plan.folds },
    budget: { evaluations: EVALUATIONS, timeMs: TIME_MS / (plan.folds + 1) },
    rng: seededUniform(seed),
    now: () => performance.now(),
    seeds: [defaults],
  });
  const window = { start: plan.start, end: plan.bars.close.length };
  backtest(plan.bars, wf.final.best.params, config, window);
  backtest(plan.bars, defaults, config, window);
  for (const f of wf.folds) backtest(plan.bars, f.params, config, f.fold.test);
  const t1 = performance.now();
  let map: RobustnessMap | null = null;
  let evaluations = 0;
  const evaluate = backtestEvaluator(cache, config, { returns: false });
  if (withMap)
    map = robustnessMap<P>({
      evaluate: (p, w) => {
        evaluations++;
        return evaluate(p, w);
      },
      space,
      folds: wf.folds.map((f) => ({
        params: f.params,
        test: f.fold.test,
        outOfSample: f.outOfSample,
      })),
      importance: wf.final.importance,
    });
  const mapMs = performance.now() - t1;
  return { jobMs: t1 - t0, mapMs, map, trials: wf.totalTrials, evaluations };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const stocks = loadRealSymbols(STOCKS);
if (stocks.length === 0) {
  console.log('Robustness map bench skipped: no real daily prices.');
  process.exit(0);
}
console.log(
  `Backtest job of ${stocks.length} real stocks (12 months tested, ${EVALUATIONS} evaluations a run), median of ${RUNS}\n`,
);
console.log(
  'symbol   job without map   job with map   map alone   map / job   fragile   evaluations (search + map)',
);
let without = 0;
let withMap = 0;
let mapTotal = 0;
let jobTotal = 0;
stocks.forEach((bars, k) => {
  const seed = k + 1;
  job(bars, seed, true); // warm-up
  const plain = median(Array.from({ length: RUNS }, () => job(bars, seed, false).jobMs));
  const runs = Array.from({ length: RUNS }, () => job(bars, seed, true));
  const total = median(runs.map((r) => r.jobMs + r.mapMs));
  const map = median(runs.map((r) => r.mapMs));
  const jobPart = median(runs.map((r) => r.jobMs));
  const m = runs[0]!.map!;
  without += plain;
  withMap += total;
  mapTotal += map;
  jobTotal += jobPart;
  console.log(
    `${bars.symbol.padEnd(8)} ${fmt(plain, 4).padStart(12)} ms ${fmt(total, 4).padStart(11)} ms ${fmt(map, 3).padStart(9)} ms ${(
      (100 * map) /
      jobPart
    )
      .toFixed(1)
      .padStart(
        7,
      )} %   ${String(m.fragile).padEnd(7)}   ${runs[0]!.trials} + ${runs[0]!.evaluations}`,
  );
});
// The map's own time over the job's in the same runs: the machine's load moves whole jobs by more
// than the map costs, so the with/without totals are printed as the reference, not compared.
const added = mapTotal / jobTotal;
console.log(
  `\nAll ${stocks.length} jobs: ${fmt(without, 4)} ms without the map (reference run), ${fmt(withMap, 4)} ms with it ` +
    `(${fmt(withMap / without)}× the reference); the map itself ${fmt(mapTotal, 4)} ms of ${fmt(jobTotal, 4)} ms of job in the same runs: +${(100 * added).toFixed(1)} %`,
);
target(
  'Robustness map adds ≤ 25 % to a backtest job',
  added <= TARGET_SHARE,
  `+${(100 * added).toFixed(1)} %`,
);
summary();
