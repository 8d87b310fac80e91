import type { Bars } from '../bars.js';
import { atr, ema, rsi, sma } from '../indicators/index.js';
import type { StockParams } from '../params.js';
import { rsiBlockCount, rsiBlockRange, type StrategyInputs } from '../signals/types.js';
import { macdHead, macdHeads4, macdJob, smaSideOf, type MacdJob } from './codes.js';
import type { SeriesPool } from './series-pool.js';

/** MACD line and its EMA(9) signal for one (fast, slow) pair: only built when a caller reads them. */
interface MacdLines {
  macd: Float64Array;
  signal: Float64Array;
}

/** MACD signal period: fixed at 9 by the rules (README "Inputs"). */
const SIGNAL_PERIOD = 9;

/**
 * Per-symbol indicator cache: each (indicator, period) is computed once over all bars and shared by
 * every parameter set (an optimizer run asks for the same few periods thousands of times). Keys are
 * numbers, not concatenated strings, so a lookup costs no allocation.
 *
 * The decisions read codes, not floats (`StrategyInputs`), so the cache builds what they read: RSI
 * and ATR series, a close-vs-SMA code per SMA period (one running-sum pass, no SMA array) and a MACD code
 * per (fast, slow) pair, fused from the two shared EMAs in one pass with the signal EMA inline (no
 * line or signal array). 1,000 parameter sets need ~500 distinct pairs per symbol: three float arrays
 * per pair used to be most of the indicator time. The float SMA, MACD and signal series are built
 * on first read (`inputs(p).macd`, …) for callers that show or record them, bit-identical to the
 * `indicators` module.
 *
 * With a `SeriesPool`, the cached series live in the pool's buffers: call `release()` when done with
 * the symbol (after which neither the cache nor any `inputs` it returned may be used) and the next
 * symbol's cache reuses them. Without one, series are ordinary arrays left to the garbage collector.
 */
export class IndicatorCache {
  private readonly rsiBy = new Map<number, Float64Array>();
  private readonly rsiRangeBy = new Map<number, Float64Array>();
  private readonly smaBy = new Map<number, Float64Array>();
  private readonly smaSideBy = new Map<number, Int8Array>();
  private readonly atrBy = new Map<number, Float64Array>();
  private readonly emaBy = new Map<number, Float64Array>();
  private readonly macdSideBy = new Map<number, Int8Array>();
  private readonly macdBy = new Map<number, MacdLines>();
  /** Buffers taken from the pool, given back by `release`. */
  private readonly owned: ArrayBuffer[] = [];

  constructor(
    readonly bars: Bars,
    private readonly pool?: SeriesPool,
  ) {}

  /** Gives every pooled buffer back (see the class comment); the cache is empty afterwards. */
  release(): void {
    for (const m of [
      this.rsiBy,
      this.rsiRangeBy,
      this.smaBy,
      this.smaSideBy,
      this.atrBy,
      this.emaBy,
      this.macdSideBy,
      this.macdBy,
    ])
      m.clear();
    if (this.pool) for (const b of this.owned) this.pool.give(b);
    this.owned.length = 0;
  }

  /** The inputs `simulate` and the signals read for `p`, computing what is missing. */
  inputs(p: StockParams): StrategyInputs {
    return new CachedInputs(
      this,
      this.rsi(p.rsi_period),
      this.rsiRange(p.rsi_period),
      this.atr(p.atr_period),
      this.smaSide(p.sma_period),
      this.macdSide(p.macd_fast, p.macd_slow),
      p.sma_period,
      p.macd_fast,
      p.macd_slow,
    );
  }

  /** Computes everything these parameter sets need up front (e.g. before timing the kernel). */
  prepare(params: readonly StockParams[]): void {
    this.encodeMissingMacd(params);
    for (const p of params) this.inputs(p);
  }

  /**
   * The MACD codes of every pair in `params` not cached yet, in one buffer (see `macdJob`), four
   * pairs per loop (`macdHeads4`) in order of where their line starts, so each four seed together.
   */
  private encodeMissingMacd(params: readonly StockParams[]): void {
    const n = this.bars.close.length;
    const missing = new Map<number, StockParams>();
    for (const p of params) {
      const key = macdKey(p.macd_fast, p.macd_slow);
      if (!this.macdSideBy.has(key)) missing.set(key, p);
    }
    const buffer = this.int8(missing.size * n);
    let at = 0;
    const jobs: MacdJob[] = [];
    for (const p of missing.values()) {
      const out = buffer.subarray(at, (at += n));
      jobs.push(
        macdJob(
          this.ema(p.macd_fast),
          this.ema(p.macd_slow),
          macdStart(p.macd_fast, p.macd_slow, n),
          out,
        ),
      );
      this.macdSideBy.set(macdKey(p.macd_fast, p.macd_slow), out);
    }
    jobs.sort((x, y) => x.from - y.from);
    const job = (k: number): MacdJob => jobs[k] as MacdJob;
    let j = 0;
    for (; j + 4 <= jobs.length; j += 4)
      macdHeads4(job(j), job(j + 1), job(j + 2), job(j + 3), SIGNAL_PERIOD);
    for (; j < jobs.length; j++) macdHead(job(j), SIGNAL_PERIOD, n);
  }

