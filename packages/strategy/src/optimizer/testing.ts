import type { Uniform } from './space/types.js';

/**
 * Mulberry32 (Tommy Ettinger, public domain): a tiny seeded 32-bit generator for tests and
 * examples. Production callers pass the package's seeded RNG instead.
 */
export function mulberry32(seed: number): Uniform {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
