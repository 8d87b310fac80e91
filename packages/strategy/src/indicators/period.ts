/** Throws a RangeError unless `period` is an integer ≥ 1. */
export function checkPeriod(period: number, name = 'period'): void {
  if (!Number.isInteger(period) || period < 1) {
    throw new RangeError(`${name} must be an integer of at least 1, got ${period}`);
  }
}

/** A series of `n` NaNs: the warm-up part of every indicator output. */
export function nanSeries(n: number): Float64Array {
  return new Float64Array(n).fill(Number.NaN);
}

/**
 * The output series of a batch indicator whose values start at index `first`: `out` (a caller's
 * reusable buffer, e.g. from a `SeriesPool`, with NaN written before `first`; the indicator writes
 * the rest) when given, else a new series of NaNs. Reusing buffers spares a large series its
 * allocation and page faults, which cost more than computing it.
 */
export function outputSeries(n: number, first: number, out?: Float64Array): Float64Array {
  if (out === undefined) return nanSeries(n);
  if (out.length !== n) throw new RangeError(`out has ${out.length} values, expected ${n}`);
  return out.fill(Number.NaN, 0, Math.min(first, n));
}
