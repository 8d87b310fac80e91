import { performance } from 'node:perf_hooks';
import {
  backtestEvaluator,
  IndicatorCache,
  robustnessMap,
  seededUniform,
  STOCK_PARAM_DEFAULTS,
  stockSearchSpace,
  walkForward,
  type BacktestConfig,
  type BacktestSettings,
  type RobustnessMap,
  type SearchSpace,
  type StockParams,
  type WalkForwardResult,
} from '@tradebot/strategy';
import type { BacktestPlan } from './backtest-bars.js';

export type SearchParams = StockParams & Record<string, number | boolean>;

/** How much search one symbol gets (the worker's BACKTEST_EVALUATIONS, BACKTEST_TIME_BUDGET_MS). */
export interface BacktestBudget {
  /** Evaluations per optimisation run (each fold and the final window). */
  evaluations: number;
  /** Wall time for the whole symbol, shared by its optimisation runs. */
  timeMs: number;
}

/** The general trading settings a backtest reads. */
export interface BacktestGeneral {
  shortAtrThreshold: number;
  allowShort?: boolean;
}

export const DEFAULT_BACKTEST_GENERAL: BacktestGeneral = { shortAtrThreshold: 1.5 };

/** A 32-bit seed from the symbol (FNV-1a): the same bars and settings give the same result. */
export function seedOf(symbol: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < symbol.length; i++) h = Math.imul(h ^ symbol.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function configOf(
  settings: BacktestSettings,
  general: BacktestGeneral,
  seed: number,
): BacktestConfig {
  return {
    ...settings,
    seed,
    shortAtrThreshold: general.shortAtrThreshold,
    ...(general.allowShort === undefined ? {} : { allowShort: general.allowShort }),
  };
}

/**
 * The defaults a stock without its own parameters trades with: the product's, risk per trade from the
 * backtest settings.
 */
export function defaultParameters(settings: BacktestSettings): StockParams {
  return { ...STOCK_PARAM_DEFAULTS, risk_per_trade: settings.risk_per_trade };
}

/** What one symbol's search and its robustness map share: the indicators computed once, the space. */
export interface SymbolSearch {
  plan: BacktestPlan;
  config: BacktestConfig;
  cache: IndicatorCache;
  space: SearchSpace<SearchParams>;
  defaults: SearchParams;
}

/**
 * The search of one symbol. Position size is not searched (a larger risk only scales profit):
 * risk_per_trade is pinned to the settings' and max_drawdown to the product default.
 */
export function symbolSearch(
  plan: BacktestPlan,
  config: BacktestConfig,
  settings: BacktestSettings,
): SymbolSearch {
  return {
    plan,
    config,
    cache: new IndicatorCache(plan.bars),
    space: stockSearchSpace(['risk_per_trade', 'max_drawdown'], {
      risk_per_trade: settings.risk_per_trade,
      max_drawdown: STOCK_PARAM_DEFAULTS.max_drawdown,
    }),
    defaults: defaultParameters(settings) as SearchParams,
  };
}

/**
 * Walk-forward optimisation of one symbol on its plan (see symbolSearch for what is searched).
 * The defaults are always among the trials. Seeded from the symbol; the time budget is a cap (the
 * evaluation budget normally ends each run first, which keeps results repeatable).
 */
export function optimizeSymbol(
  plan: BacktestPlan,
  config: BacktestConfig,
  settings: BacktestSettings,
  budget: BacktestBudget,
  search: SymbolSearch = symbolSearch(plan, config, settings),
): WalkForwardResult<SearchParams> {
  return walkForward<SearchParams>({
    evaluate: backtestEvaluator(search.cache, config),
    space: search.space,
    bars: plan.bars.close.length,
    folds: { train: plan.train, test: plan.test, first: plan.first, maxFolds: plan.folds },
    budget: {
      evaluations: budget.evaluations,
      timeMs: budget.timeMs / (plan.folds + 1),
    },
    rng: seededUniform(config.seed),
    now: () => performance.now(),
    seeds: [search.defaults],
  });
}

/**
 * The robustness map of a walk-forward run (robustnessMap): each fold's winner moved a step or
 * two and traded on its test window, on the indicators the search already computed. Per-bar
 * returns are not recorded: the map reads profit and Sharpe only.
 */
export function robustnessOfSymbol(
  search: SymbolSearch,
  wf: WalkForwardResult<SearchParams>,
): RobustnessMap {
  return robustnessMap<SearchParams>({
    evaluate: backtestEvaluator(search.cache, search.config, { returns: false }),
    space: search.space,
    folds: wf.folds.map((f) => ({
      params: f.params,
      test: f.fold.test,
      outOfSample: f.outOfSample,
    })),
    importance: wf.final.importance,
  });
}
