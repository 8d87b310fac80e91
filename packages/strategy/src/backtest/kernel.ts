import type { StockParams } from '../params.js';
import { signalRules } from '../signals/rules.js';
import { affordableQuantity, positionSize } from '../signals/sizing.js';
import type { Side, StrategyInputs } from '../signals/types.js';
import { hold } from './hold.js';
import { mulberryOutput, mulberryStep } from './rng.js';
import { RunState } from './run-state.js';
import { nextEntry } from './scan.js';
import type { BacktestConfig, Recording, SimResult, SimWindow } from './types.js';

/**
 * The backtest kernel: trades one symbol with one parameter set over `window` (default: all bars) by
 * the README's rules, reading only bars < window.end. Bars before window.start only warm indicators.
 *
 * Speed is the point (the optimizer runs it thousands of times per symbol): most bars are flat, so a
 * tight scan (`nextEntry`, scan.ts) looks only for each side's turns after an RSI extreme there and
 * leaves everything else (the full entry rule, sizing, the fill, the protective exits) to the bars
 * that need it. Flat bars have a zero return, so the Sharpe sums only change while in a position.
 * Nothing is allocated per bar.
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
    const d = nextEntry(run, x, rules, i, last);
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
      if (Number.isNaN(eq[k])) eq[k] = prev;
      returns[k] = (eq[k] as number) / prev - 1;
      prev = eq[k] as number;
    }
    result.equity = eq;
    result.returns = returns;
  }
  if (run.tradeList !== null) result.tradeList = run.tradeList;
  return result;
}
