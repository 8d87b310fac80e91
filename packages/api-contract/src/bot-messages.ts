/** The bot's log lines and the notifications its tick sends (core/src/bot/engine/tick.ts). */
export const botTick = {
  decidedNothing: (symbol: string, date: string) => `${symbol}: no signal at the close of ${date}.`,
  entrySent: (side: 'buy' | 'sell', qty: number, symbol: string, date: string) =>
    `${symbol}: ${side === 'buy' ? 'buy' : 'short sale'} of ${qty} shares sent for the next open (decided on ${date}).`,
  exitSent: (qty: number, symbol: string, reason: string) =>
    `${symbol}: exit of ${qty} shares sent for the next open (${reason === 'max_drawdown' ? 'drawdown halt' : 'exit signal'}).`,
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
  tickFailed: (reason: string) => `The trading bot could not complete its check: ${reason}`,
  internalFault:
    'The last check stopped on an error of ours; it was logged and the next check runs as usual.',
} as const;

/** The dashboard's Open orders panel and its cancel (core/src/bot/reads/open-orders.ts). */
export const openOrderTexts = {
  canceled: (symbol: string) => `${symbol}: the entry waiting for the next open was canceled.`,
  notWaiting: 'No entry waiting for the next open has that order id.',
  confirmCancel: (symbol: string, qty: number) =>
    `Cancel the ${symbol} entry of ${qty} shares waiting for the next open? The bot decides ${symbol} again on its next bar.`,
};
