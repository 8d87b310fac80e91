import type { Uniform } from './types.js';

/** Integer in [0, n) from a uniform source. */
export function randomInt(rng: Uniform, n: number): number {
  return Math.min(Math.floor(rng() * n), n - 1);
}

/** Fisher–Yates shuffle in place. */
export function shuffle(rng: Uniform, a: Int32Array): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const t = a[i] as number;
    a[i] = a[j] as number;
    a[j] = t;
  }
}

/** Standard normal by Box–Muller (one of the pair is discarded: simplicity over speed here). */
export function gaussian(rng: Uniform): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Latin hypercube sample of n points in [0,1)^d (McKay, Beckman & Conover 1979): each axis is cut
 * into n equal strata and every stratum holds exactly one point, so even a small initial design
 * covers each parameter's whole range. Booleans decode at 0.5, so they come out balanced.
 */
export function latinHypercube(rng: Uniform, n: number, d: number): Float64Array[] {
  const points = Array.from({ length: n }, () => new Float64Array(d));
  const perm = new Int32Array(n);
  for (let j = 0; j < d; j++) {
    for (let i = 0; i < n; i++) perm[i] = i;
    shuffle(rng, perm);
    for (let i = 0; i < n; i++) (points[i] as Float64Array)[j] = ((perm[i] as number) + rng()) / n;
  }
  return points;
}

/** Independent uniform point in [0,1)^d. */
export function uniformPoint(rng: Uniform, d: number): Float64Array {
  const u = new Float64Array(d);
  for (let j = 0; j < d; j++) u[j] = rng();
  return u;
}

/**
 * Local move around `centre`: each coordinate gets Gaussian noise of `sigma` (reflected at the
 * cube's faces so mass is not piled up on the bounds), and boolean coordinates are flipped with
 * probability `flip`. Used to exploit the neighbourhood of the best points found so far.
 */
export function perturb(
  rng: Uniform,
  centre: ArrayLike<number>,
  sigma: number,
  isBool: readonly boolean[],
  flip: number,
): Float64Array {
  const u = new Float64Array(centre.length);
  perturbInto(rng, centre, sigma, isBool, flip, u, 0);
  return u;
}

/** `perturb` written into `out` at `off` (no allocation; the same draws in the same order). */
export function perturbInto(
  rng: Uniform,
  centre: ArrayLike<number>,
  sigma: number,
  isBool: readonly boolean[],
  flip: number,
  out: Float64Array,
  off: number,
): void {
  const d = centre.length;
  for (let j = 0; j < d; j++) {
    const c = centre[j] as number;
    if (isBool[j]) {
      const on = c >= 0.5;
      out[off + j] = rng() < flip ? (on ? 0.25 : 0.75) : c;
      continue;
    }
    let x = c + sigma * gaussian(rng);
    x = Math.abs(x) % 2;
    out[off + j] = x > 1 ? 2 - x : x;
  }
}
