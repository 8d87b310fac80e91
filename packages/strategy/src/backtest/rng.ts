/**
 * Mulberry32 (Tommy Ettinger, public domain), split into a state step and an output function so
 * the kernel keeps the 32-bit state in a local and allocates no closure. `seededUniform(seed)`
 * gives the same sequence as `mulberry32(seed)` in optimizer/testing.ts.
 */
export function mulberryStep(state: number): number {
  return (state + 0x6d2b79f5) >>> 0;
}

/** The uniform in [0, 1) that mulberry32 outputs for an already stepped state. */
export function mulberryOutput(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) * 2.3283064365386963e-10; // × 2^−32: exact, as the division
}

/** A seeded uniform generator in [0, 1): the package's RNG for callers that want a function. */
export function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => mulberryOutput((a = mulberryStep(a)));
}
