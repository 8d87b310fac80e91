import { allocBars, type Bars } from '../bars.js';
import { DIP_WINDOW } from './rules.js';
import { rsiBlockCount, sideCode, SIDE_NOT_WARM, type StrategyInputs } from './types.js';

/** One completed bar as the live bot receives it (time in ms since the epoch, UTC). */
export interface DecisionBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Bar i of a series as the live bot would receive it (replays and tests). */
export function decisionBarAt(b: Bars, i: number): DecisionBar {
  return {
    time: b.time[i] as number,
    open: b.open[i] as number,
    high: b.high[i] as number,
    low: b.low[i] as number,
    close: b.close[i] as number,
  };
}

/** Indicator values of one bar, NaN while an indicator is not warm. */
export interface BarIndicators {
  rsi: number;
  sma: number;
  macd: number;
  signal: number;
  atr: number;
}

/**
 * The last DIP_WINDOW bars and their indicators as a `StrategyInputs` whose last index is the latest
 * bar, so the live bot decides with the kernel's own `entrySignal` / `exitSignal` at that index.
 * The rules read at most DIP_WINDOW bars of RSI back and one bar back of everything else, so this is
 * all the history a decision needs; each bar shifts every array by one, keeping memory fixed however
 * long the bot runs. Slots before the first bar hold NaN and "not warm" codes, which every rule reads
 * as false, exactly as the batch rules treat bars before index 0.
 */
export class DecisionWindow {
  readonly inputs: StrategyInputs;
  private readonly floats: Float64Array[];
  private readonly codes: Int8Array[];

  constructor() {
    const n = DIP_WINDOW;
    const bars = allocBars('', n);
    const x: StrategyInputs = {
      bars,
      rsi: new Float64Array(n),
      macd: new Float64Array(n),
      signal: new Float64Array(n),
      sma: new Float64Array(n),
      atr: new Float64Array(n),
      smaSide: new Int8Array(n).fill(SIDE_NOT_WARM),
      macdSide: new Int8Array(n).fill(SIDE_NOT_WARM),
      // Bounds of −∞ and +∞ hold for any RSI (they mean "never skip this block"); only the
      // kernel's scan reads them, and recomputing them every bar would buy nothing.
      rsiRange: new Float64Array(2 * rsiBlockCount(n)).map((_, k) =>
        k % 2 === 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      ),
    };
    this.inputs = x;
    this.floats = [
      bars.time,
      bars.open,
      bars.high,
      bars.low,
      bars.close,
      bars.volume,
      x.rsi,
      x.macd,
      x.signal,
      x.sma,
      x.atr,
    ];
    for (const a of this.floats) a.fill(Number.NaN);
    this.codes = [x.smaSide, x.macdSide];
  }

  /** Appends a bar and its indicators as the last index, dropping the oldest bar. */
  push(bar: DecisionBar, v: BarIndicators): void {
    const last = DIP_WINDOW - 1;
    // A plain loop: for arrays this short, `copyWithin`'s call costs more than the copy (the
    // portfolio preview pushes every bar of every stock).
    for (const a of this.floats) for (let k = 0; k < last; k++) a[k] = a[k + 1] as number;
    for (const a of this.codes) for (let k = 0; k < last; k++) a[k] = a[k + 1] as number;
    const { bars } = this.inputs;
    const x = this.inputs;
    bars.time[last] = bar.time;
    bars.open[last] = bar.open;
    bars.high[last] = bar.high;
    bars.low[last] = bar.low;
    bars.close[last] = bar.close;
    // The rules never read volume; the slot stays NaN.
    bars.volume[last] = Number.NaN;
    x.rsi[last] = v.rsi;
    x.macd[last] = v.macd;
    x.signal[last] = v.signal;
    x.sma[last] = v.sma;
    x.atr[last] = v.atr;
    // The same codes `strategyInputs` derives from the batch series (sideCode of the floats).
    x.smaSide[last] = sideCode(bar.close, v.sma);
    x.macdSide[last] = sideCode(v.macd, v.signal);
  }
}
