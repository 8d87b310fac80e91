import { seededUniform } from '@tradebot/strategy';

/**
 * Deterministic randomness for the demo market. Every stream is Mulberry32 (`seededUniform` of
 * @tradebot/strategy) seeded by a 32-bit hash of the universe seed and a key (a symbol, a sector,
 * a day), so a value depends only on what it describes and never on the order of the calls that
 * asked for other values. Integer arithmetic only (Math.imul, shifts): identical on every machine.
 */
export type Uniform = () => number;

/** FNV-1a, 32 bits, of a string's UTF-16 code units. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** MurmurHash3's finaliser over a sequence of 32-bit words: a well-mixed 32-bit key. */
export function mix(...words: number[]): number {
  let h = 0x9e3779b9;
  for (const w of words) {
    h = Math.imul(h ^ (w >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A uniform stream for `keys` under `seed`; strings are hashed, numbers taken as 32-bit words. */
export function streamFor(seed: number, ...keys: (string | number)[]): Uniform {
  return seededUniform(mix(seed, ...keys.map((k) => (typeof k === 'string' ? hashString(k) : k))));
}

/** A standard normal draw (Box–Muller; always consumes two uniforms). */
export function normal(u: Uniform): number {
  const a = u();
  const b = u();
  return Math.sqrt(-2 * Math.log(1 - a)) * Math.cos(2 * Math.PI * b);
}

/** Uniform in [lo, hi). */
export function between(u: Uniform, lo: number, hi: number): number {
  return lo + (hi - lo) * u();
}

/** exp(N(log median, sd)) clamped to [lo, hi]: sizes, prices and multiples are log-normal. */
export function logNormal(u: Uniform, median: number, sd: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, median * Math.exp(sd * normal(u))));
}

/** An element of a non-empty list. */
export function pick<T>(u: Uniform, list: readonly T[]): T {
  return list[Math.floor(u() * list.length)] as T;
}
