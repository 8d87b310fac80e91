/**
 * The common shape of the incremental indicators (SmaIndicator, EmaIndicator, RsiIndicator,
 * AtrIndicator, MacdIndicator, BetaIndicator and AverageVolumeIndicator): the live bot feeds them
 * bar by bar, and each gives bit for bit what its batch form gives at the same bar.
 *
 * `T` is the value type (a number, or MacdValue for MACD). `In` is the argument list of `update`,
 * so single-price and bar-based indicators share one interface without wrapping each price in an
 * object: `[close]` for SMA, EMA, RSI and MACD, `[volume]` for average volume, `[high, low, close]`
 * for ATR and `[close, benchmarkClose]` for beta. A bar feeder passes the fields its indicator names.
 */
export interface IncrementalIndicator<T = number, In extends readonly number[] = [value: number]> {
  /** Adds the next bar and returns the value after it (the new `value`). */
  update(...input: In): T;
  /**
   * The latest value. NaN until the indicator is warm (MACD: NaN in each field not yet warm, the
   * line before the signal), never null, so a value can be stored in a Float64Array as it is.
   * After warm-up it may still be NaN where the indicator is undefined (beta of a flat benchmark).
   */
  readonly value: T;
  /** Whether enough bars have been fed for `value` to be warm (the batch form's first value). */
  readonly isReady: boolean;
  /** Forgets every bar fed so far, as if newly constructed with the same periods. */
  reset(): void;
}
