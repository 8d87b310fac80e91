/**
 * The one place the bench touches the backtest kernel: packages/strategy's `IndicatorCache` and
 * `simulate` (src/backtest/). Every bench run uses BENCH_CONFIG: the default backtest settings (costs
 * on: commission, slippage, partial fills, trailing stop), shorts allowed, a fixed seed.
 */
import {
  BACKTEST_SETTINGS_DEFAULTS,
  IndicatorCache,
  simulate,
  type BacktestConfig,
  type Recording,
  type SeriesPool,
  type SimResult,
  type StockParams,
} from '@tradebot/strategy';
import type { Bars } from './data.js';

export const KERNEL_NAME = 'packages/strategy kernel (IndicatorCache + simulate, src/backtest/)';

export const BENCH_CONFIG: Readonly<BacktestConfig> = {
  ...BACKTEST_SETTINGS_DEFAULTS,
  seed: 12_345,
  allowShort: true,
  shortAtrThreshold: 1.5,
};

export interface KernelSymbol {
  readonly cache: IndicatorCache;
  /** Builds every indicator series these parameter sets need, once per (indicator, period). */
  prepare(params: readonly StockParams[]): void;
  run(p: StockParams, start?: number, end?: number, record?: Recording): SimResult;
  /** Done with this symbol: its series go back to the pool (if any) for the next one. */
  release(): void;
}

/** `pool`: reuse series buffers from symbol to symbol (the worker passes one per thread). */
export function prepareSymbol(
  bars: Bars,
  config: BacktestConfig = BENCH_CONFIG,
  pool?: SeriesPool,
): KernelSymbol {
  const cache = new IndicatorCache(bars, pool);
  return {
    cache,
    release: () => cache.release(),
    prepare: (params) => cache.prepare(params),
    run: (p, start = 0, end = bars.close.length, record = false) =>
      simulate(cache.inputs(p), p, config, { start, end }, record),
  };
}
