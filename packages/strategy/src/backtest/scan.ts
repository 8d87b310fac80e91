import { DIP_WINDOW, shortHasRange, type SignalRules } from '../signals/rules.js';
import {
  RSI_BLOCK_SHIFT,
  SIDE_ABOVE,
  SIDE_BELOW,
  SIDE_EQUAL,
  type StrategyInputs,
} from '../signals/types.js';
import type { RunState } from './run-state.js';

/** Module-local: an imported binding read in a loop costs a getter call when transpiled to CommonJS. */
const SHIFT = RSI_BLOCK_SHIFT;
const WINDOW = DIP_WINDOW;

/**
 * MACD turns by (previous, current) side code, indexed ((prev & 3) << 2) | (cur & 3) (codes above 1,
 * below −1 → 3, equal 2, not warm 0): bit 0 a cross above the signal, bit 1 a cross below.
 */
const TURNS = (() => {
  const t = new Int8Array(16);
  for (const prev of [SIDE_BELOW, SIDE_EQUAL]) t[((prev & 3) << 2) | (SIDE_ABOVE & 3)] = 1;
  for (const prev of [SIDE_ABOVE, SIDE_EQUAL]) t[((prev & 3) << 2) | (SIDE_BELOW & 3)] = 2;
  return t;
})();

/**
 * First bar in [from, to) whose close decides an entry (its side in `run.entrySide`), or `to`.
 *
 * Flat bars are most of the work. Each side has its own candidates, the bars where it turns (a MACD
 * cross when its gate is on, else RSI crossing back over its threshold) with an RSI extreme in the
 * dip window; `nextTurn` finds them side by side. At the earliest, the decision is `entrySignal`'s,
 * taken from what the scan already knows instead of calling it (which re-reads the window: ≈ 10 % of
 * the kernel's time, measured): a side holds when it is a candidate there (the short also needs the
 * shared `shortHasRange`), and both at once is the contradiction, no entry. scan.test.ts checks this
 * against `entrySignal` on every bar, and the Decider's parity test checks the trades. A side's next
 * candidate depends on the bars only, so it is kept in `run` across calls: a scan that resumes after
 * a trade reuses it when it still lies ahead.
 */
export function nextEntry(
  run: RunState,
  x: StrategyInputs,
  rules: SignalRules,
  from: number,
  to: number,
): number {
  let long = run.nextLong;
  if (long < from) long = nextTurn(x, rules.rsiBuy, 1, rules.macdCrossover, from, to);
  let short = to;
  if (rules.allowShort) {
    short = run.nextShort;
    if (short < from) short = nextTurn(x, rules.rsiSell, -1, rules.macdCrossunder, from, to);
  }
  for (;;) {
    const c = long < short ? long : short;
    if (c >= to) break;
    // Touch the bar's ATR (sizing, the short's range test) and the next bar's SMA code (the first
    // exit check): series no other step reads, so each would miss the cache; loaded here, the misses
    // overlap with the decision below (≈ 10 % of the kernel's time, measured).
    run.touched = (x.atr[c] as number) + (x.smaSide[c + 1] as number);
    const isLong = long === c;
    const isShort = short === c && shortHasRange(x, c, rules);
    const side = isLong === isShort ? 0 : isLong ? 1 : -1;
    if (side !== 0) {
      run.entrySide = side;
      run.nextLong = long;
      run.nextShort = short;
      return c;
    }
    if (long === c) long = nextTurn(x, rules.rsiBuy, 1, rules.macdCrossover, c + 1, to);
    if (short === c) short = nextTurn(x, rules.rsiSell, -1, rules.macdCrossunder, c + 1, to);
  }
  run.nextLong = long;
  run.nextShort = short;
  return to;
}

/**
 * First bar in [from, to) where one side turns with an RSI extreme in the dip window before it, or
 * `to`: the long side with `dir` 1 and `level` rsi_buy_threshold (extreme: RSI < level; RSI turn:
 * crossing above it; MACD turn: a cross above the signal), the short side with `dir` −1 and
 * rsi_sell_threshold, every comparison mirrored by the sign: dir·(r − level) < 0 is r < level for a
 * long and r > level for a short, exactly (a difference of two finite doubles has the sign of their
 * comparison; NaN fails both). The extreme lies in the bar's block or the one before (the window is
 * shorter than a block), so a block where neither block's RSI bounds (`rsiRange`) pass the level is
 * skipped after reading two numbers. Inside a block the turn is tested bar by bar from the codes,
 * and the window only on a turn.
 */
function nextTurn(
  x: StrategyInputs,
  level: number,
  dir: 1 | -1,
  macdGate: boolean,
  from: number,
  to: number,
): number {
  const { rsi, macdSide, rsiRange } = x;
  const bound = dir === 1 ? 0 : 1;
  const bit = dir === 1 ? 1 : 2;
  const turns = TURNS;
  let i = from > 1 ? from : 1;
  while (i < to) {
    const b = i >> SHIFT;
    const blockEnd = (b + 1) << SHIFT;
    const p = b > 0 ? b - 1 : 0;
    if (
      !(dir * ((rsiRange[2 * b + bound] as number) - level) < 0) &&
      !(dir * ((rsiRange[2 * p + bound] as number) - level) < 0)
    ) {
      i = blockEnd;
      continue;
    }
    const stop = blockEnd < to ? blockEnd : to;
    if (macdGate) {
      let mp = macdSide[i - 1] as number;
      for (; i < stop; i++) {
        const m = macdSide[i] as number;
        if (
          ((turns[((mp & 3) << 2) | (m & 3)] as number) & bit) !== 0 &&
          extremeIn(rsi, i, level, dir)
        )
          return i;
        mp = m;
      }
    } else {
      let rp = dir * ((rsi[i - 1] as number) - level);
      for (; i < stop; i++) {
        const r = dir * ((rsi[i] as number) - level);
        if ((+(rp <= 0) & +(r > 0)) !== 0 && extremeIn(rsi, i, level, dir)) return i;
        rp = r;
      }
    }
  }
  return to;
}

/** Some RSI of bars i − DIP_WINDOW + 1 … i is beyond `level` on the `dir` side (see `nextTurn`). */
function extremeIn(rsi: Float64Array, i: number, level: number, dir: number): boolean {
  const first = i - WINDOW + 1 > 0 ? i - WINDOW + 1 : 0;
  for (let k = i; k >= first; k--) if (dir * ((rsi[k] as number) - level) < 0) return true;
  return false;
}
