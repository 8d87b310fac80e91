/**
 * Optimizer on the kernel: walk-forward on real symbols (synthetic if the data folder is absent),
 * forest-guided vs random search with the same evaluation budget, surrogate share of wall time at
 * 500 and at 1,000 evaluations per run (Workload A's 1,000 parameter sets per symbol).
 */
import { performance } from 'node:perf_hooks';
import {
  backtestEvaluator,
  IndicatorCache,
  stockSearchSpace,
  toBestParameters,
  walkForward,
  type StockParams,
  type WalkForwardResult,
} from '@tradebot/strategy';
import { mulberry32 } from '@tradebot/strategy/testing';
import { gbmBars, loadRealSymbols, type Bars } from './data.js';
import { BENCH_CONFIG } from './kernel.js';
import { fmt } from './report.js';

type P = StockParams & Record<string, number | boolean>;

/** Default: walkForward's own (lowerBound(3), best observed); `--select=model` picks the trial the final forest rates best. */
const SELECT = process.argv.includes('--select=model') ? 'model' : undefined;

function run(
  bars: Bars,
  method: 'forest' | 'random',
  budget: number,
  seed: number,
): WalkForwardResult<P> {
  const evaluate = backtestEvaluator(new IndicatorCache(bars), BENCH_CONFIG);
  return walkForward<P>({
    evaluate,
    space: stockSearchSpace(),
    bars: bars.close.length,
    method,
    ...(method === 'forest' && SELECT ? { select: SELECT } : {}),
    folds: { train: 756, test: 252, first: 100, maxFolds: 3 },
    budget: { evaluations: budget },
    rng: mulberry32(seed),
    now: () => performance.now(),
    surrogateShare: 0.2,
  });
}

interface Totals {
  search: number;
  surrogate: number;
  evaluate: number;
  fit: number;
  after: number;
  fits: number;
  forestOos: number;
  randomOos: number;
  wins: number;
}

/** Walk-forward of every symbol with the forest (and, if `compare`, random search) at one budget. */
function measure(symbols: Bars[], budget: number, compare: boolean): Totals {
  const t: Totals = {
    search: 0,
    surrogate: 0,
    evaluate: 0,
    fit: 0,
    after: 0,
    fits: 0,
    forestOos: 0,
    randomOos: 0,
    wins: 0,
  };
  for (const [i, bars] of symbols.entries()) {
    const f = run(bars, 'forest', budget, 100 + i);
    t.search += f.timing.searchMs;
    t.surrogate += f.timing.surrogateMs;
    t.evaluate += f.timing.evaluateMs;
    t.fit += f.timing.fitMs;
    t.after += f.timing.afterMs;
    t.fits += f.timing.fits;
    t.forestOos += f.outOfSample.profit;
    if (compare) {
      const r = run(bars, 'random', budget, 100 + i);
      t.randomOos += r.outOfSample.profit;
      if (f.outOfSample.profit > r.outOfSample.profit) t.wins++;
    }
    if (i === 0 && compare) {
      const rep = toBestParameters(bars.symbol, f);
      console.log(
        `  ${bars.symbol}: best_parameters profit (walk-forward OOS) ${fmt(rep.entry.profit)}, in-sample ${fmt(rep.inSampleProfit)}, DSR ${fmt(rep.deflatedSharpe ?? Number.NaN)}, ${rep.trials} trials, ` +
          `noRobustEdge ${rep.noRobustEdge} (${rep.noEdgeReasons.join(', ') || 'no reason'})`,
      );
      const top = [...rep.importance].sort((a, b) => b.permutation - a.permutation).slice(0, 3);
      console.log(
        `  most important: ${top.map((x) => `${x.name} ${fmt(x.permutation)}`).join(', ')}`,
      );
    }
  }
  return t;
}

const pct = (part: number, whole: number) => `${fmt((100 * part) / whole)}%`;

function describe(label: string, t: Totals, runs: number): void {
  const proposals = t.surrogate - t.fit - t.after;
  console.log(
    `  ${label}: forest searches ${fmt(t.search)} ms, evaluate ${fmt(t.evaluate)} ms, surrogate ${fmt(t.surrogate)} ms = ${pct(t.surrogate, t.search)} ` +
      `(fits ${pct(t.fit, t.search)}, proposals ${pct(proposals, t.search)}, after the search ${pct(t.after, t.search)}; ${fmt(t.fits / runs)} fits per run)`,
  );
}

export async function optimizerBench(
  quick: boolean,
  target: (name: string, pass: boolean, detail: string) => void,
): Promise<void> {
  const real = loadRealSymbols(quick ? 6 : 24);
  const symbols =
    real.length > 0
      ? real
      : Array.from({ length: quick ? 6 : 24 }, (_, i) => gbmBars(`O${i}`, 2520, 7000 + i));
  const [small, large] = quick ? [200, 400] : [500, 1000];
  const n = symbols.length;
  const runs = 4 * n;
  // JIT warm-up, not counted: otherwise whichever budget runs first pays it (a worker pays it once per process).
  measure(symbols.slice(0, 2), small, false);
  const t0 = performance.now();
  const a = measure(symbols, small, true);
  const selectText = SELECT ?? 'observed (walkForward default)';
  console.log(
    `  ${n} ${real.length > 0 ? 'real' : 'synthetic'} symbols, winner by ${selectText}, ${small} evaluations per run, 3 folds + final, ${fmt((performance.now() - t0) / 1000)} s`,
  );
  console.log(
    `  mean out-of-sample profit at ${small}: forest ${fmt(a.forestOos / n)} vs random ${fmt(a.randomOos / n)}; forest better on ${a.wins}/${n}`,
  );
  describe(`${small} evaluations per run`, a, runs);
  const b = measure(symbols, large, false);
  describe(`${large} evaluations per run`, b, runs);
  target(
    `optimizer surrogate overhead ≤ 20% of its wall time (judged at ${large} evaluations per run; ${pct(a.surrogate, a.search)} at ${small})`,
    b.surrogate / b.search <= 0.2,
    `${pct(b.surrogate, b.search)} at ${large}`,
  );
}
