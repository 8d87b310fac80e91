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

/** The floats a window keeps per bar, in the order `push` writes them. */
const FLOATS = 11;
/** The side codes it keeps per bar (SMA side, MACD side). */
const CODES = 2;

/**
 * The last DIP_WINDOW bars and their indicators as a `StrategyInputs` whose last index is the latest
 * bar, so the live bot decides with the kernel's own `entrySignal` / `exitSignal` at that index.
 * The rules read at most DIP_WINDOW bars of RSI back and one bar back of everything else, so this is
 * all the history a decision needs, and memory stays fixed however long the bot runs. Bars go into
 * a ring; `inputs` lays the ring out oldest first when read, so the hundreds of warm-up bars a
 * decision starts from cost one write each. Slots before the first bar hold NaN and "not warm"
 * codes, which every rule reads as false, exactly as the batch rules treat bars before index 0.
 */
export class DecisionWindow {
  private readonly view: StrategyInputs;
  private readonly viewFloats: Float64Array[];
  private readonly viewCodes: Int8Array[];
  /** Bar k's floats at k·FLOATS of the ring slot, its codes at k·CODES. */
  private readonly ringFloats = new Float64Array(DIP_WINDOW * FLOATS).fill(Number.NaN);
  private readonly ringCodes = new Int8Array(DIP_WINDOW * CODES).fill(SIDE_NOT_WARM);
  /** The ring slot the next bar takes (also the oldest bar's slot). */
  private next = 0;
  /** Whether bars came since `inputs` was last laid out. */
  private stale = false;

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
    this.view = x;
    this.viewFloats = [
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
    for (const a of this.viewFloats) a.fill(Number.NaN);
    this.viewCodes = [x.smaSide, x.macdSide];
  }

  /** The window oldest bar first (last index: the latest bar), as the rules read it. */
  get inputs(): StrategyInputs {
    if (this.stale) this.layOut();
    return this.view;
  }

  /** Appends a bar and its indicators as the latest, dropping the oldest bar. */
  push(bar: DecisionBar, v: BarIndicators): void {
    const f = this.ringFloats;
    const at = this.next * FLOATS;
    f[at] = bar.time;
    f[at + 1] = bar.open;
    f[at + 2] = bar.high;
    f[at + 3] = bar.low;
    f[at + 4] = bar.close;
    // The rules never read volume; the slot stays NaN.
    f[at + 6] = v.rsi;
    f[at + 7] = v.macd;
    f[at + 8] = v.signal;
    f[at + 9] = v.sma;
    f[at + 10] = v.atr;
    // The same codes `strategyInputs` derives from the batch series (sideCode of the floats).
    this.ringCodes[this.next * CODES] = sideCode(bar.close, v.sma);
    this.ringCodes[this.next * CODES + 1] = sideCode(v.macd, v.signal);
    this.next = (this.next + 1) % DIP_WINDOW;
    this.stale = true;
  }

  private layOut(): void {
    for (let k = 0; k < DIP_WINDOW; k++) {
      const slot = (this.next + k) % DIP_WINDOW;
      for (let j = 0; j < FLOATS; j++)
        (this.viewFloats[j] as Float64Array)[k] = this.ringFloats[slot * FLOATS + j] as number;
      for (let j = 0; j < CODES; j++)
        (this.viewCodes[j] as Int8Array)[k] = this.ringCodes[slot * CODES + j] as number;
    }
    this.stale = false;
  }
}
