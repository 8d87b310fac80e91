import { randomInt } from './sampling.js';
import { inBagOrders, presort, regroup, type LiveOrders, type Presorted } from './sorted-rows.js';
import type { Uniform } from './space.js';

export { predictForest, predictTree } from './predict.js';

/**
 * A small regression forest (Breiman 2001) used as the optimizer's surrogate: bootstrap rows,
 * a random subset of `mtry` features per node, and the split that most reduces squared error.
 * Trees grow level by level over feature orders sorted once per tree and kept grouped by node, so a
 * level costs one pass over each feature's order (O(d·n)) instead of a sort per node, and each node
 * scans only its own rows of its candidate features. Typed arrays throughout.
 * Why not ml-random-forest: see README "Optimizer" (it is ~100× slower at these sizes).
 */
export interface ForestOptions {
  /** Number of trees (default 16). */
  trees?: number;
  /** Maximum depth (default 8). */
  maxDepth?: number;
  /** Minimum bootstrap weight on each side of a split (default 2). */
  minLeaf?: number;
  /** Features tried per node (default ceil(d/3), the usual regression choice). */
  mtry?: number;
  /**
   * Rows drawn (with replacement) per tree (default min(n, 128)): caps the cost of a fit as the
   * optimizer's history grows; trees stay diverse and the forest still sees every row.
   */
  sampleSize?: number;
}

export interface Tree {
  /** Split feature per node, -1 for a leaf. */
  feature: Int32Array;
  threshold: Float64Array;
  /** Children of a split node; by construction right = left + 1 (prediction relies on it). */
  left: Int32Array;
  right: Int32Array;
  /** Weighted mean of the node's bootstrap targets (the prediction at a leaf). */
  value: Float64Array;
  /** 1 where the row was drawn into this tree's bootstrap (for out-of-bag estimates). */
  inBag: Uint8Array;
}

export interface Forest {
  d: number;
  trees: Tree[];
  /** Total squared-error reduction credited to each feature (impurity importance, unnormalised). */
  impurity: Float64Array;
}

interface Ctx {
  X: Float64Array;
  /** X column-major (d × n): a feature's values are contiguous for the split scans. */
  cols: Float64Array;
  y: Float64Array;
  n: number;
  d: number;
  pre: Presorted;
  rng: Uniform;
  maxDepth: number;
  minLeaf: number;
  mtry: number;
  sampleSize: number;
  impurity: Float64Array;
  /** Per-level buffers, allocated once per fit and reused by every level of every tree. */
  scratch: Level;
}

/** Fits a forest on row-major X (n × d) and targets y. */
export function fitForest(X: Float64Array, y: Float64Array, d: number, rng: Uniform, opts: ForestOptions = {}): Forest {
  const n = y.length;
  const sampleSize = Math.max(1, opts.sampleSize ?? Math.min(n, 128));
  const pre = presort(X, n, d, sampleSize);
  const cols = new Float64Array(n * d);
  for (let i = 0; i < n; i++) for (let f = 0; f < d; f++) cols[f * n + i] = X[i * d + f] as number;
  const ctx: Ctx = {
    X, cols, y, n, d, pre, rng, sampleSize,
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

/** Split-search state for the nodes of one level, indexed by the node's slot in the level. */
interface Level {
  cand: Uint8Array;
  bestGain: Float64Array;
  bestF: Int32Array;
  bestThr: Float64Array;
  feats: Int32Array;
  /** Slot s's rows are [start[s], start[s + 1]) of every live order. */
  start: Int32Array;
  /** Scratch by node id (see `regroup`). */
  pos: Int32Array;
}

function levelBuffers(cap: number, d: number): Level {
  return {
    cand: new Uint8Array(cap * d), bestGain: new Float64Array(cap), bestF: new Int32Array(cap), bestThr: new Float64Array(cap),
    feats: new Int32Array(d), start: new Int32Array(cap + 1), pos: new Int32Array(cap),
  };
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
      next.push(tree.left[node] as number, tree.right[node] as number);
    }
    partitionRows(c, tree, live, w, nodeOf, W, S);
    active = next;
    if (depth + 1 < c.maxDepth) regroup(live, nodeOf, next, lvl.start, lvl.pos);
  }
  return trimTree(tree, count);
}

