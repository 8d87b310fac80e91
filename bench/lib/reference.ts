/**
 * The straightforward reference implementation of the rules in packages/strategy/README.md
 * ("Rules: what the bot does"), written independently of the package's kernel so that it can check it:
 * for every parameter set it computes its own indicators with technicalindicators (nothing shared
 * between parameter sets), then walks the bars with plain arrays and a position object.
 *
 * Where the README leaves a detail open, the choice made here is marked READING below; the identity
 * check in bench/backtest.ts shows whether the kernel made the same one. Readings taken here:
 * P (the entry price of the stop and target levels) is the fill price, slippage included; the trailing
 * extreme starts at P and takes in each bar's high (low) after that bar's checks, the entry bar's
 * included; protective fills at a level pay slippage and commission like any fill; sizing reads the
 * per-stock `risk_per_trade` (not the settings' one); the long cash cut includes the commission; one
 * partial-fill draw u per entry order that reaches its fill (none for an entry dropped on the last bar);
 * RSI is 50 when a window has neither gains nor losses.
 */
import type { BacktestConfig, ExitReason, SimWindow, StockParams, Trade } from '@tradebot/strategy';
import { mulberry32 } from '@tradebot/strategy/testing';
import type { Bars } from './data.js';
import { tiIndicators, type TiIndicators } from './ti-indicators.js';

export type { BacktestConfig, SimWindow, Trade };

export interface RefResult {
  profit: number;
  finalEquity: number;
  trades: number;
  tradeList: Trade[];
}

/** Exit reasons, as the README names them (`signal`: an exit signal at the close). */
export const REASON = {
  signal: 'signal',
  stopLoss: 'stop_loss',
  takeProfit: 'take_profit',
  trailingStop: 'trailing_stop',
  maxDrawdown: 'max_drawdown',
  endOfData: 'end_of_data',
} as const satisfies Record<string, ExitReason>;

interface Position {
  side: Trade['side'];
  entryIndex: number;
  /** The close that decided the entry. */
  decidedAt: number;
  entryPrice: number;
  quantity: number;
  entryFees: number;
  /** Long: highest high since entry (starts at the entry price); short: lowest low. */
  extreme: number;
}

interface Order {
  side: Trade['side'];
  quantity: number;
  /** The close that decided it. */
  decidedAt: number;
}

interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** One backtest of `p` on `bars` with the README rules; trades in [window.start, window.end). */
export function referenceRun(
  bars: Bars,
  p: StockParams,
  config: BacktestConfig,
  window?: SimWindow,
): RefResult {
  const close = Array.from(bars.close);
  const ind = tiIndicators(close, Array.from(bars.high), Array.from(bars.low), p);
  return referenceSimulate(bars, ind, p, config, window);
}

