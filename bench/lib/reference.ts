/**
 * The straightforward reference: for every parameter set, compute its indicators from plain arrays
 * with technicalindicators (nothing shared between parameter sets), then run the same rules.
 */
import type { StockParams } from '../../packages/strategy/src/params.js';
import type { Bars } from './data.js';
import { simulateRules, type RunResult } from './rules.js';
import { tiIndicators } from './ti-indicators.js';

export function referenceRun(bars: Bars, p: StockParams, record = false): RunResult {
  const close = Array.from(bars.close);
  const ind = tiIndicators(close, Array.from(bars.high), Array.from(bars.low), p);
  return simulateRules({ bars, ...ind }, p, 0, close.length, record);
}
