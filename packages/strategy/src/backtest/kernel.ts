import type { StockParams } from '../params.js';
import { DIP_WINDOW, entrySignal, signalRules, type SignalRules } from '../signals/rules.js';
import { affordableQuantity, positionSize } from '../signals/sizing.js';
import {
  RSI_BLOCK_SHIFT,
  SIDE_ABOVE,
  SIDE_BELOW,
  SIDE_EQUAL,
  type Side,
  type StrategyInputs,
} from '../signals/types.js';
import { hold } from './hold.js';
import { mulberryOutput, mulberryStep } from './rng.js';
import { RunState } from './run-state.js';
import type { BacktestConfig, Recording, SimResult, SimWindow } from './types.js';

/** Module-local: an imported binding read in the scan costs a getter call when transpiled to CommonJS. */
const SHIFT = RSI_BLOCK_SHIFT;
/** DIP_WINDOW ones: a bit register of the window's bars. */
const FULL = (1 << DIP_WINDOW) - 1;

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
 * The backtest kernel: trades one symbol with one parameter set over `window` (default: all bars) by
 * the README's rules, reading only bars < window.end. Bars before window.start only warm indicators.
 *
 * Speed is the point (the optimizer runs it thousands of times per symbol): most bars are flat, so a
 * tight scan checks only the RSI extremes and the turns of the entry rules there and leaves everything
 * else (the full entry rule, sizing, the fill, the protective exits) to the bars that need it. Flat bars have a
 * zero return, so the Sharpe sums only change while in a position. Nothing is allocated per bar.
 * `record` adds the trade list (`true`) and the equity curve and returns (`true` or `'returns'`).
 */
export function simulate(
  x: StrategyInputs,
  params: StockParams,
  config: BacktestConfig,
  window?: SimWindow,
  record: Recording = false,
): SimResult {
  const n = x.bars.close.length;
  const start = window?.start ?? 0;
  const end = window?.end ?? n;
  if (!(
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    start >= 0 &&
    start <= end &&
    end <= n
  )) {
    throw new RangeError(`window [${start}, ${end}) is not inside the ${n} bars`);
  }
  const rules = signalRules(params, config);
  const run = new RunState(params, config, start, end, record);
  const last = end - 1;
  const close = x.bars.close;
  let i = start;
  // Entries decided on the last bar would fill after the window: they are dropped, so scan to `last`.
  while (i < last && !run.halted) {
    const d = scanEntries(run, x, rules, i, last);
    if (d >= last) break;
    const side = run.entrySide;
    const qty = positionSize(
      run.cash,
      close[d] as number,
      x.atr[d] as number,
      run.riskPerTrade,
      run.atrMultiplier,
      run.slippage,
    );
    if (qty === 0) {
      i = d + 1;
      continue;
    }
    const f = d + 1;
    const entryPrice = (x.bars.open[f] as number) * (1 + side * run.slippage);
    const filled = fillQuantity(run, side, qty, entryPrice);
    i = filled === 0 ? f : hold(run, x, rules, side, filled, entryPrice, f);
  }
  return finish(run);
}

/**
 * First bar in [from, to) whose close decides an entry (its side in `run.entrySide`), or `to`.
 * Flat bars are most of the work, so the scan goes by blocks of 2^RSI_BLOCK_SHIFT bars: an entry
 * needs an RSI extreme within the last DIP_WINDOW bars, which lie in the bar's block or the one
 * before, so a block where neither block's RSI bounds (`rsiRange`) pass a threshold is skipped after
 * reading four numbers. Inside a block, the extremes of the window and the turn of each side (the
 * MACD cross when its gate is on, else the RSI crossing back) are evaluated branch-free as 0/1
 * numbers: each comparison is a coin flip a branch predictor would miss, while a turn after an
 * extreme is rare. The shared `entrySignal` has the final word (it reads the window itself, adds the
 * short's ATR test and a contradiction) on bars that pass.
 */
