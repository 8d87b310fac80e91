import type { DecisionFacts, SideFacts } from '@tradebot/strategy';
import { counted } from './counts.js';

/** The parameters a decision's explanation names (RSI period and thresholds, SMA period, risk). */
export interface ExplainParams {
  rsiPeriod: number;
  rsiBuy: number;
  rsiSell: number;
  smaPeriod: number;
  /** Risk per trade as a fraction (0.02 = 2 %). */
  risk: number;
  shortAtrThreshold: number;
}

const n1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'not warm');
const n2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'not warm');

function sideWhy(f: SideFacts, p: ExplainParams, long: boolean, dipWindow: number): string {
  const rsi = `RSI(${p.rsiPeriod})`;
  const level = long ? p.rsiBuy : p.rsiSell;
  const dip = Number.isNaN(f.rsi)
    ? `${rsi} is not warm yet`
    : `${rsi} was ${f.extreme ? '' : 'not '}${long ? 'below' : 'above'} ${level} in the last ${dipWindow} bars (${long ? 'lowest' : 'highest'} ${n1(f.rsi)})`;
  const turn =
    f.turn === 'macd'
      ? `MACD ${f.turned ? 'crossed' : 'did not cross'} ${long ? 'above' : 'below'} its signal`
      : `${rsi} ${f.turned ? 'crossed' : 'did not cross'} back ${long ? 'above' : 'below'} ${level}`;
  return f.extreme && !f.turned ? `${dip}, but ${turn}` : `${dip}; ${turn}`;
}

/**
 * Why a decision sent nothing, from the rules' own tests at that close: the dip and the turn of
 * each side while flat, the exit events while holding, the drawdown halt.
 */
export function decisionWhy(facts: DecisionFacts, p: ExplainParams, dipWindow: number): string {
  if (facts.halted) return 'the drawdown halt holds';
  if (facts.exit !== null) {
    const e = facts.exit;
    const parts = [
      `the close ${n2(facts.close)} ${e.smaCrossed ? 'crossed' : 'did not cross'} its SMA(${p.smaPeriod}) ${n2(facts.sma)}`,
      `RSI(${p.rsiPeriod}) ${n1(facts.rsi)} ${e.rsiCrossed ? 'crossed' : 'did not cross'} its exit threshold`,
    ];
    if (e.macdCrossed !== null)
      parts.push(
        `MACD ${e.macdCrossed ? 'crossed' : 'did not cross'} its signal against the position`,
      );
    return `holding; no exit signal: ${parts.join('; ')}`;
  }
  const entry = facts.entry;
  if (entry === null) return 'no entry test ran';
  if (entry.signal !== 0)
    return `${entry.signal === 1 ? 'long' : 'short'} signal, but 0 shares at ${(p.risk * 100).toFixed(1).replace(/\.0$/, '')} % risk (ATR ${n2(facts.atr)}, close ${n2(facts.close)})`;
  const long = sideWhy(entry.long, p, true, dipWindow);
  if (entry.short === null) return long;
  const s = entry.short;
  const longOn = entry.long.extreme && entry.long.turned;
  const shortOn = s.extreme && s.turned && s.hasRange;
  if (longOn && shortOn) return 'the long and short signals contradict each other';
  const range = s.hasRange
    ? ''
    : `; ATR is ${n1(s.atrPercent)} % of the close, under ${p.shortAtrThreshold} %`;
  return `${long}; short: ${sideWhy(s, p, false, dipWindow)}${range}`;
}

