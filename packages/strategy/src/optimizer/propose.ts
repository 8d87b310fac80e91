import { predictForest, type Forest } from './forest.js';
import { perturbInto, randomInt } from './sampling.js';
import { decode, encodeInto, valuesKey, type ParamValues, type SearchSpace, type Uniform } from './space.js';

export interface ProposalOptions {
  /** Candidates scored by the surrogate per proposal round. */
  candidates: number;
  /** Weight κ of the across-tree spread in the acquisition mean + κ·std (upper confidence bound). */
  exploration: number;
  /** Share of candidates drawn near the best points so far (the rest are uniform). */
  localShare: number;
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

/**
 * Draws candidates (uniform + Gaussian moves around the elite), scores them by the forest's
 * mean + κ·std, and returns the best `count` not yet evaluated, each snapped to the grid the
 * objective sees (integers rounded, orderings repaired). Within one batch, picks closer
 * than MIN_BATCH_DISTANCE (unit-cube L2) to an earlier pick are deferred, so a batch spreads out
 * instead of piling onto one peak of the surrogate.
 */
export function propose<P extends ParamValues>(
  space: SearchSpace<P>, forest: Forest, elite: readonly Elite[], seen: ReadonlySet<number>,
  count: number, rng: Uniform, opts: ProposalOptions,
): Proposal<P>[] {
  const d = space.dims.length;
  const m = opts.candidates;
  // Candidates are written straight into one buffer (no array per candidate) and scored unsnapped;
  // only picks are decoded, snapped and de-duplicated.
  const Xq = drawCandidates(space, elite, m, rng, opts.localShare);
  const { mean, std } = predictForest(forest, Xq, m);
  const acq = new Float64Array(m);
  for (let r = 0; r < m; r++) acq[r] = (mean[r] as number) + opts.exploration * (std[r] as number);
  const order = Array.from({ length: m }, (_, r) => r);
  order.sort((a, b) => (acq[b] as number) - (acq[a] as number));
  // Encodings of the snapped picks share a buffer (a new one when full); a rejected pick's slot is reused.
  let U = new Float64Array((count + SPACED) * d);
  let next = 0;
  const snap = (r: number): Proposal<P> => {
    if ((next + 1) * d > U.length) {
      U = new Float64Array(U.length);
      next = 0;
    }
    const params = decode(space, Xq, r * d);
    encodeInto(space, params, U, next * d);
    return { params, key: valuesKey(space as SearchSpace<ParamValues>, params), u: U, off: next * d };
  };
  const accept = () => {
    next++;
  };
  return pickSpread(order, snap, accept, seen, count, d);
}

/** m candidates (row-major in one buffer): uniform, or with probability `localShare` a Gaussian move around an elite point. */
function drawCandidates(space: SearchSpace<ParamValues>, elite: readonly Elite[], m: number, rng: Uniform, localShare: number): Float64Array {
  const d = space.dims.length;
  const isBool = space.dims.map((dim) => dim.kind === 'bool');
  const Xq = new Float64Array(m * d);
  for (let r = 0; r < m; r++) {
    const local = elite.length > 0 && rng() < localShare;
    // Step sizes from 0.02 to 0.2 of each range: small moves refine, large ones hop between basins.
    const sigma = 0.02 * 10 ** rng();
    if (local) {
      const centre = (elite[randomInt(rng, Math.min(elite.length, 5))] as Elite).u;
      perturbInto(rng, centre, sigma, isBool, 1 / d, Xq, r * d);
    } else {
      for (let j = 0; j < d; j++) Xq[r * d + j] = rng();
    }
  }
  return Xq;
}

function distance(a: Float64Array, aOff: number, b: Float64Array, bOff: number, d: number): number {
  let s = 0;
  for (let j = 0; j < d; j++) s += ((a[aOff + j] as number) - (b[bOff + j] as number)) ** 2;
  return Math.sqrt(s);
}

function pickSpread<P>(
  order: number[], snap: (r: number) => Proposal<P>, accept: () => void, seen: ReadonlySet<number>, count: number, d: number,
): Proposal<P>[] {
  const picked: Proposal<P>[] = [];
  const keys = new Set<number>();
  const deferred: Proposal<P>[] = [];
  for (const r of order) {
    if (picked.length >= count) break;
    const c = snap(r);
    if (seen.has(c.key) || keys.has(c.key)) continue;
    keys.add(c.key);
    accept();
    // Spacing is enforced against the first SPACED picks only, keeping large batches linear-time.
    if (picked.length < SPACED && picked.some((p) => distance(p.u, p.off, c.u, c.off, d) < MIN_BATCH_DISTANCE)) deferred.push(c);
    else picked.push(c);
  }
  for (const c of deferred) {
    if (picked.length >= count) break;
    picked.push(c);
  }
  return picked;
}
