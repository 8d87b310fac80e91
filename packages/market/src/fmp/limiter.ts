/**
 * At most `max` tasks at once; the others wait in arrival order. A finishing task hands its
 * slot straight to the next waiter, so the count never overshoots. FMP's plans cap requests
 * per minute: a few parallel requests keep a refresh of hundreds of symbols quick without a
 * burst of hundreds of sockets.
 */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1)
    throw new RangeError(`concurrency must be ≥ 1, got ${max}`);
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