/** The bot's log lines and the notifications its tick sends (core/src/bot/engine/tick.ts). */
export const botTick = {
  decidedNothing: (symbol: string, date: string, why: string) =>
    `${symbol}: no signal at the close of ${date}: ${why}.`,
  signalSizedToZero: (symbol: string, date: string, why: string) =>
    `${symbol}: at the close of ${date}: ${why}.`,
  entrySent: (
    side: 'buy' | 'sell',
    qty: number,
    symbol: string,
    date: string,
    order: { type: string; timeInForce: string },
  ) =>
    `${symbol}: ${side === 'buy' ? 'buy' : 'short sale'} of ${qty} shares sent (${order.type}, time in force ${order.timeInForce}) for the next open (decided on the close of ${date}).`,
  exitSent: (
    qty: number,
    symbol: string,
    reason: string,
    date: string,
    order: { side: string; type: string; timeInForce: string },
  ) =>
    `${symbol}: exit ${order.side} of ${qty} shares sent (${order.type}, time in force ${order.timeInForce}) for the next open (${reason === 'max_drawdown' ? 'drawdown halt' : 'exit signal'}, decided on the close of ${date}).`,
  stoppedSessions: (count: number, through: string) =>
    `${counted(count, 'session', 'sessions')} passed while the bot was stopped (through ${through}); not traded.`,
  orderSent: (
    symbol: string,
    id: string,
    order: { side: string; qty: number; type: string; timeInForce: string },
  ) =>
    `${symbol}: order ${id} sent: ${order.side} ${order.qty} shares (${order.type}, time in force ${order.timeInForce}).`,
  orderAccepted: (symbol: string, id: string) => `${symbol}: order ${id} accepted by the broker.`,
  orderPartlyFilled: (symbol: string, id: string, filled: number, qty: number, price: number) =>
    `${symbol}: order ${id} partially filled: ${filled} of ${qty} shares at ${price.toFixed(2)} on average.`,
  orderFilled: (
    symbol: string,
    id: string,
    side: string,
    filled: number,
    price: number,
    reference: number | null,
  ) => {
    const slip =
      reference === null || !(reference > 0)
        ? ''
        : ` (${(((price - reference) / reference) * 100).toFixed(2)} % against the deciding close ${reference.toFixed(2)})`;
    return `${symbol}: order ${id} filled: ${side === 'buy' ? 'bought' : 'sold'} ${filled} shares at ${price.toFixed(2)}${slip}.`;
  },
  orderEnded: (
    symbol: string,
    id: string,
    status: string,
    filled: number,
    qty: number,
    why: string,
  ) =>
    `${symbol}: order ${id} ${status === 'canceled' ? 'was canceled' : status === 'expired' ? 'expired' : `is ${status}`} with ${filled} of ${qty} shares filled (${why}).`,
  protectiveExit: (
    symbol: string,
    reason: 'stop_loss' | 'take_profit' | 'trailing_stop',
    side: string,
    qty: number,
    price: number,
    level: number | null,
  ) =>
    `${symbol}: ${reason === 'stop_loss' ? 'stop-loss' : reason === 'take_profit' ? 'take-profit' : 'trailing stop'} exit: ${side === 'buy' ? 'bought' : 'sold'} ${qty} shares at ${price.toFixed(2)}${level === null ? '' : ` (level ${level.toFixed(2)})`}.`,
  resumed: 'Trading resumed: the restart cleared the drawdown halt.',
  killSwitch: (canceled: number, closed: number) =>
    `Kill switch: the bot stopped, ${counted(canceled, 'open order', 'open orders')} canceled, ${counted(closed, 'position', 'positions')} being closed.`,
  entryHalted: (symbol: string) =>
    `${symbol}: entry signal skipped: the bot is halted by the maximum drawdown.`,
  entryTooBig: (symbol: string, cost: number, buyingPower: number) =>
    `${symbol}: entry skipped: it needs ${cost.toFixed(2)} but the buying power is ${buyingPower.toFixed(2)}.`,
  entryBusy: (symbol: string) => `${symbol}: entry skipped: an order for it is still open.`,
  exitUnderWay: (symbol: string) =>
    `${symbol}: exit signal: an order closing the position is already under way.`,
  missedOpen: (symbol: string, date: string) =>
    `${symbol}: the bar of ${date} was not decided before the next open; waiting for the next bar.`,
  noBar: (symbol: string, date: string) => `${symbol}: no bar for ${date} yet.`,
  barsNotToppedUp: (date: string, detail: string) =>
    `Alpaca's daily bars could not be brought up to ${date}, so nothing was decided on older bars (${detail}).`,
  halted: (equity: number, peak: number, maxDrawdown: number) =>
    `Trading halted: equity ${equity.toFixed(2)} is more than ${(maxDrawdown * 100).toFixed(1)} % below its peak ${peak.toFixed(2)}. No new positions are opened; exits and protective orders still run. Restart the bot to resume.`,
  haltReason: (maxDrawdown: number) =>
    `Maximum drawdown of ${(maxDrawdown * 100).toFixed(1)} % reached`,
  orderState: (symbol: string, id: string, status: string) =>
    `${symbol}: order ${id} is ${status}.`,
  orderRejected: (symbol: string, reason: string) =>
    `${symbol}: the broker refused the order: ${reason}`,
  orderTimedOut: (symbol: string, id: string, filled: number, qty: number) =>
    filled > 0
      ? `${symbol}: order ${id} timed out with ${filled} of ${qty} shares filled; the rest was canceled.`
      : `${symbol}: order ${id} timed out unfilled and was canceled.`,
  orderLost: (symbol: string, id: string) =>
    `${symbol}: the broker's answer to order ${id} was lost; it will be looked up by its id.`,
  orderResent: (symbol: string, id: string, attempt: number) =>
    `${symbol}: order ${id} sent again (attempt ${attempt}).`,
  orderFailed: (symbol: string, id: string, attempts: number) =>
    `${symbol}: order ${id} failed after ${attempts} attempts.`,
  orderTooLate: (symbol: string, id: string) =>
    `${symbol}: order ${id} was not placed before the open it was meant for; dropped.`,
  protectionPlaced: (symbol: string, qty: number, stop: number, target: number, why: string) =>
    `${symbol}: protective orders placed for ${qty} shares: stop-loss ${stop.toFixed(2)}, take-profit ${target.toFixed(2)} (${why}).`,
  protectionMissing: 'no stop-loss or take-profit at the broker',
  protectionWrongQty: (held: number) =>
    `the protective orders did not cover the ${held} shares held`,
  protectionWrongLevel: 'the protective levels differed from the entry fill',
  protectionFailed: (symbol: string, reason: string) =>
    `${symbol}: the position has no stop-loss or take-profit at the broker and placing them failed: ${reason}. The next check tries again.`,
  protectionImpossible: (symbol: string) =>
    `${symbol}: the stop-loss and take-profit of the stored parameters are not on either side of the entry price; no protective orders were placed.`,
  closeRefused: (symbol: string, reason: string) =>
    `${symbol}: the broker refused to close the position: ${reason}. It is still open; its stop-loss and take-profit are put back.`,
  trailingStop: (symbol: string, price: number, level: number) =>
    `${symbol}: trailing stop hit (last ${price.toFixed(2)}, level ${level.toFixed(2)}); closing at market.`,
  sameSession: (t: SameSessionTrade) => sameSessionLine(t),
  tickFailed: (reason: string) => `The trading bot could not complete its check: ${reason}`,
  internalFault:
    'The last check stopped on an error of ours; it was logged and the next check runs as usual.',
} as const;

