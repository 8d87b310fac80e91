/**
 * The one place the bench touches the backtest kernel. Until packages/strategy exports its
 * `simulate` kernel this points at the stand-in (same rules as reference.ts); swap the body of
 * `prepareSymbol` to benchmark the package's kernel.
 */
import type { StockParams } from '../../packages/strategy/src/params.js';
import type { Bars } from './data.js';
import type { RunResult } from './rules.js';
import { simulateRules } from './rules.js';
import { IndicatorCache } from './standin-kernel.js';

export const KERNEL_NAME = 'bench stand-in kernel (bench/lib/standin-kernel.ts)';

export interface KernelSymbol {
  /** Builds every indicator series these parameter sets need, once per (indicator, period). */
  prepare(params: readonly StockParams[]): void;
  run(p: StockParams, start?: number, end?: number, record?: boolean): RunResult;
}

export function prepareSymbol(bars: Bars): KernelSymbol {
  const cache = new IndicatorCache(bars);
  return {
    prepare: (params) => params.forEach((p) => cache.inputs(p)),
    run: (p, start = 0, end = bars.close.length, record = false) => simulateRules(cache.inputs(p), p, start, end, record),
  };
}