  rsi(period: number): Float64Array {
    let v = this.rsiBy.get(period);
    if (v === undefined) this.rsiBy.set(period, (v = rsi(this.bars.close, period, this.float64())));
    return v;
  }

  /** `rsiBlockRange` of RSI(period). */
  rsiRange(period: number): Float64Array {
    let v = this.rsiRangeBy.get(period);
    if (v === undefined)
      this.rsiRangeBy.set(
        period,
        (v = rsiBlockRange(
          this.rsi(period),
          this.float64(rsiBlockCount(this.bars.close.length) * 2),
        )),
      );
    return v;
  }

  sma(period: number): Float64Array {
    let v = this.smaBy.get(period);
    if (v === undefined) this.smaBy.set(period, (v = sma(this.bars.close, period)));
    return v;
  }

  /** sign(close − SMA(period)) per bar (see `StrategyInputs.smaSide`). */
  smaSide(period: number): Int8Array {
    let v = this.smaSideBy.get(period);
    if (v === undefined)
      this.smaSideBy.set(
        period,
        (v = smaSideOf(this.bars.close, period, this.int8(this.bars.close.length))),
      );
    return v;
  }

  atr(period: number): Float64Array {
    let v = this.atrBy.get(period);
    if (v === undefined)
      this.atrBy.set(
        period,
        (v = atr(this.bars.high, this.bars.low, this.bars.close, period, this.float64())),
      );
    return v;
  }

  /** A float series of `length` (default: one per bar), from the pool when there is one. */
  private float64(length = this.bars.close.length): Float64Array {
    if (!this.pool) return new Float64Array(length);
    const b = this.pool.take(length * 8);
    this.owned.push(b);
    return new Float64Array(b, 0, length);
  }

  private int8(length: number): Int8Array {
    if (!this.pool) return new Int8Array(length);
    const b = this.pool.take(length);
    this.owned.push(b);
    return new Int8Array(b, 0, length);
  }

  /** MACD(fast, slow) vs its signal as `macdSide` codes. */
  macdSide(fast: number, slow: number): Int8Array {
    return (
      this.macdSideBy.get(macdKey(fast, slow)) ??
      this.encodeMacd(fast, slow, this.int8(this.bars.close.length))
    );
  }

  private encodeMacd(fast: number, slow: number, out: Int8Array): Int8Array {
    const n = this.bars.close.length;
    macdHead(
      macdJob(this.ema(fast), this.ema(slow), macdStart(fast, slow, n), out),
      SIGNAL_PERIOD,
      n,
    );
    this.macdSideBy.set(macdKey(fast, slow), out);
    return out;
  }

  /**
   * MACD(fast, slow) = EMA(fast) − EMA(slow), signal = EMA(9) of the line from where the line starts
   * (index max(fast, slow) − 1), as `indicators/macd` computes it.
   */
  macdLines(fast: number, slow: number): MacdLines {
    const key = macdKey(fast, slow);
    let v = this.macdBy.get(key);
    if (v === undefined) {
      const f = this.ema(fast);
      const s = this.ema(slow);
      const line = new Float64Array(f.length);
      for (let i = 0; i < line.length; i++) line[i] = (f[i] as number) - (s[i] as number);
      v = { macd: line, signal: ema(line, SIGNAL_PERIOD, macdStart(fast, slow, line.length)) };
      this.macdBy.set(key, v);
    }
    return v;
  }

  private ema(period: number): Float64Array {
    let v = this.emaBy.get(period);
    if (v === undefined)
      this.emaBy.set(period, (v = ema(this.bars.close, period, 0, this.float64())));
    return v;
  }
}

/** Map key of a MACD pair (unique while the slow period is below 1024; the bounds stop at 100). */
function macdKey(fast: number, slow: number): number {
  return fast * 1024 + slow;
}

/** First index of the MACD line (both EMAs warm), capped at n. */
function macdStart(fast: number, slow: number, n: number): number {
  return Math.min(Math.max(fast, slow) - 1, n);
}

/**
 * `StrategyInputs` from the cache: the arrays the decisions read are fields; the float SMA, MACD and
 * signal series are getters that build (and cache) them on first read.
 */
class CachedInputs implements StrategyInputs {
  readonly bars: Bars;

  constructor(
    private readonly cache: IndicatorCache,
    readonly rsi: Float64Array,
    readonly rsiRange: Float64Array,
    readonly atr: Float64Array,
    readonly smaSide: Int8Array,
    readonly macdSide: Int8Array,
    private readonly smaPeriod: number,
    private readonly fast: number,
    private readonly slow: number,
  ) {
    this.bars = cache.bars;
  }

  get sma(): Float64Array {
    return this.cache.sma(this.smaPeriod);
  }

  get macd(): Float64Array {
    return this.cache.macdLines(this.fast, this.slow).macd;
  }

  get signal(): Float64Array {
    return this.cache.macdLines(this.fast, this.slow).signal;
  }
}
