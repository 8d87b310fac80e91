/**
 * The forest's split search for one level of a tree: per node a random subset of features, each
 * scanned once over the node's rows in sorted order. Apart from `fitForest` so each file stays
 * readable; it shares the fit's context (SplitContext) and per-level buffers (Level).
 */
import { randomInt } from '../space/sampling.js';
import type { Uniform } from '../space/types.js';
import type { LiveOrders } from './sorted-rows.js';

/** What the split search reads of a fit's context. */
export interface SplitContext {
  /** X column-major (d × n): a feature's values are contiguous for the split scans. */
  cols: Float64Array;
  n: number;
  d: number;
  rng: Uniform;
  minLeaf: number;
  mtry: number;
  /** Per-level buffers, allocated once per fit and reused by every level of every tree. */
  scratch: Level;
}

/** Split-search state for the nodes of one level, indexed by the node's slot in the level. */
export interface Level {
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

export function levelBuffers(cap: number, d: number): Level {
  return {
    cand: new Uint8Array(cap * d),
    bestGain: new Float64Array(cap),
    bestF: new Int32Array(cap),
    bestThr: new Float64Array(cap),
    feats: new Int32Array(d),
    start: new Int32Array(cap + 1),
    pos: new Int32Array(cap),
  };
}

/**
 * For every active node, the best split over its random feature subset. Gain is the reduction in
 * weighted squared error, sl²/wl + sr²/wr − S²/W, evaluated between consecutive distinct values.
 */
export function findSplits(
  c: SplitContext,
  live: LiveOrders,
  active: number[],
  w: Float64Array,
  wy: Float64Array,
  W: Float64Array,
  S: Float64Array,
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
    const parent = (S[node] as number) ** 2 / Wn;
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
  const scan: Scan = {
    cols: c.cols,
    n: c.n,
    w,
    wy,
    minLeaf: c.minLeaf,
    bestGain,
    bestF,
    bestThr: lvl.bestThr,
  };
  for (let s = 0; s < m; s++) {
    const node = active[s] as number;
    const a = start[s] as number;
    const b = start[s + 1] as number;
    // Features in increasing order per node, as a scan of each feature over all nodes would visit them.
    for (let f = 0; f < d; f++) {
      if (cand[s * d + f])
        scanNode(
          scan,
          s,
          W[node] as number,
          S[node] as number,
          f,
          live.orders[f] as Int32Array,
          a,
          b,
        );
    }
    if ((bestF[s] as number) >= 0) bestGain[s]! -= (S[node] as number) ** 2 / (W[node] as number);
  }
  return lvl;
}

interface Scan {
  cols: Float64Array;
  n: number;
  w: Float64Array;
  wy: Float64Array;
  minLeaf: number;
  bestGain: Float64Array;
  bestF: Int32Array;
  bestThr: Float64Array;
}

/** One pass over slot s's rows [a, b) of feature f's order, updating the slot's best split. */
function scanNode(
  sc: Scan,
  s: number,
  Wn: number,
  Sn: number,
  f: number,
  order: Int32Array,
  a: number,
  b: number,
): void {
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
