import { shuffle } from '../space/sampling.js';
import type { Uniform } from '../space/types.js';
import { predictTree } from './predict.js';
import type { Forest } from './types.js';

/** Scales non-negative scores to sum to 1 (all zeros stay zero). */
export function normalise(scores: Float64Array): Float64Array {
  let total = 0;
  for (const s of scores) total += Math.max(0, s);
  const out = new Float64Array(scores.length);
  if (total > 0)
    for (let j = 0; j < scores.length; j++) out[j] = Math.max(0, scores[j] as number) / total;
  return out;
}

/**
 * Out-of-bag mean squared error: each row is predicted only by the trees that did not see it,
 * so the error estimates generalisation rather than fit. Rows in every bootstrap are skipped.
 * Rows added after the fit (beyond a tree's `inBag`) are out of bag for every tree.
 */
export function oobMse(
  forest: Forest,
  X: Float64Array,
  y: Float64Array,
  maxRows = y.length,
): number {
  const { d } = forest;
  let sse = 0;
  let rows = 0;
  // With a row cap, take every k-th row: spread over the history, deterministic.
  const stride = Math.max(1, Math.ceil(y.length / maxRows));
  for (let i = 0; i < y.length; i += stride) {
    let s = 0;
    let k = 0;
    for (const t of forest.trees) {
      if (i < t.inBag.length && t.inBag[i]) continue;
      s += predictTree(t, X, i * d);
      k++;
    }
    if (k === 0) continue;
    const e = s / k - (y[i] as number);
    sse += e * e;
    rows++;
  }
  return rows > 0 ? sse / rows : 0;
}

/**
 * Permutation importance (Breiman 2001): the rise in out-of-bag MSE when one feature's column is
 * shuffled, which breaks its link to the target while keeping its distribution. Unlike impurity
 * importance it is not biased towards features with many distinct values (floats over booleans).
 * Returned unnormalised, in units of the target's variance. `maxRows` caps the rows scored (every
 * k-th row, as in `oobMse`); the column is shuffled among those rows only, so the cost does not
 * grow with the history.
 */
export function permutationImportance(
  forest: Forest,
  X: Float64Array,
  y: Float64Array,
  rng: Uniform,
  maxRows = y.length,
): Float64Array {
  const { d } = forest;
  const stride = Math.max(1, Math.ceil(y.length / maxRows));
  const rows = Int32Array.from({ length: Math.ceil(y.length / stride) }, (_, k) => k * stride);
  const m = rows.length;
  const base = oobMse(forest, X, y, maxRows);
  const out = new Float64Array(d);
  const col = new Float64Array(m);
  const perm = new Int32Array(m);
  for (let f = 0; f < d; f++) {
    for (let k = 0; k < m; k++) {
      col[k] = X[(rows[k] as number) * d + f] as number;
      perm[k] = k;
    }
    shuffle(rng, perm);
    for (let k = 0; k < m; k++) X[(rows[k] as number) * d + f] = col[perm[k] as number] as number;
    out[f] = oobMse(forest, X, y, maxRows) - base;
    for (let k = 0; k < m; k++) X[(rows[k] as number) * d + f] = col[k] as number;
  }
  return out;
}
