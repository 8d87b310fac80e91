/**
 * The arms of bench/walk-forward-report.ts, each scored on the same out-of-sample test windows of
 * one symbol: the optimizer's fold winners, fixed parameter sets, buy-and-hold.
 */
import {
  backtestEvaluator,
  IndicatorCache,
  returnMoments,
  stockSearchSpace,
  walkForward,
  type BarWindow,
  type EvalResult,
  type FoldSpec,
  type OptimizationReport,
  type StockParams,
  type WalkForwardOptions,
  type WalkForwardResult,
} from '@tradebot/strategy';
import { mulberry32 } from '@tradebot/strategy/testing';
import type { Bars } from './data.js';
import { BENCH_CONFIG } from './kernel.js';

type P = StockParams & Record<string, number | boolean>;

export type Arm = 'defaults' | 'optimizer' | 'before' | 'random' | 'hold';

/** One symbol's out-of-sample figures over its test windows (fractions, not %). */
export interface SymbolResult {
  /** Summed fold returns (profit / initial balance per fold, not compounded). */
  totalReturn: number;
  /** totalReturn per test year (252 bars). */
  returnPerYear: number;
  /** 1 if totalReturn > 0; for an average of several sets, the share of sets. */
  positive: number;
  /** Round trips over the test windows, and per test year. */
  trades: number;
  tradesPerYear: number;
  /** 1 if at least one round trip; for an average of several sets, the share of sets. */
  traded: number;
  /** Annualised Sharpe of the concatenated per-bar returns of the test windows (0 when flat). */
  sharpe: number;
}

export interface OptimizerRun {
  wf: WalkForwardResult<P>;
  result: SymbolResult;
  /** Share of folds whose winner met the eligibility rule in sample. */
  eligibleFolds: number;
  report: OptimizationReport;
}

const YEAR = 252;

/** Figures from one evaluation per test window (the same or a different set per fold). */
function fromFolds(results: EvalResult[], testBars: number): SymbolResult {
  const returns: number[] = [];
  let totalReturn = 0;
  let trades = 0;
  for (const r of results) {
    totalReturn += r.profit / BENCH_CONFIG.initial_balance;
    trades += r.trades ?? 0;
    if (r.returns) for (let i = 0; i < r.returns.length; i++) returns.push(r.returns[i] as number);
  }
  const years = testBars / YEAR;
  return {
    totalReturn,
    returnPerYear: totalReturn / years,
    positive: totalReturn > 0 ? 1 : 0,
    trades,
    tradesPerYear: trades / years,
    traded: trades > 0 ? 1 : 0,
    sharpe: returnMoments(returns).sharpe * Math.sqrt(YEAR),
  };
}

const testBars = (folds: { test: BarWindow }[]) =>
  folds.reduce((s, f) => s + f.test.end - f.test.start, 0);

/** walkForward with the bench's settings; `extra` overrides its defaults (e.g. `minTrades: 0`). */
export function optimizerArm(
  bars: Bars,
  folds: { test: BarWindow }[],
  spec: FoldSpec,
  evaluations: number,
  extra: Partial<WalkForwardOptions<P>>,
): Omit<OptimizerRun, 'report'> {
  const wf = walkForward<P>({
    evaluate: backtestEvaluator(new IndicatorCache(bars), BENCH_CONFIG),
    space: stockSearchSpace(),
    bars: bars.close.length,
    folds: spec,
    budget: { evaluations },
    rng: mulberry32(1),
    ...extra,
  });
  const rule = wf.edge.minTrades;
  const eligible = wf.folds.filter((f) => (f.inSample.trades ?? 0) >= Math.max(1, rule)).length;
  return {
    wf,
    result: fromFolds(
      wf.folds.map((f) => f.outOfSample),
      testBars(folds),
    ),
    eligibleFolds: eligible / Math.max(1, wf.folds.length),
  };
}

/** Each fixed parameter set on every test window: one result per set. */
export function paramsArm(
  bars: Bars,
  folds: { test: BarWindow }[],
  sets: StockParams[],
): SymbolResult[] {
  const evaluate = backtestEvaluator(new IndicatorCache(bars), BENCH_CONFIG);
  return sets.map((p) =>
    fromFolds(
      folds.map((f) => evaluate(p, f.test)),
      testBars(folds),
    ),
  );
}

/** The mean of several sets' results on one symbol (what the random row averages per symbol). */
export function meanResult(results: SymbolResult[]): SymbolResult {
  const keys = Object.keys(results[0] as SymbolResult) as (keyof SymbolResult)[];
  const out = {} as SymbolResult;
  for (const k of keys) out[k] = results.reduce((s, r) => s + r[k], 0) / results.length;
  return out;
}

/**
 * Buy at the first test bar's open and sell at the last test bar's close, paying the bench's slippage
 * both ways (commission ignored: one share's worth per side), per fold; per-bar returns close to close.
 */
export function buyAndHold(bars: Bars, folds: { test: BarWindow }[]): SymbolResult {
  const s = BENCH_CONFIG.slippage_percent / 100;
  const results = folds.map(({ test }) => {
    const entry = (bars.open[test.start] as number) * (1 + s);
    const exit = (bars.close[test.end - 1] as number) * (1 - s);
    const returns = new Float64Array(test.end - test.start);
    let prev = entry;
    for (let i = test.start; i < test.end; i++) {
      const c = bars.close[i] as number;
      returns[i - test.start] = c / prev - 1;
      prev = c;
    }
    return {
      profit: (exit / entry - 1) * BENCH_CONFIG.initial_balance,
      sharpe: 0,
      returns,
      trades: 1,
    };
  });
  return fromFolds(results, testBars(folds));
}
