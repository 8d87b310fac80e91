/**
 * A small regression forest (Breiman 2001) used as the optimizer's surrogate: bootstrap rows,
 * a random subset of `mtry` features per node, and the split that most reduces squared error.
 * Trees grow level by level over feature orders sorted once per tree and kept grouped by node, so a
 * level costs one pass over each feature's order (O(d·n)) instead of a sort per node, and each node
 * scans only its own rows of its candidate features. Typed arrays throughout.
 * Why not ml-random-forest: see README "Optimizer" (it is ~100× slower at these sizes).
 */
import { randomInt } from '../space/sampling.js';
import type { Uniform } from '../space/types.js';
import { inBagOrders, presort, regroup, type LiveOrders, type Presorted } from './sorted-rows.js';
import { findSplits, levelBuffers, type SplitContext } from './split-search.js';
import type { Forest, ForestOptions, Tree } from './types.js';

/** A fit's data and settings; the split search reads the part it needs (SplitContext). */
interface Ctx extends SplitContext {
  X: Float64Array;
  y: Float64Array;
  pre: Presorted;
  maxDepth: number;
  sampleSize: number;
  impurity: Float64Array;
}

/** Fits a forest on row-major X (n × d) and targets y. */
export function fitForest(
  X: Float64Array,
  y: Float64Array,
  d: number,
  rng: Uniform,
  opts: ForestOptions = {},
): Forest {
  const n = y.length;
  const sampleSize = Math.max(1, opts.sampleSize ?? Math.min(n, 128));
  const pre = presort(X, n, d, sampleSize);
  const cols = new Float64Array(n * d);
  for (let i = 0; i < n; i++) for (let f = 0; f < d; f++) cols[f * n + i] = X[i * d + f] as number;
  const ctx: Ctx = {
    X,
    cols,
    y,
    n,
    d,
    pre,
    rng,
    sampleSize,
    maxDepth: opts.maxDepth ?? 8,
    minLeaf: Math.max(1, opts.minLeaf ?? 2),
    mtry: Math.max(1, Math.min(d, opts.mtry ?? Math.ceil(d / 3))),
    impurity: new Float64Array(d),
    scratch: levelBuffers(2 * Math.min(n, sampleSize) + 1, d),
  };
  const trees: Tree[] = [];
  for (let t = 0; t < (opts.trees ?? 16); t++) trees.push(buildTree(ctx));
  return { d, trees, impurity: ctx.impurity };
}

function buildTree(c: Ctx): Tree {
  const { n } = c;
  // A binary tree over at most sampleSize distinct rows has fewer than 2·sampleSize nodes.
  const cap = 2 * Math.min(n, c.sampleSize) + 1;
  const w = new Float64Array(n);
  for (let k = 0; k < c.sampleSize; k++) w[randomInt(c.rng, n)]! += 1;
  const tree: Tree = {
    feature: new Int32Array(cap).fill(-1),
    threshold: new Float64Array(cap),
    left: new Int32Array(cap),
    right: new Int32Array(cap),
    value: new Float64Array(cap),
    inBag: new Uint8Array(n),
  };
  const W = new Float64Array(cap);
  const S = new Float64Array(cap);
  const nodeOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const wi = w[i] as number;
    tree.inBag[i] = wi > 0 ? 1 : 0;
    nodeOf[i] = wi > 0 ? 0 : -1;
    W[0]! += wi;
    S[0]! += wi * (c.y[i] as number);
  }
  const live = inBagOrders(c.pre, tree.inBag);
  const wy = new Float64Array(n);
  for (let i = 0; i < n; i++) wy[i] = (w[i] as number) * (c.y[i] as number);
  c.scratch.start[0] = 0;
  c.scratch.start[1] = live.length;
  let active = [0];
  let count = 1;
  for (let depth = 0; active.length > 0; depth++) {
    for (const node of active) tree.value[node] = (S[node] as number) / (W[node] as number);
    if (depth >= c.maxDepth) break;
    const lvl = findSplits(c, live, active, w, wy, W, S);
    const next: number[] = [];
    for (let s = 0; s < active.length; s++) {
      const f = lvl.bestF[s] as number;
      if (f < 0) continue;
      const node = active[s] as number;
      tree.feature[node] = f;
      tree.threshold[node] = lvl.bestThr[s] as number;
      tree.left[node] = count++;
      tree.right[node] = count++;
      c.impurity[f]! += lvl.bestGain[s] as number;
      next.push(tree.left[node], tree.right[node]);
    }
    partitionRows(c, tree, live, w, nodeOf, W, S);
    active = next;
    if (depth + 1 < c.maxDepth) regroup(live, nodeOf, next, lvl.start, lvl.pos);
  }
  return trimTree(tree, count);
}

/** Moves each live row into the child its node's split sends it to, or out (-1) at a leaf. */
function partitionRows(
  c: Ctx,
  tree: Tree,
  live: LiveOrders,
  w: Float64Array,
  nodeOf: Int32Array,
  W: Float64Array,
  S: Float64Array,
): void {
  const rows = live.orders[0] as Int32Array;
  for (let k = 0; k < live.length; k++) {
    const i = rows[k] as number;
    const node = nodeOf[i] as number;
    if (node < 0) continue;
    const f = tree.feature[node] as number;
    if (f < 0) {
      nodeOf[i] = -1;
      continue;
    }
    const child =
      (c.X[i * c.d + f] as number) <= (tree.threshold[node] as number)
        ? tree.left[node]!
        : tree.right[node]!;
    nodeOf[i] = child;
    W[child]! += w[i] as number;
    S[child]! += (w[i] as number) * (c.y[i] as number);
  }
}

function trimTree(t: Tree, count: number): Tree {
  return {
    feature: t.feature.slice(0, count),
    threshold: t.threshold.slice(0, count),
    left: t.left.slice(0, count),
    right: t.right.slice(0, count),
    value: t.value.slice(0, count),
    inBag: t.inBag,
  };
}
