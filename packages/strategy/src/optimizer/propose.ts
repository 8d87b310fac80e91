import { predictForest, type Forest } from './forest.js';
import { perturb, randomInt, uniformPoint } from './sampling.js';
import { decode, encode, valuesKey, type ParamValues, type SearchSpace, type Uniform } from './space.js';

export interface ProposalOptions {
  /** Candidates scored by the surrogate per proposal round. */
  candidates: number;
  /** Weight κ of the across-tree spread in the acquisition mean + κ·std (upper confidence bound). */
  exploration: number;
  /** Share of candidates drawn near the best points so far (the rest are uniform). */
  localShare: number;
}

export interface Proposal<P> {
  /** Encoding of the snapped parameters. */
  u: Float64Array;
  params: P;
  /** `valuesKey` of params. */
  key: number;
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
  const isBool = space.dims.map((dim) => dim.kind === 'bool');
  const m = opts.candidates;
  const Xq = new Float64Array(m * d);
  const raws: Float64Array[] = [];
  for (let r = 0; r < m; r++) {
    const local = elite.length > 0 && rng() < opts.localShare;
    // Step sizes from 0.02 to 0.2 of each range: small moves refine, large ones hop between basins.
    const sigma = 0.02 * 10 ** rng();
    const centre = local ? (elite[randomInt(rng, Math.min(elite.length, 5))] as Elite).u : undefined;
    const raw = centre ? perturb(rng, centre, sigma, isBool, 1 / d) : uniformPoint(rng, d);
    // Candidates are scored unsnapped (cheap); only picks are decoded, snapped and de-duplicated.
    Xq.set(raw, r * d);
    raws.push(raw);
  }
  const { mean, std } = predictForest(forest, Xq, m);
  const order = Array.from({ length: m }, (_, r) => r);
  const acq = (r: number) => (mean[r] as number) + opts.exploration * (std[r] as number);
  order.sort((a, b) => acq(b) - acq(a));
  const snap = (r: number): Proposal<P> => {
    const params = decode(space, raws[r] as Float64Array);
    return { u: encode(space, params), params, key: valuesKey(space as SearchSpace<ParamValues>, params) };
  };
  return pickSpread(order, snap, seen, count);
}

function distance(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += ((a[j] as number) - (b[j] as number)) ** 2;
  return Math.sqrt(s);
}

function pickSpread<P>(
  order: number[], snap: (r: number) => Proposal<P>, seen: ReadonlySet<number>, count: number,
): Proposal<P>[] {
  const picked: Proposal<P>[] = [];
  const keys = new Set<number>();
  const deferred: Proposal<P>[] = [];
  for (const r of order) {
    if (picked.length >= count) break;
    const c = snap(r);
    if (seen.has(c.key) || keys.has(c.key)) continue;
    keys.add(c.key);
    // Spacing is enforced against the first SPACED picks only, keeping large batches linear-time.
    if (picked.length < SPACED && picked.some((p) => distance(p.u, c.u) < MIN_BATCH_DISTANCE)) deferred.push(c);
    else picked.push(c);
  }
  for (const c of deferred) {
    if (picked.length >= count) break;
    picked.push(c);
  }
  return picked;
}