export function referenceSimulate(
  bars: Bars,
  ind: TiIndicators,
  p: StockParams,
  config: BacktestConfig,
  window?: SimWindow,
): RefResult {
  const start = window?.start ?? 0;
  const end = window?.end ?? bars.close.length;
  const slip = config.slippage_percent / 100;
  const commission = config.commission_per_share;
  const allowShort = config.allowShort ?? true;
  const shortAtrThreshold = config.shortAtrThreshold ?? 1.5;
  const random = mulberry32(config.seed);

  let cash = config.initial_balance;
  let peak = config.initial_balance;
  let halted = false;
  let position: Position | null = null;
  let pendingExit: ExitReason | null = null;
  /** The close that decided the pending exit. */
  let pendingExitAt = -1;
  let pendingEntry: Order | null = null;
  const trades: Trade[] = [];
  /** The open position (read through a function: the helpers below open and close it). */
  const openPosition = (): Position | null => position;

  const barAt = (i: number): Bar => ({
    open: bars.open[i] as number,
    high: bars.high[i] as number,
    low: bars.low[i] as number,
    close: bars.close[i] as number,
  });

  /** Closes the open position at `price` (before slippage) on bar i. */
  const closePosition = (i: number, price: number, reason: ExitReason, decidedAt = i): void => {
    const pos = position as Position;
    const fee = commission * pos.quantity;
    let exitPrice: number;
    let pnl: number;
    if (pos.side === 'long') {
      exitPrice = price * (1 - slip);
      cash += pos.quantity * exitPrice - fee;
      pnl = pos.quantity * (exitPrice - pos.entryPrice);
    } else {
      exitPrice = price * (1 + slip);
      cash -= pos.quantity * exitPrice + fee;
      pnl = pos.quantity * (pos.entryPrice - exitPrice);
    }
    const fees = pos.entryFees + fee;
    trades.push({
      side: pos.side,
      entryIndex: pos.entryIndex,
      exitIndex: i,
      entryDecisionIndex: pos.decidedAt,
      exitDecisionIndex: decidedAt,
      entryTime: bars.time[pos.entryIndex] as number,
      exitTime: bars.time[i] as number,
      entryPrice: pos.entryPrice,
      exitPrice,
      quantity: pos.quantity,
      fees,
      pnl,
      netPnl: pnl - fees,
      reason,
    });
    position = null;
  };

  /** Fills an entry order at bar i's open: cash cut (longs), then the partial-fill draws. */
  const fillEntry = (i: number, order: Order, open: number): void => {
    const price = order.side === 'long' ? open * (1 + slip) : open * (1 - slip);
    let quantity = order.quantity;
    // README: one draw u per order that reaches its fill, then the long is cut to what the cash pays
    // for (READING: commission of the fill included).
    const u = random();
    if (u < config.partial_fill_probability) quantity = Math.floor(quantity * random());
    if (order.side === 'long')
      quantity = Math.min(quantity, Math.floor(cash / (price + commission)));
    if (quantity < 1) return;
    const fee = commission * quantity;
    if (order.side === 'long') cash -= quantity * price + fee;
    else cash += quantity * price - fee;
    position = {
      side: order.side,
      entryIndex: i,
      decidedAt: order.decidedAt,
      entryPrice: price,
      quantity,
      entryFees: fee,
      extreme: price,
    };
  };

  /** Stop-loss, trailing stop and take-profit inside bar i; returns [price, reason] or null. */
  const protectiveExit = (pos: Position, bar: Bar): [number, ExitReason] | null => {
    const trail = config.trailing_stop_pct;
    if (pos.side === 'long') {
      const stopLoss = pos.entryPrice * (1 - p.stop_loss_percentage / 100);
      const takeProfit = pos.entryPrice * (1 + p.take_profit_percentage / 100);
      const trailing = pos.extreme * (1 - trail);
      const useTrail = trail > 0 && trailing > stopLoss;
      const stop = useTrail ? trailing : stopLoss;
      const stopReason = useTrail ? REASON.trailingStop : REASON.stopLoss;
      // The open first, on every bar: a gap, or a stop the entry's slippage already crossed.
      if (bar.open <= stop) return [bar.open, stopReason];
      if (bar.open >= takeProfit) return [bar.open, REASON.takeProfit];
      if (bar.low <= stop) return [stop, stopReason]; // worst case: the stop before the target
      if (bar.high >= takeProfit) return [takeProfit, REASON.takeProfit];
      return null;
    }
    const stopLoss = pos.entryPrice * (1 + p.short_stop_loss_percentage / 100);
    const takeProfit = pos.entryPrice * (1 - p.short_take_profit_percentage / 100);
    const trailing = pos.extreme * (1 + trail);
    const useTrail = trail > 0 && trailing < stopLoss;
    const stop = useTrail ? trailing : stopLoss;
    const stopReason = useTrail ? REASON.trailingStop : REASON.stopLoss;
    if (bar.open >= stop) return [bar.open, stopReason];
    if (bar.open <= takeProfit) return [bar.open, REASON.takeProfit];
    if (bar.high >= stop) return [stop, stopReason];
    if (bar.low <= takeProfit) return [takeProfit, REASON.takeProfit];
    return null;
  };

  // Crosses as the README defines them: a[i] vs b[i] now and a[i−1] vs b[i−1] before; a NaN on
  // either bar makes the comparison false, so nothing crosses out of warm-up.
  const crossAbove = (a: ArrayLike<number>, b: ArrayLike<number>, i: number): boolean =>
    i >= 1 && (a[i] as number) > (b[i] as number) && (a[i - 1] as number) <= (b[i - 1] as number);
  const crossBelow = (a: ArrayLike<number>, b: ArrayLike<number>, i: number): boolean =>
    i >= 1 && (a[i] as number) < (b[i] as number) && (a[i - 1] as number) >= (b[i - 1] as number);
  const level = (value: number): number[] => Array.from({ length: bars.close.length }, () => value);
  const buyLevel = level(p.rsi_buy_threshold);
  const sellLevel = level(p.rsi_sell_threshold);
  /** Some RSI of bars i − 14 … i (the README's dip window of 15 bars) passes `test`. */
  const recently = (i: number, test: (rsi: number) => boolean): boolean =>
    ind.rsi.slice(Math.max(0, i - 14), i + 1).some((r) => test(r));
  const longTurn = (i: number): boolean =>
    p.macd_crossover ? crossAbove(ind.macd, ind.signal, i) : crossAbove(ind.rsi, buyLevel, i);
  const shortTurn = (i: number): boolean =>
    p.macd_crossunder ? crossBelow(ind.macd, ind.signal, i) : crossBelow(ind.rsi, sellLevel, i);

  for (let i = start; i < end; i++) {
    const bar = barAt(i);
    const atr = ind.atr[i] as number;

    // 1. Pending orders fill at the open: the exit first, then the entry.
    if (pendingExit !== null && openPosition())
      closePosition(i, bar.open, pendingExit, pendingExitAt);
    pendingExit = null;
    if (pendingEntry) fillEntry(i, pendingEntry, bar.open);
    pendingEntry = null;

    // 2. Protective exits inside the bar; otherwise the trailing extreme takes in this bar.
    const pos = openPosition();
    if (pos) {
      const hit = protectiveExit(pos, bar);
      if (hit) closePosition(i, hit[0], hit[1]);
      else
        pos.extreme =
          pos.side === 'long' ? Math.max(pos.extreme, bar.high) : Math.min(pos.extreme, bar.low);
    }

    // 3. At the close: equity, drawdown halt, exit signal, entry signal.
    const held = openPosition();
    const equity = held
      ? cash + (held.side === 'long' ? held.quantity : -held.quantity) * bar.close
      : cash;
    if (equity > peak) peak = equity;
    if (equity < peak * (1 - p.max_drawdown)) halted = true;

    if (held) {
      pendingExitAt = i;
      if (halted) pendingExit = REASON.maxDrawdown;
      else if (
        held.side === 'long'
          ? crossAbove(bars.close, ind.sma, i) ||
            crossAbove(ind.rsi, sellLevel, i) ||
            (p.macd_crossunder && crossBelow(ind.macd, ind.signal, i))
          : crossBelow(bars.close, ind.sma, i) ||
            crossBelow(ind.rsi, buyLevel, i) ||
            (p.macd_crossover && crossAbove(ind.macd, ind.signal, i))
      )
        pendingExit = REASON.signal;
    }

    // README: an entry is only decided at a close where no position is open.
    if (halted || held || i === end - 1) continue; // an entry decided on the last bar is dropped
    const goLong = longTurn(i) && recently(i, (r) => r < p.rsi_buy_threshold);
    const goShort =
      allowShort &&
      shortTurn(i) &&
      recently(i, (r) => r > p.rsi_sell_threshold) &&
      (100 * atr) / bar.close >= shortAtrThreshold;
    // README: a long and a short turning on the same close contradict each other: no entry.
    if (goLong === goShort) continue;
    const byRisk = Math.floor((equity * p.risk_per_trade) / (p.atr_multiplier * atr));
    const byCash = Math.floor(equity / (bar.close * (1 + slip)));
    const quantity = Math.min(byRisk, byCash);
    if (quantity >= 1) pendingEntry = { side: goLong ? 'long' : 'short', quantity, decidedAt: i }; // NaN (cold ATR) → no order
  }

  // End of data: an open position closes at the last close, with costs.
  if (openPosition()) closePosition(end - 1, bars.close[end - 1] as number, REASON.endOfData);
  return {
    profit: cash - config.initial_balance,
    finalEquity: cash,
    trades: trades.length,
    tradeList: trades,
  };
}
