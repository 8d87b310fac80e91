/**
 * The one place the package reads the wall clock: the default time source of `DemoClock` and of
 * the Alpaca adapter's clock (which follows the wall clock, corrected by Alpaca's timestamp).
 */
export const systemWallTime = (): number => Date.now();
