/**
 * The bench's strategy rules, one bar loop over precomputed indicators (used by the stand-in kernel
 * and by the reference implementation, which computes its indicators with technicalindicators):
 * - flat → long when RSI < rsi_buy_threshold and (macd_crossover ⇒ MACD > signal) (buy the dip);
 *   flat → short when RSI > rsi_sell_threshold, close < SMA and (macd_crossunder ⇒ MACD < signal);
 *   entry at the close, qty = floor(equity·risk_per_trade / (atr_multiplier·ATR)), at most equity/close.
 * - long exits at the stop (low ≤ entry·(1 − stop%)), the target (high ≥ entry·(1 + take%)), or at the
 *   close when RSI > rsi_sell_threshold; shorts mirror this with the short_* percentages.
 * - no new entries once equity is max_drawdown below its peak. No costs.
 */
import type { StockParams } from '../../packages/strategy/src/params.js';
import type { Bars } from './data.js';

export interface RuleInputs {
  bars: Bars;
  rsi: Float64Array;
  macd: Float64Array;
  signal: Float64Array;
  sma: Float64Array;
  atr: Float64Array;
}

export interface Trade {
  side: 1 | -1;
  entryBar: number;
  exitBar: number;
  qty: number;
  entry: number;
  exit: number;
}

export interface RunResult {
  profit: number;
  trades: number;
  returns?: Float64Array;
  list?: Trade[];
}

const INITIAL = 10_000;

export function simulateRules(x: RuleInputs, p: StockParams, start: number, end: number, record = false): RunResult {
  const { close, high, low } = x.bars;
  let cash = INITIAL;
  let pos = 0;
  let qty = 0;
  let entry = 0;
  let entryBar = 0;
  let peak = INITIAL;
  let trades = 0;
  const list: Trade[] | undefined = record ? [] : undefined;
  const returns = record ? new Float64Array(end - start) : undefined;
  let prevEq = INITIAL;
  const slL = 1 - p.stop_loss_percentage / 100;
  const tpL = 1 + p.take_profit_percentage / 100;
  const slS = 1 + p.short_stop_loss_percentage / 100;
  const tpS = 1 - p.short_take_profit_percentage / 100;
  for (let i = start; i < end; i++) {
    const c = close[i] as number;
    const r = x.rsi[i] as number;
    if (pos !== 0) {
      let px = Number.NaN;
      if (pos > 0) {
        if ((low[i] as number) <= entry * slL) px = entry * slL;
        else if ((high[i] as number) >= entry * tpL) px = entry * tpL;
        else if (r > p.rsi_sell_threshold) px = c;
      } else if ((high[i] as number) >= entry * slS) px = entry * slS;
      else if ((low[i] as number) <= entry * tpS) px = entry * tpS;
      else if (r < p.rsi_buy_threshold) px = c;
      if (px === px) {
        cash += pos * qty * (px - entry);
        list?.push({ side: pos as 1 | -1, entryBar, exitBar: i, qty, entry, exit: px });
        pos = 0;
        trades++;
      }
    }
    const eq = cash + (pos === 0 ? 0 : pos * qty * (c - entry));
    if (eq > peak) peak = eq;
    if (returns) returns[i - start] = eq / prevEq - 1;
    prevEq = eq;
    if (pos !== 0 || eq < peak * (1 - p.max_drawdown)) continue;
    const m = x.macd[i] as number;
    const s = x.signal[i] as number;
    const a = x.atr[i] as number;
    const avg = x.sma[i] as number;
    // NaN comparisons are false, so warm-up bars never trade.
    const goLong = r < p.rsi_buy_threshold && (!p.macd_crossover || m > s);
    const goShort = r > p.rsi_sell_threshold && c < avg && (!p.macd_crossunder || m < s);
    if (!(goLong || goShort) || !(a > 0)) continue;
    qty = Math.min(Math.floor((eq * p.risk_per_trade) / (p.atr_multiplier * a)), Math.floor(eq / c));
    if (qty < 1) continue;
    pos = goLong ? 1 : -1;
    entry = c;
    entryBar = i;
  }
  if (pos !== 0) {
    const c = close[end - 1] as number;
    cash += pos * qty * (c - entry);
    list?.push({ side: pos as 1 | -1, entryBar, exitBar: end - 1, qty, entry, exit: c });
    trades++;
  }
  return { profit: cash - INITIAL, trades, ...(returns ? { returns } : {}), ...(list ? { list } : {}) };
}
