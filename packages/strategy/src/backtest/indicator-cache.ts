import type { Bars } from '../bars.js';
import { atr, ema, rsi, sma } from '../indicators/index.js';
import type { StockParams } from '../params.js';
import { sideOf, type StrategyInputs } from '../signals/types.js';

/** MACD line and its EMA(9) signal for one (fast, slow) pair. */
interface MacdPair {
  macd: Float64Array;
  signal: Float64Array;
  side: Int8Array;
}

/** MACD signal period: fixed at 9 by the rules (README "Inputs"). */
const SIGNAL_PERIOD = 9;

/**
 * Per-symbol indicator cache: each (indicator, period) is computed once over all bars and shared by
 * every parameter set (an optimizer run asks for the same few periods thousands of times). Keys are
 * numbers, not concatenated strings, so a lookup costs no allocation; EMAs are cached by period so
 * MACD pairs sharing a fast or slow period reuse them.
 */
export class IndicatorCache {
  private readonly rsiBy = new Map<number, Float64Array>();
  private readonly smaBy = new Map<number, Float64Array>();
  private readonly trendBy = new Map<number, Int8Array>();
  private readonly atrBy = new Map<number, Float64Array>();
  private readonly emaBy = new Map<number, Float64Array>();
  private readonly macdBy = new Map<number, MacdPair>();

  constructor(readonly bars: Bars) {}

  /** The inputs `simulate` and the signals read for `p`, computing what is missing. */
  inputs(p: StockParams): StrategyInputs {
    const m = this.macdPair(p.macd_fast, p.macd_slow);
    return {
      bars: this.bars,
      rsi: this.rsi(p.rsi_period),
      macd: m.macd,
      signal: m.signal,
      sma: this.sma(p.sma_period),
      atr: this.atr(p.atr_period),
      trend: this.trend(p.sma_period),
      macdSide: m.side,
    };
  }

  /** Computes everything these parameter sets need up front (e.g. before timing the kernel). */
  prepare(params: readonly StockParams[]): void {
    for (const p of params) this.inputs(p);
  }

  rsi(period: number): Float64Array {
    let v = this.rsiBy.get(period);
    if (v === undefined) this.rsiBy.set(period, (v = rsi(this.bars.close, period)));
    return v;
  }

  sma(period: number): Float64Array {
    let v = this.smaBy.get(period);
    if (v === undefined) this.smaBy.set(period, (v = sma(this.bars.close, period)));
    return v;
  }

  /** sign(close − SMA(period)) per bar (see `StrategyInputs.trend`). */
  trend(period: number): Int8Array {
    let v = this.trendBy.get(period);
    if (v === undefined) this.trendBy.set(period, (v = sideOf(this.bars.close, this.sma(period))));
    return v;
  }

  atr(period: number): Float64Array {
    let v = this.atrBy.get(period);
    if (v === undefined) this.atrBy.set(period, (v = atr(this.bars.high, this.bars.low, this.bars.close, period)));
    return v;
  }

  private ema(period: number): Float64Array {
    let v = this.emaBy.get(period);
    if (v === undefined) this.emaBy.set(period, (v = ema(this.bars.close, period)));
    return v;
  }

  /**
   * MACD(fast, slow) = EMA(fast) − EMA(slow), signal = EMA(9) of the line from where the line starts
   * (index max(fast, slow) − 1), as `indicators/macd` computes it; keyed by fast·1024 + slow.
   */
  private macdPair(fast: number, slow: number): MacdPair {
    const key = fast * 1024 + slow;
    let v = this.macdBy.get(key);
    if (v === undefined) {
      const f = this.ema(fast);
      const s = this.ema(slow);
      const line = new Float64Array(f.length);
      for (let i = 0; i < line.length; i++) line[i] = (f[i] as number) - (s[i] as number);
      const from = Math.min(Math.max(fast, slow) - 1, line.length);
      const signal = ema(line, SIGNAL_PERIOD, from);
      v = { macd: line, signal, side: sideOf(line, signal) };
      this.macdBy.set(key, v);
    }
    return v;
  }
}
