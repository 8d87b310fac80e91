import {
  STOCK_PARAM_BOUNDS,
  STOCK_PARAM_DEFAULTS,
  type NumericParam,
  type StockParams,
} from '../../params.js';
import { codecOf, keyOfValues } from './codec.js';
import type { Dimension, ParamValues, SearchSpace } from './types.js';

/** Number of unit-cube coordinates (one per dimension, booleans included). */
export function dimensionCount(space: SearchSpace<ParamValues>): number {
  return space.dims.length;
}

function decodeOne(dim: Dimension, u: number): number | boolean {
  const c = Math.min(Math.max(u, 0), 1);
  if (dim.kind === 'bool') return c >= 0.5;
  if (dim.kind === 'float') return dim.lo + c * (dim.hi - dim.lo);
  // Integers: split [0, 1] into hi-lo+1 equal cells so every integer is equally likely.
  const cells = dim.hi - dim.lo + 1;
  return Math.min(dim.lo + Math.floor(c * cells), dim.hi);
}

function encodeOne(dim: Dimension, v: number | boolean): number {
  if (dim.kind === 'bool') return v ? 0.75 : 0.25;
  const x = Number(v);
  if (dim.kind === 'float') return dim.hi === dim.lo ? 0.5 : (x - dim.lo) / (dim.hi - dim.lo);
  // Centre of the integer's cell, so encode(decode(u)) is stable.
  return (x - dim.lo + 0.5) / (dim.hi - dim.lo + 1);
}

/** Each `[a, b]` ordering resolved to its two numeric dimensions, once per space. */
const resolvedOrders = new WeakMap<object, readonly (readonly [Dimension, Dimension])[]>();

function orderedDims(
  space: SearchSpace<ParamValues>,
): readonly (readonly [Dimension, Dimension])[] {
  let pairs = resolvedOrders.get(space);
  if (!pairs) {
    const found: (readonly [Dimension, Dimension])[] = [];
    for (const [a, b] of space.ordered ?? []) {
      const da = space.dims.find((d) => d.name === a);
      const db = space.dims.find((d) => d.name === b);
      if (da && db && da.kind !== 'bool' && db.kind !== 'bool') found.push([da, db]);
    }
    resolvedOrders.set(space, found);
    pairs = found;
  }
  return pairs;
}

/**
 * Enforces each `[a, b]` ordering by raising b to the smallest allowed value above a
 * (a + 1 for integers), or lowering a if b is already at its upper bound.
 */
function repairOrder(space: SearchSpace<ParamValues>, values: ParamValues): void {
  for (const [da, db] of orderedDims(space)) {
    if (db.kind === 'bool') continue;
    const va = Number(values[da.name]);
    const vb = Number(values[db.name]);
    if (vb > va) continue;
    const step = db.kind === 'int' ? 1 : 1e-9 * Math.max(1, Math.abs(va));
    if (va + step <= db.hi) values[db.name] = va + step;
    else values[da.name] = da.kind === 'int' ? db.hi - 1 : db.hi - step;
  }
}

/** Maps a unit-cube point (at `off` in `u`) to parameter values: rounding integers and repairing orderings. */
export function decode<P extends ParamValues>(
  space: SearchSpace<P>,
  u: ArrayLike<number>,
  off = 0,
): P {
  const values: ParamValues = { ...(space.fixed ?? {}) } as ParamValues;
  const { dims } = space;
  for (let j = 0; j < dims.length; j++) {
    const dim = dims[j] as Dimension;
    values[dim.name] = decodeOne(dim, u[off + j] ?? 0.5);
  }
  if (space.ordered) repairOrder(space, values);
  return values as P;
}

/** Maps parameter values back to the unit cube (the features the surrogate is trained on). */
export function encode<P extends ParamValues>(space: SearchSpace<P>, values: P): Float64Array {
  const u = new Float64Array(space.dims.length);
  encodeInto(space, values, u, 0);
  return u;
}

/** `encode` written into `out` at `off`, without allocating. */
export function encodeInto<P extends ParamValues>(
  space: SearchSpace<P>,
  values: P,
  out: Float64Array,
  off: number,
): void {
  const { dims } = space;
  for (let j = 0; j < dims.length; j++) {
    const dim = dims[j] as Dimension;
    out[off + j] = encodeOne(dim, values[dim.name] as number | boolean);
  }
}

/**
 * A key for de-duplicating proposals (integers and booleans collide often): a 53-bit hash of the
 * values, floats quantised to 1e-9 of their range. A number, not a string, because it is computed
 * for every candidate picked and every evaluation, where string keys were the top cost in profiles.
 * Two different parameter sets share a key with probability about 2^-53 per pair; the only effect
 * of such a collision would be one point not evaluated.
 */
export function valuesKey(space: SearchSpace<ParamValues>, values: ParamValues): number {
  const { dims } = space;
  const v = new Float64Array(dims.length);
  for (let j = 0; j < dims.length; j++) v[j] = Number(values[(dims[j] as Dimension).name]);
  return keyOfValues(codecOf(space), v, 0);
}

const STOCK_NUMERIC_ORDER: readonly NumericParam[] = Object.keys(
  STOCK_PARAM_BOUNDS,
) as NumericParam[];

/**
 * The per-stock search space: every numeric field over its `search` range from
 * STOCK_PARAM_BOUNDS (integers rounded), both MACD booleans, and macd_slow > macd_fast.
 * `exclude` keeps fields at `fixedValues` (default STOCK_PARAM_DEFAULTS) instead of searching them,
 * e.g. risk_per_trade when the account's risk setting should not be tuned.
 */
export function stockSearchSpace(
  exclude: readonly (keyof StockParams)[] = [],
  fixedValues: Partial<StockParams> = {},
): SearchSpace<StockParams & ParamValues> {
  const dims: Dimension[] = [];
  const fixed: Partial<StockParams> = {};
  for (const name of STOCK_NUMERIC_ORDER) {
    const b = STOCK_PARAM_BOUNDS[name];
    if (exclude.includes(name)) fixed[name] = fixedValues[name] ?? STOCK_PARAM_DEFAULTS[name];
    else dims.push({ name, kind: b.integer ? 'int' : 'float', lo: b.search[0], hi: b.search[1] });
  }
  for (const name of ['macd_crossover', 'macd_crossunder'] as const) {
    if (exclude.includes(name)) fixed[name] = fixedValues[name] ?? STOCK_PARAM_DEFAULTS[name];
    else dims.push({ name, kind: 'bool' });
  }
  return {
    dims,
    ordered: [['macd_fast', 'macd_slow']],
    fixed: fixed,
  };
}
