import { accumulateTrees } from '../forest/predict.js';
import type { Forest } from '../forest/types.js';
import {
  codecOf,
  decodeValues,
  encodeValues,
  keyOfValues,
  paramsOf,
  type Codec,
} from '../space/codec.js';
import { randomInt } from '../space/sampling.js';
import type { ParamValues, SearchSpace, Uniform } from '../space/types.js';

export interface ProposalOptions {
  /** Candidates scored by the surrogate per proposal round. */
  candidates: number;
  /** Weight κ of the across-tree spread in the acquisition mean + κ·std (upper confidence bound). */
  exploration: number;
  /** Share of candidates drawn near the best points so far (the rest are uniform). */
  localShare: number;
  /**
   * Use both normals of each Box–Muller pair (r·cos θ, then the cached r·sin θ for the next Gaussian
   * coordinate): half the uniforms, logs and square roots per move. It changes the draw stream, so
   * only runs with `surrogateShare` (timing-dependent anyway) set it; without a share it is false
   * and the draws are those the golden fingerprints were recorded with.
   */
  pairedNormals: boolean;
}

export interface Proposal<P> {
  params: P;
  /** `valuesKey` of params. */
  key: number;
  /** Encoding of the snapped parameters: `d` values at `off` in `u` (a buffer shared by the batch). */
  u: Float64Array;
  off: number;
}

/** Evaluated points sorted best first; the centres for local candidates. */
export interface Elite {
  u: Float64Array;
}

const MIN_BATCH_DISTANCE = 0.15;
const SPACED = 32;
const BOOL = 2;

/**
 * Buffers reused by every round (grown when a round needs more): candidates, their scores and
 * ranking, and per accepted pick its snapped values, encoding and key. Nothing is allocated per
 * candidate; parameter objects are built only for the returned picks.
 */
interface Scratch {
  Xq: Float64Array;
  sum: Float64Array;
  sq: Float64Array;
  order: Int32Array;
  tmp: Int32Array;
  V: Float64Array;
  U: Float64Array;
  keys: Float64Array;
  slots: Int32Array;
  /** Open-addressing set of this batch's keys (keys are ≥ 0; -1 marks an empty cell). */
  table: Float64Array;
}

let scratch: Scratch = buffers(0, 0);

function buffers(m: number, d: number): Scratch {
  let cells = 16;
  while (cells < 2 * m) cells *= 2;
  return {
    Xq: new Float64Array(m * d),
    sum: new Float64Array(m),
    sq: new Float64Array(m),
    order: new Int32Array(m),
    tmp: new Int32Array(m),
    V: new Float64Array(m * d),
    U: new Float64Array(m * d),
    keys: new Float64Array(m),
    slots: new Int32Array(2 * m),
    table: new Float64Array(cells),
  };
}

function scratchFor(m: number, d: number): Scratch {
  if (scratch.Xq.length < m * d || scratch.order.length < m)
    scratch = buffers(Math.max(m, scratch.order.length), Math.max(d, 1));
  return scratch;
}

/**
 * Draws candidates (uniform + Gaussian moves around the elite), scores them by the forest's
 * mean + κ·std, and returns the best `count` not yet evaluated, each snapped to the grid the
 * objective sees (integers rounded, orderings repaired). Within one batch, picks closer
 * than MIN_BATCH_DISTANCE (unit-cube L2) to an earlier pick are deferred, so a batch spreads out
 * instead of piling onto one peak of the surrogate.
 */
export function propose<P extends ParamValues>(
  space: SearchSpace<P>,
  forest: Forest,
  elite: readonly Elite[],
  seen: ReadonlySet<number>,
  count: number,
  rng: Uniform,
  opts: ProposalOptions,
): Proposal<P>[] {
  const c = codecOf(space);
  const m = opts.candidates;
  const s = scratchFor(m, c.d);
  drawCandidates(c, elite, m, rng, opts, s.Xq);
  const order = rank(forest, s, m, opts.exploration);
  const n = pickSpread(c, s, order, seen, count);
  const out: Proposal<P>[] = [];
  const u = new Float64Array(n * c.d);
  for (let i = 0; i < n; i++) {
    const slot = s.slots[i] as number;
    for (let j = 0; j < c.d; j++) u[i * c.d + j] = s.U[slot * c.d + j] as number;
    out.push({
      params: paramsOf<P>(c, s.V, slot * c.d),
      key: s.keys[slot] as number,
      u,
      off: i * c.d,
    });
  }
  return out;
}

/**
 * m candidates (row-major into Xq): uniform, or with probability `localShare` a Gaussian move around
 * an elite point (`perturbInto`'s draws, inlined: booleans flipped with probability 1/d, numeric
 * coordinates moved by N(0, σ²) and reflected into [0, 1]). With `pairedNormals` the spare normal
 * of each pair is kept for the next Gaussian coordinate (within this call).
 */
