/**
 * Test and benchmark helpers, published as `@tradebot/strategy/testing` so that the benchmarks
 * (bench/) and other packages' tests get seeded data without importing the package's files by path.
 * Not part of the runtime API: production code passes its own seeded RNG (`seededUniform`).
 */
export { syntheticBars, BUSY_PARAMS } from './backtest/testing.js';
export { mulberry32 } from './optimizer/testing.js';
export {
  close,
  firstMismatch,
  REL_TOL,
  showTrade,
  type Mismatch,
} from './backtest/trade-compare.js';
export { ALL_CRITERIA } from './screening/all-criteria.js';