/** Moves each live row into the child its node's split sends it to, or out (-1) at a leaf. */
function partitionRows(
  c: Ctx, tree: Tree, live: LiveOrders, w: Float64Array, nodeOf: Int32Array, W: Float64Array, S: Float64Array,
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
    const child = (c.X[i * c.d + f] as number) <= (tree.threshold[node] as number) ? tree.left[node]! : tree.right[node]!;
    nodeOf[i] = child;
    W[child]! += w[i] as number;
    S[child]! += (w[i] as number) * (c.y[i] as number);
  }
}

/**
 * For every active node, the best split over its random feature subset. Gain is the reduction in
 * weighted squared error, sl²/wl + sr²/wr − S²/W, evaluated between consecutive distinct values.
 */
function findSplits(
  c: Ctx, live: LiveOrders, active: number[], w: Float64Array, wy: Float64Array, W: Float64Array, S: Float64Array,
): Level {
  const { d } = c;
  const m = active.length;
  const lvl = c.scratch;
  const { cand, bestGain, bestF, feats, start } = lvl;
  cand.fill(0, 0, m * d);
  bestF.fill(-1, 0, m);
  for (let s = 0; s < m; s++) {
    const node = active[s] as number;
    const Wn = W[node] as number;
    if (Wn < 2 * c.minLeaf) continue;
    // Scans maximise sl²/wl + sr²/wr; a split must beat the parent's S²/W (zero gain) by a margin.
    const parent = ((S[node] as number) ** 2) / Wn;
    bestGain[s] = parent + 1e-12 * (1 + Math.abs(parent));
    for (let f = 0; f < d; f++) feats[f] = f;
    for (let k = 0; k < c.mtry; k++) {
      const j = k + randomInt(c.rng, d - k);
      const f = feats[j] as number;
      feats[j] = feats[k] as number;
      feats[k] = f;
      cand[s * d + f] = 1;
    }
  }
  // An explicit literal: object spread here was the fit's single largest cost (dictionary-mode object).
  const scan: Scan = { cols: c.cols, n: c.n, w, wy, minLeaf: c.minLeaf, bestGain, bestF, bestThr: lvl.bestThr };
  for (let s = 0; s < m; s++) {
    const node = active[s] as number;
    const a = start[s] as number;
    const b = start[s + 1] as number;
    // Features in increasing order per node, as a scan of each feature over all nodes would visit them.
    for (let f = 0; f < d; f++) {
      if (cand[s * d + f]) scanNode(scan, s, W[node] as number, S[node] as number, f, live.orders[f] as Int32Array, a, b);
    }
    if ((bestF[s] as number) >= 0) bestGain[s]! -= ((S[node] as number) ** 2) / (W[node] as number);
  }
  return lvl;
}

interface Scan {
  cols: Float64Array; n: number; w: Float64Array; wy: Float64Array; minLeaf: number;
  bestGain: Float64Array; bestF: Int32Array; bestThr: Float64Array;
}

/** One pass over slot s's rows [a, b) of feature f's order, updating the slot's best split. */
function scanNode(sc: Scan, s: number, Wn: number, Sn: number, f: number, order: Int32Array, a: number, b: number): void {
  const { cols, w, wy, minLeaf } = sc;
  const base = f * sc.n;
  let best = sc.bestGain[s] as number;
  let thr = 0;
  let found = false;
  let wL = 0;
  let sL = 0;
  let last = 0;
  for (let k = a; k < b; k++) {
    const i = order[k] as number;
    const x = cols[base + i] as number;
    if (wL >= minLeaf && x > last) {
      const wR = Wn - wL;
      // wR only shrinks along the scan: no later row can split either.
      if (wR < minLeaf) break;
      const sR = Sn - sL;
      // The parent term S²/W is the same for every split of a node; it is subtracted once in findSplits.
      const gain = (sL * sL) / wL + (sR * sR) / wR;
      if (gain > best) {
        best = gain;
        thr = 0.5 * (last + x);
        found = true;
      }
    }
    wL += w[i] as number;
    sL += wy[i] as number;
    last = x;
  }
  if (!found) return;
  sc.bestGain[s] = best;
  sc.bestF[s] = f;
  sc.bestThr[s] = thr;
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
