/**
 * Reusable storage for per-symbol indicator series. A worker that backtests many symbols one after
 * another builds hundreds of series per symbol; fresh typed arrays of that size cost an allocation,
 * zeroing and a page fault per 4 KiB on first write (more than computing a minute-bar series, and
 * the page faults serialise threads of one process), then garbage collection. With a pool, an
 * `IndicatorCache` takes its buffers here and `release()` gives them back for the next symbol.
 *
 * Buffers are kept by capacity class (bytes rounded up to a power of two), so symbols of different
 * lengths still reuse them; a view of the exact length is handed out. What a pool retains is at most
 * what one symbol used at once, rounded up.
 */
export class SeriesPool {
  private readonly free = new Map<number, ArrayBuffer[]>();

  /** A buffer of at least `bytes` bytes (contents unspecified). */
  take(bytes: number): ArrayBuffer {
    const cls = capacityClass(bytes);
    return this.free.get(cls)?.pop() ?? new ArrayBuffer(cls);
  }

  /** Returns a buffer obtained from `take`; it must no longer be read or written by the caller. */
  give(buffer: ArrayBuffer): void {
    const list = this.free.get(buffer.byteLength);
    if (list) list.push(buffer);
    else this.free.set(buffer.byteLength, [buffer]);
  }
}

/** Smallest power of two ≥ bytes (at least 64). */
function capacityClass(bytes: number): number {
  let c = 64;
  while (c < bytes) c *= 2;
  return c;
}
