export * from './space.js';
export { latinHypercube } from './sampling.js';
export { fitForest, predictForest, type Forest, type ForestOptions, type Tree } from './forest.js';
export { permutationImportance, oobMse } from './importance.js';
export * from './dsr.js';
export * from './optimize.js';
export * from './walk-forward.js';
export { lowerBound, worstSubWindow } from './robust-score.js';