function scanEntries(
  run: RunState,
  x: StrategyInputs,
  rules: SignalRules,
  from: number,
  to: number,
): number {
  const { rsi, macdSide, rsiRange, atr, smaSide } = x;
  // Every entry reads its bar's ATR (sizing, the short's range test) and the hold after it the SMA
  // codes: read cold, from a series no other bar touched, each cost a cache miss per trade (≈ 10 % of
  // the kernel's time, measured). Summing both over the scanned bars streams them in order, which the
  // hardware prefetcher follows, for two cached loads per bar. The sum is kept so the loads are too.
  let touched = 0;
  const lo = rules.rsiBuy;
  const hi = rules.allowShort ? rules.rsiSell : Number.POSITIVE_INFINITY;
  // Which turn each side takes, as 0/1 masks: the MACD cross when its gate is on, else the RSI cross.
  const gateUp = rules.macdCrossover ? 1 : 0;
  const rsiUp = 1 - gateUp;
  const gateDown = rules.macdCrossunder && rules.allowShort ? 1 : 0;
  const rsiDown = rules.macdCrossunder ? 0 : 1;
  let i = from > 1 ? from : 1;
  // The RSI extremes of the last DIP_WINDOW bars as bit registers (bit k: bar i − k), shifted branch-
  // free as the scan goes. The bars before `from` are not read: both start full, so a turn in the
  // first DIP_WINDOW bars passes to `entrySignal`, which reads the window itself. A block is only
  // skipped when it and the one before have no extreme, so after a skip both are exactly empty.
  let dips = FULL;
  let spikes = FULL;
  const turns = TURNS;
  while (i < to) {
    const b = i >> SHIFT;
    const blockEnd = (b + 1) << SHIFT;
    const p = b > 0 ? b - 1 : 0;
    if (
      !((rsiRange[2 * b] as number) < lo) &&
      !((rsiRange[2 * p] as number) < lo) &&
      !((rsiRange[2 * b + 1] as number) > hi) &&
      !((rsiRange[2 * p + 1] as number) > hi)
    ) {
      i = blockEnd;
      dips = 0;
      spikes = 0;
      continue;
    }
    const stop = blockEnd < to ? blockEnd : to;
    let mp = macdSide[i - 1] as number;
    let rp = rsi[i - 1] as number;
    for (; i < stop; i++) {
      const m = macdSide[i] as number;
      const r = rsi[i] as number;
      touched += (atr[i] as number) + (smaSide[i] as number);
      dips = ((dips << 1) | +(r < lo)) & FULL;
      spikes = ((spikes << 1) | +(r > hi)) & FULL;
      const t = turns[((mp & 3) << 2) | (m & 3)] as number;
      const up = (t & gateUp) | (+(rp <= lo) & +(r > lo) & rsiUp);
      const down = ((t >> 1) & gateDown) | (+(rp >= hi) & +(r < hi) & rsiDown);
      mp = m;
      rp = r;
      if (((up & +(dips !== 0)) | (down & +(spikes !== 0))) !== 0) {
        const side = entrySignal(x, i, rules);
        if (side !== 0) {
          run.entrySide = side;
          run.touched = touched;
          return i;
        }
      }
    }
  }
  return to;
}

/**
 * Shares actually bought or sold at the entry fill (README "Partial fills"): one draw u; if
 * u < partial_fill_probability a second draw v keeps floor(qty·v) shares; then a long is cut to what
 * cash pays for at the fill. 0 means no trade. With probability 0 no draw is needed (u < 0 never holds).
 */
function fillQuantity(run: RunState, side: Side, qty: number, entryPrice: number): number {
  let q = qty;
  if (run.partialFill > 0) {
    run.rng = mulberryStep(run.rng);
    if (mulberryOutput(run.rng) < run.partialFill) {
      run.rng = mulberryStep(run.rng);
      q = Math.floor(q * mulberryOutput(run.rng));
    }
  }
  if (side === 1) q = affordableQuantity(q, run.cash, entryPrice, run.commission);
  return q >= 1 ? q : 0;
}

/** Sharpe from running sums: mean/sd (sample, n − 1) × √barsPerYear; 0 when n < 2 or sd is 0. */
export function sharpeFromSums(sum: number, sumSq: number, n: number, barsPerYear: number): number {
  if (n < 2) return 0;
  const mean = sum / n;
  const variance = (sumSq - sum * mean) / (n - 1);
  return variance > 0 ? (mean / Math.sqrt(variance)) * Math.sqrt(barsPerYear) : 0;
}

function finish(run: RunState): SimResult {
  const len = run.end - run.start;
  const result: SimResult = {
    profit: run.cash - run.initial,
    finalEquity: run.cash,
    trades: run.trades,
    sharpe: sharpeFromSums(run.sumR, run.sumR2, len, run.barsPerYear),
    exposure: len > 0 ? run.held / len : 0,
  };
  const eq = run.equity;
  if (eq !== null) {
    // Flat bars keep the equity of the previous close (cash does not move while flat).
    const returns = new Float64Array(len);
    let prev = run.initial;
    for (let k = 0; k < len; k++) {
      if (Number.isNaN(eq[k] as number)) eq[k] = prev;
      returns[k] = (eq[k] as number) / prev - 1;
      prev = eq[k] as number;
    }
    result.equity = eq;
    result.returns = returns;
  }
  if (run.tradeList !== null) result.tradeList = run.tradeList;
  return result;
}
