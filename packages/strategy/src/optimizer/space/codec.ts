import type { Dimension, ParamValues, SearchSpace } from './types.js';

/**
 * A search space compiled once for the proposal hot path: dimension kinds and bounds in typed
 * arrays, orderings as index pairs and a template object in decode's key order. Candidates are
 * snapped, keyed and encoded as plain numbers (booleans as 0/1); a parameter object is built only
 * for a pick. Every function here gives bit-for-bit what `decode`, `valuesKey` and `encodeInto`
 * give on the corresponding object.
 */
export interface Codec {
  d: number;
  /** 0 float, 1 int, 2 bool. */
  kind: Uint8Array;
  lo: Float64Array;
  hi: Float64Array;
  names: readonly string[];
  /** `[a, b]` orderings between numeric dimensions, as dimension indices (a at 2k, b at 2k + 1). */
  pairs: Int32Array;
  /** `fixed` values followed by every dimension: cloned for each decoded point (same key order as decode). */
  template: ParamValues;
}

const FLOAT = 0;
const INT = 1;
const BOOL = 2;

const codecs = new WeakMap<object, Codec>();

/** The space's codec (built on first use; a space is not expected to change after use). */
export function codecOf(space: SearchSpace<ParamValues>): Codec {
  let c = codecs.get(space);
  if (!c) {
    c = buildCodec(space);
    codecs.set(space, c);
  }
  return c;
}

function buildCodec(space: SearchSpace<ParamValues>): Codec {
  const { dims } = space;
  const d = dims.length;
  const kind = new Uint8Array(d);
  const lo = new Float64Array(d);
  const hi = new Float64Array(d);
  const template: ParamValues = { ...(space.fixed ?? {}) } as ParamValues;
  dims.forEach((dim, j) => {
    kind[j] = dim.kind === 'float' ? FLOAT : dim.kind === 'int' ? INT : BOOL;
    if (dim.kind !== 'bool') {
      lo[j] = dim.lo;
      hi[j] = dim.hi;
    }
    template[dim.name] = dim.kind === 'bool' ? false : dim.kind === 'int' ? dim.lo : 0.5;
  });
  const idx = (name: string) => dims.findIndex((x: Dimension) => x.name === name);
  const pairs: number[] = [];
  for (const [a, b] of space.ordered ?? []) {
    const ia = idx(a);
    const ib = idx(b);
    if (ia >= 0 && ib >= 0 && kind[ia] !== BOOL && kind[ib] !== BOOL) pairs.push(ia, ib);
  }
  return {
    d,
    kind,
    lo,
    hi,
    names: dims.map((x) => x.name),
    pairs: Int32Array.from(pairs),
    template,
  };
}

/** `decode`'s values (booleans as 0/1) of the point at `off` in `u`, written at `vOff` in `v`. */
export function decodeValues(
  c: Codec,
  u: Float64Array,
  off: number,
  v: Float64Array,
  vOff: number,
): void {
  const { d, kind, lo, hi, pairs } = c;
  for (let j = 0; j < d; j++) {
    const x = u[off + j] as number;
    const k = kind[j] as number;
    const cl = Math.min(Math.max(x, 0), 1);
    if (k === BOOL) {
      v[vOff + j] = cl >= 0.5 ? 1 : 0;
    } else {
      const l = lo[j] as number;
      const h = hi[j] as number;
      v[vOff + j] = k === FLOAT ? l + cl * (h - l) : Math.min(l + Math.floor(cl * (h - l + 1)), h);
    }
  }
  // The orderings, repaired as in space.ts (b raised above a, or a lowered when b is at its top).
  for (let p = 0; p < pairs.length; p += 2) {
    const ia = pairs[p] as number;
    const ib = pairs[p + 1] as number;
    const va = v[vOff + ia] as number;
    if ((v[vOff + ib] as number) > va) continue;
    const bInt = kind[ib] === INT;
    const step = bInt ? 1 : 1e-9 * Math.max(1, Math.abs(va));
    const hb = hi[ib] as number;
    if (va + step <= hb) v[vOff + ib] = va + step;
    else v[vOff + ia] = kind[ia] === INT ? hb - 1 : hb - step;
  }
}

/**
 * The de-duplication key (`valuesKey`) of the values at `off` in `v` (booleans as 0/1): a 53-bit hash,
 * floats quantised to 1e-9 of their range.
 */
export function keyOfValues(c: Codec, v: Float64Array, off: number): number {
  const { d, kind, lo, hi } = c;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let j = 0; j < d; j++) {
    const x = v[off + j] as number;
    const l = lo[j] as number;
    const q = kind[j] === FLOAT ? Math.round(((x - l) / ((hi[j] as number) - l || 1)) * 1e9) : x;
    const qlo = q >>> 0;
    const qhi = Math.floor(q / 4294967296) >>> 0;
    h1 = Math.imul(h1 ^ qlo, 0x01000193) ^ Math.imul(qhi, 0x5bd1e995);
    h2 = Math.imul(h2 ^ (qlo + 0x9e3779b9), 0x85ebca6b) ^ Math.imul(qhi ^ h1, 0xc2b2ae35);
  }
  h1 ^= h1 >>> 15;
  h2 ^= h2 >>> 13;
  return (h1 >>> 0) * 2097152 + ((h2 >>> 0) & 0x1fffff);
}

/** `encodeInto` of the values at `off` in `v`, written at `outOff` in `out`. */
export function encodeValues(
  c: Codec,
  v: Float64Array,
  off: number,
  out: Float64Array,
  outOff: number,
): void {
  const { d, kind, lo, hi } = c;
  for (let j = 0; j < d; j++) {
    const x = v[off + j] as number;
    const k = kind[j] as number;
    const l = lo[j] as number;
    const h = hi[j] as number;
    out[outOff + j] =
      k === BOOL
        ? x !== 0
          ? 0.75
          : 0.25
        : k === FLOAT
          ? h === l
            ? 0.5
            : (x - l) / (h - l)
          : (x - l + 0.5) / (h - l + 1);
  }
}

/** The parameter object of the values at `off` in `v` (the object `decode` returns). */
export function paramsOf<P extends ParamValues>(c: Codec, v: Float64Array, off: number): P {
  const p: ParamValues = { ...c.template };
  const { d, kind, names } = c;
  for (let j = 0; j < d; j++) {
    const x = v[off + j] as number;
    p[names[j] as string] = kind[j] === BOOL ? x !== 0 : x;
  }
  return p as P;
}
