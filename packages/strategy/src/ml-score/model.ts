import { seededUniform } from '../backtest/rng.js';
import { fitForest } from '../optimizer/forest/forest.js';
import { predictForest } from '../optimizer/forest/predict.js';
import type { Forest, ForestOptions } from '../optimizer/forest/types.js';

/**
 * The score model's forest settings. Forward returns are mostly noise, so trees stay shallow
 * with large leaves (a leaf averages at least 200 bootstrap rows) and each sees a bootstrap of
 * up to 8,000 rows: many weak, decorrelated trees rather than a few that memorize.
 */
export const ML_FOREST: Required<ForestOptions> = {
  trees: 64,
  maxDepth: 5,
  minLeaf: 200,
  mtry: 5,
  sampleSize: 8_000,
};

/** Trees fitted between two yields of `fitSteps` (each yield lets a caller's event loop run). */
const TREES_PER_STEP = 8;

/**
 * Fits the forest in steps of a few trees: a generator, so the caller decides what happens
 * between steps (the worker yields to its event loop there to keep its job lock renewed) while
 * this stays pure. The trees come from one seeded generator, so the result does not depend on
 * the steps; only `fitForest`'s per-call presort is repeated. Yields how many trees are done.
 */
export function* fitSteps(
  X: Float64Array,
  y: Float64Array,
  d: number,
  seed: number,
  options: ForestOptions = ML_FOREST,
): Generator<string, Forest> {
  const rng = seededUniform(seed);
  const total = options.trees ?? ML_FOREST.trees;
  const sampleSize = Math.min(y.length, options.sampleSize ?? ML_FOREST.sampleSize);
  // Leaves of 200 rows need thousands of rows; a small universe gets leaves of 1/40 of its rows.
  const minLeaf = Math.min(
    options.minLeaf ?? ML_FOREST.minLeaf,
    Math.max(2, Math.floor(y.length / 40)),
  );
  const forest: Forest = { d, trees: [], impurity: new Float64Array(d) };
  while (forest.trees.length < total) {
    const trees = Math.min(TREES_PER_STEP, total - forest.trees.length);
    const part = fitForest(X, y, d, rng, { ...options, trees, sampleSize, minLeaf });
    forest.trees.push(...part.trees);
    for (let f = 0; f < d; f++) forest.impurity[f]! += part.impurity[f] as number;
    yield `${forest.trees.length}/${total} trees`;
  }
  return forest;
}

/** Runs `fitSteps` to the end (tests, the bench). */
export function fitModel(
  X: Float64Array,
  y: Float64Array,
  d: number,
  seed: number,
  options?: ForestOptions,
): Forest {
  const steps = fitSteps(X, y, d, seed, options);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** The forest's mean prediction for each row of X (rows × d). */
export function predictRows(forest: Forest, X: Float64Array): Float64Array {
  return predictForest(forest, X, X.length / forest.d).mean;
}

/** A forest as plain JSON (the bootstrap membership, only needed while fitting, is left out). */
export interface StoredForest {
  d: number;
  trees: {
    feature: number[];
    threshold: number[];
    left: number[];
    right: number[];
    value: number[];
  }[];
}

export function forestToJson(forest: Forest): StoredForest {
  return {
    d: forest.d,
    trees: forest.trees.map((t) => ({
      feature: Array.from(t.feature),
      threshold: Array.from(t.threshold),
      left: Array.from(t.left),
      right: Array.from(t.right),
      value: Array.from(t.value),
    })),
  };
}

export function forestFromJson(stored: StoredForest): Forest {
  return {
    d: stored.d,
    trees: stored.trees.map((t) => ({
      feature: Int32Array.from(t.feature),
      threshold: Float64Array.from(t.threshold),
      left: Int32Array.from(t.left),
      right: Int32Array.from(t.right),
      value: Float64Array.from(t.value),
      inBag: new Uint8Array(0),
    })),
    impurity: new Float64Array(stored.d),
  };
}
