import { longHit, longStop, ProtectiveHit, shortHit, shortStop } from '../signals/protective.js';
import { exitSignal, type SignalRules } from '../signals/rules.js';
import type { Side, StrategyInputs } from '../signals/types.js';
import {
  EXIT_END_OF_DATA,
  EXIT_MAX_DRAWDOWN,
  EXIT_REASONS,
  EXIT_SIGNAL,
  EXIT_STOP_LOSS,
  EXIT_TAKE_PROFIT,
  EXIT_TRAILING_STOP,
  type RunState,
} from './run-state.js';

/**
 * Holds a position filled at the open of bar `f` at `entryPrice` (slippage included) until it is
 * closed, bar by bar in the README's order: a pending exit fills at the open; else the protective
 * exits inside the bar (the stop first when both levels are touched); else, at the close, mark to
 * market, the drawdown halt, then the exit signal (both fill at the next open); the last bar of the
 * window closes what is left at its close. Returns the bar the position closed on: it ends flat, so
 * its close may decide a new entry. Cash, peak, return sums and exposure are written back to `run`.
 */
export function hold(
  run: RunState,
  x: StrategyInputs,
  rules: SignalRules,
  side: Side,
  qty: number,
  entryPrice: number,
  f: number,
): number {
  const { open, high, low, close } = x.bars;
  const last = run.end - 1;
  const trailing = run.trailing;
  const ddKeep = 1 - run.maxDrawdown;
  const stopLoss = entryPrice * (side === 1 ? run.longStopAt : run.shortStopAt);
  const target = entryPrice * (side === 1 ? run.longTargetAt : run.shortTargetAt);
  const eqOut = run.equity;
  let cash = run.cash - side * qty * entryPrice - run.commission * qty;
  let prevEq = run.cash;
  let peak = run.peak;
  let sumR = run.sumR;
  let sumR2 = run.sumR2;
  let held = run.held;
  // Highest high (long) / lowest low (short) since entry, before the current bar; starts at the entry price.
  let extreme = entryPrice;
  let pending = -1;
  for (let i = f; ; i++) {
    let price = Number.NaN;
    let reason = pending;
    if (pending >= 0) price = open[i] as number;
    else {
      held++;
      const o = open[i] as number;
      const h = high[i] as number;
      const l = low[i] as number;
      const stop =
        side === 1 ? longStop(stopLoss, extreme, trailing) : shortStop(stopLoss, extreme, trailing);
      const hit = side === 1 ? longHit(o, h, l, stop, target) : shortHit(o, h, l, stop, target);
      if (hit !== ProtectiveHit.None) {
        const stopped = hit === ProtectiveHit.StopAtOpen || hit === ProtectiveHit.Stop;
        price =
          hit === ProtectiveHit.StopAtOpen || hit === ProtectiveHit.TargetAtOpen
            ? o
            : stopped
              ? stop
              : target;
        reason = !stopped
          ? EXIT_TAKE_PROFIT
          : stop !== stopLoss
            ? EXIT_TRAILING_STOP
            : EXIT_STOP_LOSS;
      } else if (side === 1 ? h > extreme : l < extreme) extreme = side === 1 ? h : l;
    }
    if (reason < 0 && i === last) {
      price = close[i] as number;
      reason = EXIT_END_OF_DATA;
    }
    const eq =
      reason >= 0
        ? (cash += closePosition(run, x, side, qty, entryPrice, f, i, price, reason))
        : cash + side * qty * (close[i] as number);
    const r = eq / prevEq - 1;
    sumR += r;
    sumR2 += r * r;
    prevEq = eq;
    if (eqOut !== null) eqOut[i - run.start] = eq;
    let halt = false;
    if (eq > peak) peak = eq;
    else halt = eq < peak * ddKeep;
    if (reason >= 0) {
      run.cash = cash;
      run.peak = peak;
      run.sumR = sumR;
      run.sumR2 = sumR2;
      run.held = held;
      if (halt) run.halted = true;
      return i;
    }
    if (halt) {
      run.halted = true;
      pending = EXIT_MAX_DRAWDOWN;
    } else if (exitSignal(x, i, side, rules)) pending = EXIT_SIGNAL;
  }
}

/**
 * Fills the exit at `rawPrice` with slippage against the trader and commission, counts the trade
 * (recording it when asked) and returns the cash it adds: side·qty·fill − commission·qty.
 */
function closePosition(
  run: RunState,
  x: StrategyInputs,
  side: Side,
  qty: number,
  entryPrice: number,
  f: number,
  i: number,
  rawPrice: number,
  reason: number,
): number {
  const exitPrice = rawPrice * (1 - side * run.slippage);
  const exitFee = run.commission * qty;
  run.trades++;
  if (run.tradeList !== null) {
    const fees = 2 * exitFee;
    const pnl = side * qty * (exitPrice - entryPrice);
    run.tradeList.push({
      side: side === 1 ? 'long' : 'short',
      entryIndex: f,
      exitIndex: i,
      entryDecisionIndex: f - 1,
      exitDecisionIndex: reason === EXIT_SIGNAL || reason === EXIT_MAX_DRAWDOWN ? i - 1 : i,
      entryTime: x.bars.time[f] as number,
      exitTime: x.bars.time[i] as number,
      entryPrice,
      exitPrice,
      quantity: qty,
      fees,
      pnl,
      netPnl: pnl - fees,
      reason: EXIT_REASONS[reason] as (typeof EXIT_REASONS)[number],
    });
  }
  return side * qty * exitPrice - exitFee;
}
