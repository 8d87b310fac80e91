// The optimizer's public API. Names are listed (no `export *` from the folders' types.ts files), so
// internal types such as the search's State stay private.
export { oobMse, permutationImportance } from './forest/importance.js';
export { fitForest } from './forest/forest.js';
export { predictForest } from './forest/predict.js';
export type { Forest, ForestOptions, Tree } from './forest/types.js';
export { forestOptions } from './search/forest-loop.js';
export { optimize } from './search/optimize.js';
export { lowerBound, worstSubWindow } from './search/robust-score.js';
export type {
  BarWindow,
  Budget,
  DeflatedSharpeReport,
  EvalResult,
  Evaluate,
  OptimizeOptions,
  OptimizeResult,
  ParamImportance,
  Trial,
} from './search/types.js';
export * from './search/best-parameters.js';
export * from './search/edge.js';
export * from './search/robustness.js';
export * from './search/walk-forward.js';
export { latinHypercube } from './space/sampling.js';
export * from './space/space.js';
export type { Dimension, ParamValues, SearchSpace, Uniform } from './space/types.js';
export * from './stats/dsr.js';
export * from './stats/moments.js';
export * from './stats/normal.js';
export type { DeflatedSharpe, DeflatedSharpeInput, ReturnMoments } from './stats/types.js';
