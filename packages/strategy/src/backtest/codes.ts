import { checkPeriod } from '../indicators/period.js';
import { SIDE_NOT_WARM } from '../signals/types.js';

/**
 * Close vs SMA(period) per bar as side codes (`sideCode`: above 1, below −1, equal 2, not warm 0) in
 * one pass, with the SMA's running sum kept inline (the same arithmetic as `indicators/sma`, so the
 * same codes as comparing against its output) and no float array written. `out` (optional, same
 * length) receives the codes.
 */
export function smaSideOf(
  close: Float64Array,
  period: number,
  out: Int8Array = new Int8Array(close.length),
): Int8Array {
  checkPeriod(period);
  const n = close.length;
  out.fill(SIDE_NOT_WARM);
  let sum = 0;
  for (let i = 0; i < period - 1 && i < n; i++) sum += close[i] as number;
  for (let i = period - 1; i < n; i++) {
    const c = close[i] as number;
    sum = i < period ? sum + c : sum - (close[i - period] as number) + c;
    // Branch-free: close vs SMA flips too often for a predicted branch (2× faster written this way).
    out[i] = codeOf(c, sum / period);
  }
  return out;
}

/** One MACD pair to encode: its fast and slow EMAs, the first index of its line, the output codes. */
export interface MacdJob {
  fast: Float64Array;
  slow: Float64Array;
  from: number;
  out: Int8Array;
}

/**
 * A job for MACD = fastEma − slowEma from index `from`, writing into `out` (all bars, set to
 * `SIDE_NOT_WARM` here). `out` is usually a view into one buffer per symbol: a typed array of its own
 * per pair (malloc, zeroing, GC bookkeeping) cost as much as encoding it.
 */
export function macdJob(
  fast: Float64Array,
  slow: Float64Array,
  from: number,
  out: Int8Array,
): MacdJob {
  out.fill(SIDE_NOT_WARM);
  return { fast, slow, from, out };
}

/**
 * `sideCode` branch-free, with the codes as literals (SIDE_ABOVE 1, SIDE_BELOW −1, SIDE_EQUAL 2,
 * SIDE_NOT_WARM 0 when either is NaN; the cache's tests check the two agree): a module-level constant
 * is a context load in the optimised loop and a mispredicted branch costs more than the comparisons,
 * and this is the hottest line of the indicator work.
 */
function codeOf(m: number, e: number): number {
  return (+(m > e) - +(m < e)) | (+(m === e) << 1);
}

/**
 * `macdSide` codes of a job's MACD line against its signal, an EMA(signalPeriod) of the line seeded
 * by the SMA of its first `signalPeriod` values, for bars before `until`. The line and the signal are
 * computed on the fly with exactly the operations of `indicators/ema` (same order, so bit-identical
 * values); only the code byte is stored. Returns the signal at bar until − 1 (NaN if not seeded yet).
 */
export function macdHead(job: MacdJob, signalPeriod: number, until: number): number {
  const { fast, slow, from, out } = job;
  const seedAt = from + signalPeriod - 1;
  if (seedAt >= until) return Number.NaN;
  const k = 2 / (signalPeriod + 1);
  let sum = 0;
  for (let i = from; i <= seedAt; i++) sum += (fast[i] as number) - (slow[i] as number);
  let e = sum / signalPeriod;
  out[seedAt] = codeOf((fast[seedAt] as number) - (slow[seedAt] as number), e);
  for (let i = seedAt + 1; i < until; i++) {
    const m = (fast[i] as number) - (slow[i] as number);
    e = (m - e) * k + e;
    out[i] = codeOf(m, e);
  }
  return e;
}

/**
 * `macdHead` over all bars for four jobs at once. Each EMA step waits on the previous one (a
 * subtract, a multiply and an add in a row), so one pair leaves the core mostly idle; four
 * independent chains in one loop overlap (measured: ~7% less MACD time on minute bars; the code
 * comparisons, not the chains, are most of what is left). Each job is first seeded on its own up to
 * the latest seed of the four (callers group jobs with close `from`).
 */
export function macdHeads4(
  a: MacdJob,
  b: MacdJob,
  c: MacdJob,
  d: MacdJob,
  signalPeriod: number,
): void {
  const n = a.out.length;
  const g = Math.max(a.from, b.from, c.from, d.from) + signalPeriod;
  const until = g < n ? g : n;
  const ea = macdHead(a, signalPeriod, until);
  const eb = macdHead(b, signalPeriod, until);
  const ec = macdHead(c, signalPeriod, until);
  const ed = macdHead(d, signalPeriod, until);
  if (g < n)
    fourChains(
      a.fast,
      a.slow,
      a.out,
      ea,
      b.fast,
      b.slow,
      b.out,
      eb,
      c.fast,
      c.slow,
      c.out,
      ec,
      d.fast,
      d.slow,
      d.out,
      ed,
      g,
      2 / (signalPeriod + 1),
    );
}

/** The joint loop of `macdHeads4` from bar g (every array a parameter, so the loop reads locals). */
function fourChains(
  fa: Float64Array,
  sa: Float64Array,
  oa: Int8Array,
  ea: number,
  fb: Float64Array,
  sb: Float64Array,
  ob: Int8Array,
  eb: number,
  fc: Float64Array,
  sc: Float64Array,
  oc: Int8Array,
  ec: number,
  fd: Float64Array,
  sd: Float64Array,
  od: Int8Array,
  ed: number,
  g: number,
  k: number,
): void {
  const n = oa.length;
  for (let i = g; i < n; i++) {
    const ma = (fa[i] as number) - (sa[i] as number);
    const mb = (fb[i] as number) - (sb[i] as number);
    const mc = (fc[i] as number) - (sc[i] as number);
    const md = (fd[i] as number) - (sd[i] as number);
    ea = (ma - ea) * k + ea;
    eb = (mb - eb) * k + eb;
    ec = (mc - ec) * k + ec;
    ed = (md - ed) * k + ed;
    oa[i] = codeOf(ma, ea);
    ob[i] = codeOf(mb, eb);
    oc[i] = codeOf(mc, ec);
    od[i] = codeOf(md, ed);
  }
}
