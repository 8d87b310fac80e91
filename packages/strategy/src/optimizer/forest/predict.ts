import type { Forest, Tree } from './types.js';

/** One tree's prediction for the row starting at `off` in `x`. */
export function predictTree(t: Tree, x: ArrayLike<number>, off = 0): number {
  let node = 0;
  for (let f = t.feature[0] as number; f >= 0; f = t.feature[node] as number) {
    node =
      (x[off + f] as number) <= (t.threshold[node] as number)
        ? (t.left[node] as number)
        : (t.right[node] as number);
  }
  return t.value[node] as number;
}

/**
 * Adds each tree's prediction for rows [0, m) of Xq to `sum` and its square to `sq` (tree by tree:
 * one tree's nodes stay in cache for every row; the per-row sums run in tree order, as row by row would).
 */
export function accumulateTrees(
  forest: Forest,
  Xq: Float64Array,
  m: number,
  sum: Float64Array,
  sq: Float64Array,
): void {
  const { d } = forest;
  sum.fill(0, 0, m);
  sq.fill(0, 0, m);
  for (const t of forest.trees) {
    const { feature, threshold, left, value } = t;
    const root = feature[0] as number;
    for (let r = 0, off = 0; r < m; r++, off += d) {
      let node = 0;
      // right = left + 1, so the step is branch-free (a NaN coordinate goes right, as in predictTree).
      for (let f = root; f >= 0; f = feature[node] as number) {
        node =
          (left[node] as number) + ((Xq[off + f] as number) <= (threshold[node] as number) ? 0 : 1);
      }
      const p = value[node] as number;
      sum[r]! += p;
      sq[r]! += p * p;
    }
  }
}

/**
 * Mean and across-tree standard deviation of the prediction for each row of Xq (m × d).
 * The spread between trees is the surrogate's uncertainty, used for exploration.
 */
export function predictForest(
  forest: Forest,
  Xq: Float64Array,
  m: number,
): { mean: Float64Array; std: Float64Array } {
  const mean = new Float64Array(m);
  const std = new Float64Array(m);
  accumulateTrees(forest, Xq, m, mean, std);
  const T = forest.trees.length;
  for (let r = 0; r < m; r++) {
    const mu = (mean[r] as number) / T;
    std[r] = Math.sqrt(Math.max(0, (std[r] as number) / T - mu * mu));
    mean[r] = mu;
  }
  return { mean, std };
}
