export * from './types.js';
export { IndicatorCache } from './indicator-cache.js';
export { SeriesPool } from './series-pool.js';
export { simulate, sharpeFromSums } from './kernel.js';
export { computeMetrics, type Metrics } from './metrics.js';
export { backtest, backtestEvaluator, type BacktestResult } from './backtest.js';
export { seededUniform, mulberryStep, mulberryOutput } from './rng.js';
