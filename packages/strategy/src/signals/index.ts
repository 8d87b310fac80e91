export * from './types.js';
export {
  DIP_WINDOW,
  SignalRules,
  signalRules,
  entrySignal,
  exitSignal,
  explainEntry,
  explainExit,
  type EntryFacts,
  type ExitFacts,
  type SideFacts,
} from './rules.js';
export { positionSize, affordableQuantity } from './sizing.js';
export {
  ProtectiveHit,
  longHit,
  shortHit,
  longStop,
  shortStop,
  levelMultiples,
  type LevelMultiples,
} from './protective.js';
export { decisionBarAt, type DecisionBar } from './decision-window.js';
export {
  Decider,
  type DeciderOptions,
  type Decision,
  type DecisionFacts,
  type EntryIntent,
  type ExitIntent,
  type OpenPosition,
  type ProtectiveLevels,
} from './decider.js';
