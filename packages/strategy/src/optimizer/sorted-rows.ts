/** Presorted row orders for the forest's level-wise split search. */

/**
 * Row order of column f by value. Each value is mapped to an integer key on a grid of
 * 2^(53 − b) steps over the column's range with the row index in the low b bits, so one native
 * numeric sort of a Float64Array replaces a comparator sort (about 10× faster). Values closer
 * than 2^-(53−b) of the range may swap, which cannot change a split threshold that matters.
 */
export function argsortColumn(X: Float64Array, n: number, d: number, f: number): Int32Array {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = X[i * d + f] as number;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const bits = Math.max(1, Math.ceil(Math.log2(n)));
  const radix = 2 ** bits;
  const scale = hi > lo ? (2 ** (53 - bits) - 1) / (hi - lo) : 0;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = Math.floor(((X[i * d + f] as number) - lo) * scale) * radix + i;
  keys.sort();
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = (keys[k] as number) % radix;
  return order;
}

/** The global sorted orders restricted to this tree's bootstrap rows. */
export function inBagOrders(orders: Int32Array[], inBag: Uint8Array): LiveOrders {
  let length = 0;
  for (const b of inBag) length += b;
  const out = orders.map((o) => {
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

