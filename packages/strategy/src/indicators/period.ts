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
