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
  u: Float64Array;
  params: P;
}

/** Evaluated points sorted best first; the centres for local candidates. */
export interface Elite {
  u: Float64Array;
}

const MIN_BATCH_DISTANCE = 0.15;
const SPACED = 32;

/**
 * Draws candidates (uniform + Gaussian moves around the elite), snaps each to the grid the
 * objective actually sees (integers rounded, orderings repaired), scores it by the forest's
 * mean + κ·std, and returns the best `count` not yet evaluated. Within one batch, picks closer
 * than MIN_BATCH_DISTANCE (unit-cube L2) to an earlier pick are deferred, so a batch spreads out
 * instead of piling onto one peak of the surrogate.
 */
export function propose<P extends ParamValues>(
  space: SearchSpace<P>, forest: Forest, elite: readonly Elite[], seen: ReadonlySet<string>,
  count: number, rng: Uniform, opts: ProposalOptions,
): Proposal<P>[] {
  const d = space.dims.length;
  const isBool = space.dims.map((dim) => dim.kind === 'bool');
  const m = opts.candidates;
  const Xq = new Float64Array(m * d);
  const cands: Proposal<P>[] = [];
  for (let r = 0; r < m; r++) {
    const local = elite.length > 0 && rng() < opts.localShare;
    // Step sizes from 0.02 to 0.2 of each range: small moves refine, large ones hop between basins.
    const sigma = 0.02 * 10 ** rng();
    const centre = local ? (elite[randomInt(rng, Math.min(elite.length, 5))] as Elite).u : undefined;
    const raw = centre ? perturb(rng, centre, sigma, isBool, 1 / d) : uniformPoint(rng, d);
    const params = decode(space, raw);
    const u = encode(space, params);
    Xq.set(u, r * d);
    cands.push({ u, params });
  }
  const { mean, std } = predictForest(forest, Xq, m);
  const order = Array.from({ length: m }, (_, r) => r);
  const acq = (r: number) => (mean[r] as number) + opts.exploration * (std[r] as number);
  order.sort((a, b) => acq(b) - acq(a));
  return pickSpread(order, cands, seen, count, (p) => valuesKey(space as SearchSpace<ParamValues>, p));
}

function distance(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += ((a[j] as number) - (b[j] as number)) ** 2;
  return Math.sqrt(s);
}

function pickSpread<P>(
  order: number[], cands: Proposal<P>[], seen: ReadonlySet<string>, count: number, keyOf: (p: P) => string,
): Proposal<P>[] {
  const picked: Proposal<P>[] = [];
  const keys = new Set<string>();
  const deferred: Proposal<P>[] = [];
  for (const r of order) {
    if (picked.length >= count) break;
    const c = cands[r] as Proposal<P>;
    const key = keyOf(c.params);
    if (seen.has(key) || keys.has(key)) continue;
    keys.add(key);
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
