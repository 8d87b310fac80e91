/**
 * Optimizer on the kernel: walk-forward on real symbols (synthetic if the data folder is absent),
 * forest-guided vs random search with the same evaluation budget, surrogate share of wall time.
 */
import { performance } from 'node:perf_hooks';
import { backtestEvaluator, IndicatorCache } from '../../packages/strategy/src/backtest/index.js';
import { stockSearchSpace, toBestParameters, walkForward, type WalkForwardResult } from '../../packages/strategy/src/optimizer/index.js';
import { mulberry32 } from '../../packages/strategy/src/optimizer/testing.js';
import type { StockParams } from '../../packages/strategy/src/params.js';
import { gbmBars, loadRealSymbols, type Bars } from './data.js';
import { BENCH_CONFIG } from './kernel.js';
import { fmt } from './report.js';

type P = StockParams & Record<string, number | boolean>;

/** `--select=model` picks each run's winner by the final forest's prediction instead of the observed maximum. */
const SELECT = process.argv.includes('--select=model') ? 'model' : 'observed';

function run(bars: Bars, method: 'forest' | 'random', budget: number, seed: number, select: 'observed' | 'model' = 'observed'): WalkForwardResult<P> {
  const evaluate = backtestEvaluator(new IndicatorCache(bars), BENCH_CONFIG);
  return walkForward<P>({
    evaluate, space: stockSearchSpace(), bars: bars.close.length, method, select,
    folds: { train: 756, test: 252, first: 100, maxFolds: 3 },
    budget: { evaluations: budget }, rng: mulberry32(seed), now: () => performance.now(), surrogateShare: 0.2,
  });
}

export async function optimizerBench(quick: boolean, target: (name: string, pass: boolean, detail: string) => void): Promise<void> {
  const real = loadRealSymbols(quick ? 6 : 24);
  const symbols = real.length > 0 ? real : Array.from({ length: quick ? 6 : 24 }, (_, i) => gbmBars(`O${i}`, 2520, 7000 + i));
  const budget = quick ? 200 : 500;
  let search = 0;
  let surrogate = 0;
  let evaluate = 0;
  let fits = 0;
  let forestOos = 0;
  let randomOos = 0;
  let wins = 0;
  const t0 = performance.now();
  for (const [i, bars] of symbols.entries()) {
    const f = run(bars, 'forest', budget, 100 + i, SELECT);
    const r = run(bars, 'random', budget, 100 + i);
    search += f.timing.searchMs;
    surrogate += f.timing.surrogateMs;
    evaluate += f.timing.evaluateMs;
    fits += f.timing.fits;
    forestOos += f.outOfSample.profit;
    randomOos += r.outOfSample.profit;
    if (f.outOfSample.profit > r.outOfSample.profit) wins++;
    if (i === 0) {
      const rep = toBestParameters(bars.symbol, f);
      console.log(`  ${bars.symbol}: best_parameters profit (walk-forward OOS) ${fmt(rep.entry.profit)}, in-sample ${fmt(rep.inSampleProfit)}, DSR ${fmt(rep.deflatedSharpe ?? Number.NaN)}, ${rep.trials} trials`);
      const top = [...rep.importance].sort((a, b) => b.permutation - a.permutation).slice(0, 3);
      console.log(`  most important: ${top.map((x) => `${x.name} ${fmt(x.permutation)}`).join(', ')}`);
    }
  }
  const n = symbols.length;
  console.log(`  ${n} ${real.length > 0 ? 'real' : 'synthetic'} symbols, winner by ${SELECT} score, ${budget} evaluations per run, 3 folds + final, ${fmt((performance.now() - t0) / 1000)} s`);
  console.log(`  mean out-of-sample profit: forest ${fmt(forestOos / n)} vs random ${fmt(randomOos / n)}; forest better on ${wins}/${n}`);
  console.log(`  forest searches (all folds): ${fmt(search)} ms, evaluate ${fmt(evaluate)} ms, surrogate ${fmt(surrogate)} ms over ${fits} fits`);
  target('optimizer surrogate overhead ≤ 20% of its wall time', surrogate / search <= 0.2, `${fmt((100 * surrogate) / search)}%`);
}
