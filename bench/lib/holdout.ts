/**
 * Out-of-sample comparison of walk-forward variants on real symbols (`bench/optimizer.ts --holdout`
 * or `--test`): the protocol the walkForward defaults were chosen with (README "Out of sample on real
 * symbols").
 */
import {
  BACKTEST_SETTINGS_DEFAULTS,
  backtestEvaluator,
  IndicatorCache,
  lowerBound,
  stockSearchSpace,
  walkForward,
  type BarWindow,
  type EvalResult,
  type StockParams,
  type WalkForwardOptions,
} from '@tradebot/strategy';
import { mulberry32 } from '@tradebot/strategy/testing';
import { loadRealSymbols } from './data.js';

type P = StockParams & Record<string, number | boolean>;

/** Fixed test symbols of real-symbols.test.ts: never used to choose the method. */
const TEST_SYMBOLS = ['AMP', 'BSX', 'CSX', 'DHI', 'GIS', 'HSY', 'KR', 'MSFT', 'ROST', 'SO'];

const profitScore = (r: EvalResult) => r.profit;
/** One in-sample round trip per `bars` bars of the training window. */
const perBars = (bars: number) => (w: BarWindow) =>
  Math.max(1, Math.floor((w.end - w.start) / bars));

/** The arms compared out of sample; each gets the same evaluations, seeds and folds. */
const ARMS: [string, Partial<WalkForwardOptions<P>>][] = [
  [
    'random, profit, no trade rule (plain baseline)',
    { method: 'random', score: profitScore, minTrades: 0 },
  ],
  ['random, lowerBound(3), trade rule', { method: 'random' }],
  ['forest, lowerBound(3), no trade rule (before)', { minTrades: 0 }],
  ['forest, lowerBound(3), trade rule (default)', {}],
  ['forest, lowerBound(3), ≥ 1 trade', { minTrades: 1 }],
  ['forest, lowerBound(3), 1 trade per 252 bars', { minTrades: perBars(252) }],
  ['forest, lowerBound(3), 1 trade per 63 bars', { minTrades: perBars(63) }],
  ['forest, lowerBound(1), trade rule', { score: lowerBound(1) }],
  ['forest, profit, trade rule', { score: profitScore }],
];

const avg = (v: number[]) => v.reduce((a, b) => a + b, 0) / (v.length || 1);

interface Cell {
  profit: number;
  /** Round trips of the fold winners over the test windows. */
  trades: number;
  testBars: number;
}

/**
 * Out-of-sample profit of each arm on real symbols (the test symbols, or every other symbol with
 * enough bars: the held-out set the defaults were chosen on), 6 folds of 756 / 252 bars, 150 evaluations
 * per run, default backtest settings (long only): the mean per symbol for each seed, their mean, the mean
 * per-symbol difference from the plain baseline (± standard error over symbols, symbols where it is
 * better), the share of runs whose fold winners made at least one out-of-sample trade, and their trades per year.
 */
export function holdoutTable(test: boolean, seeds: number[]): void {
  const symbols = loadRealSymbols().filter(
    (b) => TEST_SYMBOLS.includes(b.symbol) === test && b.close.length >= 200 + 756 + 6 * 252,
  );
  const cells: Cell[][][] = ARMS.map(() => symbols.map(() => []));
  symbols.forEach((bars, i) => {
    const evaluate = backtestEvaluator(new IndicatorCache(bars), {
      ...BACKTEST_SETTINGS_DEFAULTS,
      seed: 1,
    });
    ARMS.forEach(([, extra], a) =>
      seeds.forEach((seed) => {
        const oos = walkForward<P>({
          evaluate,
          space: stockSearchSpace(),
          bars: bars.close.length,
          folds: { train: 756, test: 252, first: 200 },
          budget: { evaluations: 150 },
          rng: mulberry32(seed),
          ...extra,
        }).outOfSample;
        cells[a]![i]!.push({ profit: oos.profit, trades: oos.trades ?? 0, testBars: oos.bars });
      }),
    );
  });
  console.log(
    `  ${test ? 'test' : 'held-out'} symbols: ${symbols.length}, seeds ${seeds.join(',')}; mean OOS profit per symbol (6 test years, initial balance 10,000)`,
  );
  const base = (cells[0] as Cell[][]).map((r) => avg(r.map((c) => c.profit)));
  ARMS.forEach(([name], a) => {
    const rows = cells[a] as Cell[][];
    const all = rows.flat();
    const bySeed = seeds.map((_, k) => avg(rows.map((r) => r[k]!.profit)));
    const diff = rows.map((r, i) => avg(r.map((c) => c.profit)) - (base[i] as number));
    const se = Math.sqrt(avg(diff.map((x) => (x - avg(diff)) ** 2)) / Math.max(1, diff.length - 1));
    const traded = avg(all.map((c) => (c.trades > 0 ? 1 : 0)));
    const perYear = avg(all.map((c) => (252 * c.trades) / c.testBars));
    console.log(
      `  ${name.padEnd(48)} ${bySeed.map((x) => x.toFixed(0).padStart(6)).join(' ')}  mean ${avg(bySeed).toFixed(0).padStart(5)}` +
        `  vs baseline ${avg(diff) >= 0 ? '+' : ''}${avg(diff).toFixed(0)} ± ${se.toFixed(0)}, better on ${diff.filter((x) => x > 0).length}/${diff.length}` +
        `; OOS trade in ${(100 * traded).toFixed(0)} % of runs, ${perYear.toFixed(2)} trades/yr`,
    );
  });
}
