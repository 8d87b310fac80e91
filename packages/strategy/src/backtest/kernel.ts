import type { StockParams } from '../params.js';
import { entrySignal, signalRules, type SignalRules } from '../signals/rules.js';
import { affordableQuantity, positionSize } from '../signals/sizing.js';
import { RSI_BLOCK_SHIFT, type Side, type StrategyInputs } from '../signals/types.js';
import { hold } from './hold.js';
import { mulberryOutput, mulberryStep } from './rng.js';
import { RunState } from './run-state.js';
import type { BacktestConfig, Recording, SimResult, SimWindow } from './types.js';

/** Module-local: an imported binding read in the scan costs a getter call when transpiled to CommonJS. */
const SHIFT = RSI_BLOCK_SHIFT;

/**
 * The backtest kernel: trades one symbol with one parameter set over `window` (default: all bars) by
 * the README's rules, reading only bars < window.end. Bars before window.start only warm indicators.
 *
 * Speed is the point (the optimizer runs it thousands of times per symbol): most bars are flat, so a
 * tight scan checks only the RSI gate of the entry rules there and leaves everything else (the full
 * entry rule, sizing, the fill, the protective exits) to the rare bars that need it. Flat bars have a
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
    const d = scanEntries(x, rules, i, last);
    if (d >= last) break;
    const side = entrySignal(x, d, rules) as Side;
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
 * First bar in [from, to) whose close decides an entry, or `to`. Flat bars are most of the work, so
 * the scan goes by blocks of 2^RSI_BLOCK_SHIFT bars: a block whose RSI range (`rsiRange`) opens
 * neither RSI gate is skipped after reading two numbers. Inside a block the entry rules' price tests
 * (RSI gate, trend filter, MACD side) are evaluated branch-free as 0/1 numbers: each is a coin flip a
 * branch predictor would miss, while their conjunction is rare. They read the RSI and two byte arrays
 * of codes (`trend`, `macdSide`). The shared `entrySignal` has the final word (and adds the short's ATR
 * test) on bars that pass. NaN makes every comparison 0, so warm-up bars never pass.
 */
function scanEntries(x: StrategyInputs, rules: SignalRules, from: number, to: number): number {
  const { rsi, trend, macdSide, rsiRange } = x;
  const lo = rules.rsiBuy;
  const hi = rules.allowShort ? rules.rsiSell : Number.POSITIVE_INFINITY;
  const anyUp = rules.macdCrossover ? 0 : 1;
  const anyDown = rules.macdCrossunder ? 0 : 1;
  let i = from;
  while (i < to) {
    const b = i >> SHIFT;
    const blockEnd = (b + 1) << SHIFT;
    if (!((rsiRange[2 * b] as number) < lo) && !((rsiRange[2 * b + 1] as number) > hi)) {
      i = blockEnd;
      continue;
    }
    const stop = blockEnd < to ? blockEnd : to;
    for (; i < stop; i++) {
      const r = rsi[i] as number;
      const t = trend[i] as number;
      const m = macdSide[i] as number;
      const long = +(r < lo) & +(t === 1) & (+(m === 1) | anyUp);
      const short = +(r > hi) & +(t === -1) & (+(m === -1) | anyDown);
      if ((long | short) !== 0 && entrySignal(x, i, rules) !== 0) return i;
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