/** A trade opened and closed within one session (never seen as a position between reads). */
export interface SameSessionTrade {
  symbol: string;
  side: 'long' | 'short';
  qty: number;
  entryPrice: number;
  exitPrice: number;
  reason: string | null;
}

const usd = (n: number) => `$${n.toFixed(2)}`;

/** "KUPR: bought 85 at $12.30, stopped out at $11.95 the same session". */
export function sameSessionLine(t: SameSessionTrade): string {
  const qty = Number.isInteger(t.qty) ? String(t.qty) : t.qty.toFixed(4);
  const opened = t.side === 'long' ? 'bought' : 'sold short';
  const closed =
    t.reason === 'stop_loss'
      ? 'stopped out'
      : t.reason === 'take_profit'
        ? 'took profit'
        : t.reason === 'trailing_stop'
          ? 'trailing stop hit'
          : t.side === 'long'
            ? 'sold'
            : 'covered';
  return `${t.symbol}: ${opened} ${qty} at ${usd(t.entryPrice)}, ${closed} at ${usd(t.exitPrice)} the same session`;
}
/** The dashboard's Open orders panel and its cancel (core/src/bot/reads/open-orders.ts). */
export const openOrderTexts = {
  canceled: (symbol: string) => `${symbol}: the entry waiting for the next open was canceled.`,
  notWaiting: 'No entry waiting for the next open has that order id.',
  confirmCancel: (symbol: string, qty: number) =>
    `Cancel the ${symbol} entry of ${qty} shares waiting for the next open? The bot decides ${symbol} again on its next bar.`,
};
