/** Presorted row orders for the forest's level-wise split search. */

/**
 * Sort keys of column f: each value is mapped to an integer on a grid of 2^(53 − b) steps over the
 * column's range with the row index in the low b bits (b = ⌈log2 n⌉), so one native numeric sort of
 * a Float64Array replaces a comparator sort (about 10× faster) and ties break by row index. Values
 * closer than 2^-(53−b) of the range may swap, which cannot change a split threshold that matters.
 */
export function columnKeys(X: Float64Array, n: number, d: number, f: number): Float64Array {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = X[i * d + f] as number;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const radix = keyRadix(n);
  const scale = hi > lo ? (2 ** 53 / radix - 1) / (hi - lo) : 0;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = Math.floor(((X[i * d + f] as number) - lo) * scale) * radix + i;
  return keys;
}

/** 2^b for n rows: the row index fits in the key's low b bits. */
export function keyRadix(n: number): number {
  return 2 ** Math.max(1, Math.ceil(Math.log2(n)));
}

/** Sorts keys in place and writes the row indices they carry to `out`. */
function rowsOfSorted(keys: Float64Array, radix: number, out: Int32Array): Int32Array {
  keys.sort();
  // The row index is the key's low bits; floor-based (exact on these integers), as % on doubles is ~4× slower.
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as number;
    out[k] = key - Math.floor(key / radix) * radix;
  }
  return out;
}

/** Row order of column f by value (see `columnKeys`). */
export function argsortColumn(X: Float64Array, n: number, d: number, f: number): Int32Array {
  return rowsOfSorted(columnKeys(X, n, d, f), keyRadix(n), new Int32Array(n));
}

/**
 * What each tree's sorted orders are built from: the global orders (small n), or each column's
 * sort keys when n is well above the rows a tree draws, so that a tree sorts only its own rows
 * instead of filtering n-row orders (and no n-row sort per column is needed). Both give the same orders.
 */
export interface Presorted {
  n: number;
  orders: Int32Array[] | null;
  keys: Float64Array[] | null;
}

export function presort(X: Float64Array, n: number, d: number, sampleSize: number): Presorted {
  const cols = Array.from({ length: d }, (_, f) => f);
  if (n > 2 * sampleSize) return { n, orders: null, keys: cols.map((f) => columnKeys(X, n, d, f)) };
  return { n, orders: cols.map((f) => argsortColumn(X, n, d, f)), keys: null };
}

/** The sorted orders restricted to this tree's bootstrap rows. */
export function inBagOrders(pre: Presorted, inBag: Uint8Array): LiveOrders {
  let length = 0;
  for (let i = 0; i < inBag.length; i++) length += inBag[i] as number;
  if (pre.keys) {
    const rows = new Int32Array(length);
    for (let i = 0, m = 0; i < inBag.length; i++) if (inBag[i]) rows[m++] = i;
    const buf = new Float64Array(length);
    const radix = keyRadix(pre.n);
    const out = pre.keys.map((keys) => {
      for (let k = 0; k < length; k++) buf[k] = keys[rows[k] as number] as number;
      return rowsOfSorted(buf, radix, new Int32Array(length));
    });
    return { orders: out, length };
  }
  const out = (pre.orders ?? []).map((o) => {
    const r = new Int32Array(length);
    let m = 0;
    for (let k = 0; k < o.length; k++) if (inBag[o[k] as number]) r[m++] = o[k] as number;
    return r;
  });
  return { orders: out, length };
}

/** Per-tree sorted row orders holding only rows still in a growing node (in-bag, not in a leaf). */
export interface LiveOrders {
  orders: Int32Array[];
  length: number;
}

/**
 * Drops rows that left the growing frontier from every feature order, keeping them sorted, so
 * later levels scan only live rows. Skipped while fewer than a quarter of the rows are dead.
 */
export function compact(live: LiveOrders, nodeOf: Int32Array): void {
  const first = live.orders[0] as Int32Array;
  let alive = 0;
  for (let k = 0; k < live.length; k++) if ((nodeOf[first[k] as number] as number) >= 0) alive++;
  if (alive > 0.75 * live.length) return;
  for (const o of live.orders) {
    let m = 0;
    for (let k = 0; k < live.length; k++) {
      const i = o[k] as number;
      if ((nodeOf[i] as number) >= 0) o[m++] = i;
    }
  }
  live.length = alive;
}

