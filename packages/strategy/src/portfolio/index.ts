export * from './types.js';
export {
  accountHalt,
  buyingPower,
  entryGate,
  type AccountHalt,
  type EntryGate,
} from './account.js';
export { simulatePortfolio } from './simulate.js';
export {
  portfolioMetrics,
  dailyReturns,
  riskRatios,
  drawdown,
  streaks,
  tradeStats,
  type PortfolioMetrics,
} from './metrics.js';
export {
  perSymbol,
  perExitReason,
  equalWeightBenchmark,
  buyAndHold,
  type TradeGroup,
} from './breakdown.js';
export { portfolioPreview, type PortfolioPreview } from './preview.js';
export {
  matchTwin,
  pairGap,
  exitReasonOf,
  type LiveTrip,
  type TwinExplain,
  type TwinGap,
  type TwinLeg,
  type TwinReason,
  type TwinRow,
  type TwinTotals,
} from './twin.js';
