/**
 * Order statistics on a scratch buffer, without sorting it: `selectKth` moves the k-th smallest
 * value to index k with everything before it ≤ and everything after it ≥ (Hoare partitioning,
 * median-of-three pivot), in linear expected time. The buffer's order is changed.
 */
export function selectKth(a: Float64Array, k: number, from = 0, to = a.length - 1): number {
  let lo = from;
  let hi = to;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot: sorted a[lo] ≤ a[mid] ≤ a[hi].
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    // Here a[lo..j] ≤ pivot ≤ a[i..hi], and every index between j and i holds the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k]!;
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/**
 * Quantiles of `a` (ascending `qs` in [0, 1]) with linear interpolation between order statistics
 * (Hyndman & Fan type 7, as numpy's default): position (n − 1)·q. Reorders `a`.
 */
export function quantilesInPlace(a: Float64Array, qs: readonly number[]): number[] {
  const n = a.length;
  const out: number[] = [];
  let from = 0;
  for (const q of qs) {
    const h = (n - 1) * q;
    const k = Math.floor(h);
    const low = selectKth(a, k, from, n - 1);
    let value = low;
    if (h > k) {
      // The next order statistic is the smallest value to the right of k.
      let next = a[k + 1]!;
      for (let i = k + 2; i < n; i++) if (a[i]! < next) next = a[i]!;
      value = low + (h - k) * (next - low);
    }
    out.push(value);
    // Each larger quantile lies at k or to its right.
    from = k;
  }
  return out;
}