function drawCandidates(
  c: Codec,
  elite: readonly Elite[],
  m: number,
  rng: Uniform,
  opts: ProposalOptions,
  Xq: Float64Array,
): void {
  const { d, kind } = c;
  const { localShare, pairedNormals } = opts;
  const flip = 1 / d;
  const centres = Math.min(elite.length, 5);
  let spare = Number.NaN;
  for (let r = 0, off = 0; r < m; r++, off += d) {
    const local = elite.length > 0 && rng() < localShare;
    // Step sizes from 0.02 to 0.2 of each range: small moves refine, large ones hop between basins.
    const sigma = 0.02 * 10 ** rng();
    if (!local) {
      for (let j = 0; j < d; j++) Xq[off + j] = rng();
      continue;
    }
    const centre = (elite[randomInt(rng, centres)] as Elite).u;
    for (let j = 0; j < d; j++) {
      const cj = centre[j] as number;
      if (kind[j] === BOOL) {
        Xq[off + j] = rng() < flip ? (cj >= 0.5 ? 0.25 : 0.75) : cj;
        continue;
      }
      // spare is NaN (so z !== z) unless pairedNormals cached the other normal of the last pair.
      let z = spare;
      if (z === z) spare = Number.NaN;
      else {
        const radius = Math.sqrt(-2 * Math.log(1 - rng()));
        const angle = 2 * Math.PI * rng();
        z = radius * Math.cos(angle);
        if (pairedNormals) spare = radius * Math.sin(angle);
      }
      let x = Math.abs(cj + sigma * z);
      // x % 2 without a call to fmod (exact: x/2, its floor and 2·floor are exact, so is the difference).
      if (x >= 2) x -= 2 * Math.floor(x / 2);
      Xq[off + j] = x > 1 ? 2 - x : x;
    }
  }
}

/** Candidate indices ranked by mean + κ·std over the trees, best first (ties by index, as a stable sort). */
function rank(forest: Forest, s: Scratch, m: number, kappa: number): Int32Array {
  const { sum, sq } = s;
  accumulateTrees(forest, s.Xq, m, sum, sq);
  const T = forest.trees.length;
  for (let r = 0; r < m; r++) {
    const mu = (sum[r] as number) / T;
    sum[r] = mu + kappa * Math.sqrt(Math.max(0, (sq[r] as number) / T - mu * mu));
  }
  const order = s.order.subarray(0, m);
  for (let r = 0; r < m; r++) order[r] = r;
  mergeSort(order, s.tmp, m, sum);
  return order;
}

/**
 * Stable bottom-up merge sort of `order` by `score`, highest first: the ranking Array#sort with
 * (a, b) => score[b] - score[a] gives, with the comparisons inlined instead of a callback per pair.
 */
function mergeSort(order: Int32Array, tmp: Int32Array, m: number, score: Float64Array): void {
  let src = order;
  let dst = tmp;
  for (let width = 1; width < m; width *= 2) {
    for (let lo = 0; lo < m; lo += 2 * width) {
      const mid = Math.min(lo + width, m);
      const hi = Math.min(lo + 2 * width, m);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        // Take from the right run only when strictly better, so equal scores keep their order.
        if (
          j < hi &&
          (i >= mid || (score[src[j] as number] as number) > (score[src[i] as number] as number))
        )
          dst[k] = src[j++] as number;
        else dst[k] = src[i++] as number;
      }
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== order) order.set(src.subarray(0, m));
}

/** Adds key to the batch's set; false if it was there. */
function addKey(table: Float64Array, key: number): boolean {
  const mask = table.length - 1;
  for (let i = (key >>> 0) & mask; ; i = (i + 1) & mask) {
    const k = table[i] as number;
    if (k === key) return false;
    if (k < 0) {
      table[i] = key;
      return true;
    }
  }
}

function near(U: Float64Array, slots: Int32Array, picked: number, off: number, d: number): boolean {
  for (let p = 0; p < picked; p++) {
    const po = (slots[p] as number) * d;
    let s = 0;
    for (let j = 0; j < d; j++) s += ((U[po + j] as number) - (U[off + j] as number)) ** 2;
    if (Math.sqrt(s) < MIN_BATCH_DISTANCE) return true;
  }
  return false;
}

/**
 * Walks the ranking, snapping each candidate (values, key) and skipping keys seen or already in the
 * batch; picks are encoded and spaced out. Leaves the chosen slots in s.slots; returns how many.
 * Spacing is enforced against the first SPACED picks only, keeping large batches linear-time.
 */
function pickSpread(
  c: Codec,
  s: Scratch,
  order: Int32Array,
  seen: ReadonlySet<number>,
  count: number,
): number {
  const { d } = c;
  const { V, U, keys, slots, table, Xq } = s;
  const m = order.length;
  table.fill(-1);
  // Picks fill slots from the front; deferred picks are kept from index m on, in order.
  let picked = 0;
  let deferred = 0;
  let next = 0;
  for (let k = 0; k < m && picked < count; k++) {
    const off = next * d;
    decodeValues(c, Xq, (order[k] as number) * d, V, off);
    const key = keyOfValues(c, V, off);
    if (seen.has(key) || !addKey(table, key)) continue;
    keys[next] = key;
    encodeValues(c, V, off, U, off);
    if (picked < SPACED && near(U, slots, picked, off, d)) slots[m + deferred++] = next;
    else slots[picked++] = next;
    next++;
  }
  for (let k = 0; k < deferred && picked < count; k++) slots[picked++] = slots[m + k] as number;
  return picked;
}
