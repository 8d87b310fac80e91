/**
 * STAND-IN kernel, used only while packages/strategy has no backtester: the same rules as
 * reference.ts over typed-array indicator caches, so the harness, worker scaling and reference
 * ratios can be exercised. kernel.ts picks the package's kernel when it exists.
 * Indicator conventions follow technicalindicators (EMA seeded by an SMA, Wilder RSI/ATR, RSI
 * rounded to 2 decimals) so trades can be compared one for one.
 */
import type { StockParams } from '../../packages/strategy/src/params.js';
import type { Bars } from './data.js';
import { simulateRules, type RuleInputs, type RunResult } from './rules.js';

export function sma(v: Float64Array, p: number): Float64Array {
  const out = new Float64Array(v.length).fill(Number.NaN);
  let s = 0;
  for (let i = 0; i < v.length; i++) {
    s += v[i] as number;
    if (i >= p) s -= v[i - p] as number;
    if (i >= p - 1) out[i] = s / p;
  }
  return out;
}

/** EMA over v from index `from` (earlier values NaN), seeded by the SMA of its first p values. */
export function ema(v: Float64Array, p: number, from = 0): Float64Array {
  const out = new Float64Array(v.length).fill(Number.NaN);
  const k = 2 / (p + 1);
  let s = 0;
  for (let i = from; i < v.length; i++) {
    const x = v[i] as number;
    if (i < from + p - 1) s += x;
    else if (i === from + p - 1) out[i] = (s + x) / p;
    else out[i] = (x - (out[i - 1] as number)) * k + (out[i - 1] as number);
  }
  return out;
}

/** Wilder RSI, first value at index p, rounded to 2 decimals as technicalindicators does. */
export function rsi(c: Float64Array, p: number): Float64Array {
  const out = new Float64Array(c.length).fill(Number.NaN);
  let g = 0;
  let l = 0;
  for (let i = 1; i < c.length; i++) {
    const ch = (c[i] as number) - (c[i - 1] as number);
    const gain = ch > 0 ? ch : 0;
    const loss = ch < 0 ? -ch : 0;
    if (i <= p) {
      g += gain;
      l += loss;
      if (i < p) continue;
      g /= p;
      l /= p;
    } else {
      g = (g * (p - 1) + gain) / p;
      l = (l * (p - 1) + loss) / p;
    }
    out[i] = l === 0 ? 100 : g === 0 ? 0 : parseFloat((100 - 100 / (1 + g / l)).toFixed(2));
  }
  return out;
}

/** Wilder ATR over true ranges from bar 1, first value at index p. */
export function atr(b: Bars, p: number): Float64Array {
  const n = b.close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  let a = 0;
  for (let i = 1; i < n; i++) {
    const pc = b.close[i - 1] as number;
    const h = b.high[i] as number;
    const lo = b.low[i] as number;
    const tr = Math.max(h - lo, Math.abs(h - pc), Math.abs(lo - pc));
    if (i <= p) {
      a += tr;
      if (i === p) out[i] = a /= p;
    } else out[i] = a = (a * (p - 1) + tr) / p;
  }
  return out;
}

/** Per-symbol cache: each (indicator, period) computed once, shared by all parameter sets. */
export class IndicatorCache {
  private readonly m = new Map<string, Float64Array>();
  constructor(readonly bars: Bars) {}
  private get(key: string, make: () => Float64Array): Float64Array {
    let v = this.m.get(key);
    if (!v) this.m.set(key, (v = make()));
    return v;
  }
  inputs(p: StockParams): RuleInputs {
    const c = this.bars.close;
    const macd = this.get(`macd:${p.macd_fast}:${p.macd_slow}`, () => {
      const f = this.get(`ema:${p.macd_fast}`, () => ema(c, p.macd_fast));
      const s = this.get(`ema:${p.macd_slow}`, () => ema(c, p.macd_slow));
      return f.map((x, i) => x - (s[i] as number));
    });
    return {
      bars: this.bars,
      rsi: this.get(`rsi:${p.rsi_period}`, () => rsi(c, p.rsi_period)),
      macd,
      signal: this.get(`sig:${p.macd_fast}:${p.macd_slow}`, () => ema(macd, 9, p.macd_slow - 1)),
      sma: this.get(`sma:${p.sma_period}`, () => sma(c, p.sma_period)),
      atr: this.get(`atr:${p.atr_period}`, () => atr(this.bars, p.atr_period)),
    };
  }
}

export function standinRun(cache: IndicatorCache, p: StockParams, start = 0, end = cache.bars.close.length): RunResult {
  return simulateRules(cache.inputs(p), p, start, end);
}
