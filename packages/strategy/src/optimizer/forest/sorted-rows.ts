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
  for (let i = 0; i < n; i++)
    keys[i] = Math.floor(((X[i * d + f] as number) - lo) * scale) * radix + i;
  return keys;
}

/** 2^b for n rows: the row index fits in the key's low b bits. */
export function keyRadix(n: number): number {
  return 2 ** Math.max(1, Math.ceil(Math.log2(n)));
}

/**
 * Sorts a few keys (below 2^53, distinct) in place: a counting pass into ~one bucket per key by
 * their top bits (bucket order = key order), then insertion sort, which has only the keys sharing
 * a bucket left to order. Falls back to the native sort when they are clustered (too many moves).
 * Distinct keys have one sorted order, so the result is the native sort's.
 */
export function sortKeys(keys: Float64Array): void {
  const len = keys.length;
  if (len > 512) {
    keys.sort();
    return;
  }
  const buckets = 2 ** Math.max(1, Math.ceil(Math.log2(len)));
  const scale = buckets / 2 ** 53;
  const count = new Int32Array(buckets + 1);
  for (let k = 0; k < len; k++) count[Math.floor((keys[k] as number) * scale) + 1]!++;
  for (let b = 1; b <= buckets; b++) count[b]! += count[b - 1] as number;
  const a = new Float64Array(len);
  for (let k = 0; k < len; k++)
    a[count[Math.floor((keys[k] as number) * scale)]!++] = keys[k] as number;
  let moves = 0;
  for (let k = 1; k < len && moves <= 8 * len; k++) {
    const v = a[k] as number;
    let j = k - 1;
    for (; j >= 0 && (a[j] as number) > v; j--) a[j + 1] = a[j] as number;
    a[j + 1] = v;
    moves += k - 1 - j;
  }
  if (moves > 8 * len) a.sort();
  keys.set(a);
}

/** Sorts keys in place and writes the row indices they carry to `out`. */
function rowsOfSorted(keys: Float64Array, radix: number, out: Int32Array): Int32Array {
  sortKeys(keys);
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

/**
 * Per-tree sorted row orders, grouped by the growing nodes of the current level: slot s's rows are
 * positions [start[s], start[s + 1]) of every order, each sorted by its feature. `spare` is a buffer
 * of the same size, swapped with an order as it is regrouped.
 */
export interface LiveOrders {
  orders: Int32Array[];
  length: number;
  spare?: Int32Array;
}

/**
 * Regroups every order by the next level's nodes, in `next` order, and drops rows in a leaf
 * (nodeOf −1). A stable distribution: a child's rows keep their order within the parent's group, so
 * each group stays sorted and a node's split scan sees the same row sequence as a scan of the whole
 * sorted order. Writes each slot's first position to `start` (start[next.length] = the live rows);
 * `pos` (by node id) is scratch.
 */
export function regroup(
  live: LiveOrders,
  nodeOf: Int32Array,
  next: readonly number[],
  start: Int32Array,
  pos: Int32Array,
): void {
  const first = live.orders[0] as Int32Array;
  for (const node of next) pos[node] = 0;
  for (let k = 0; k < live.length; k++) {
    const node = nodeOf[first[k] as number] as number;
    if (node >= 0) pos[node]!++;
  }
  let at = 0;
  for (let s = 0; s < next.length; s++) {
    start[s] = at;
    at += pos[next[s] as number] as number;
  }
  start[next.length] = at;
  let spare = live.spare ?? new Int32Array(first.length);
  for (let f = 0; f < live.orders.length; f++) {
    const o = live.orders[f] as Int32Array;
    for (let s = 0; s < next.length; s++) pos[next[s] as number] = start[s] as number;
    for (let k = 0; k < live.length; k++) {
      const i = o[k] as number;
      const node = nodeOf[i] as number;
      if (node >= 0) spare[pos[node]!++] = i;
    }
    live.orders[f] = spare;
    spare = o;
  }
  live.spare = spare;
  live.length = at;
}
