import { performance } from 'node:perf_hooks';
import {
  backtestEvaluator,
  IndicatorCache,
  seededUniform,
  STOCK_PARAM_DEFAULTS,
  stockSearchSpace,
  walkForward,
  type BacktestConfig,
  type BacktestSettings,
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

/**
 * Walk-forward optimisation of one symbol on its plan. Position size is not searched (a larger
 * risk only scales profit): risk_per_trade is pinned to the settings' and max_drawdown to the
 * product default. The defaults are always among the trials. Seeded from the symbol; the time budget
 * is a cap (the evaluation budget normally ends each run first, which keeps results repeatable).
 */
export function optimizeSymbol(
  plan: BacktestPlan,
  config: BacktestConfig,
  settings: BacktestSettings,
  budget: BacktestBudget,
): WalkForwardResult<SearchParams> {
  const defaults = defaultParameters(settings) as SearchParams;
  const space = stockSearchSpace(['risk_per_trade', 'max_drawdown'], {
    risk_per_trade: settings.risk_per_trade,
    max_drawdown: STOCK_PARAM_DEFAULTS.max_drawdown,
  });
  return walkForward<SearchParams>({
    evaluate: backtestEvaluator(new IndicatorCache(plan.bars), config),
    space,
    bars: plan.bars.close.length,
    folds: { train: plan.train, test: plan.test, first: plan.first, maxFolds: plan.folds },
    budget: {
      evaluations: budget.evaluations,
      timeMs: budget.timeMs / (plan.folds + 1),
    },
    rng: seededUniform(config.seed),
    now: () => performance.now(),
    seeds: [defaults],
  });
}
