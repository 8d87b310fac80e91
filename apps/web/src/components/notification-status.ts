import { formatMarketTime } from '../lib/market-time';

/**
 * How the bell shows a notification's status (a notification: message, timestamp,
 * status). Statuses are free words from the server: 'completed' (screener, backtest), 'failed',
 * 'info' (bot fills), 'warning' or 'halted' (the bot's drawdown halt), 'error'.
 */
export function statusColor(status: string): string {
  const word = status.toLowerCase();
  if (word === 'completed' || word === 'success' || word === 'filled') return 'teal';
  if (word === 'failed' || word === 'error' || word === 'rejected') return 'red';
  if (word === 'warning' || word === 'warn' || word === 'halted' || word === 'halt')
    return 'orange';
  if (word === 'info') return 'blue';
  return 'gray';
}

/**
 * When a notification happened, on the market's clock (the bot's are stamped with the demo
 * clock's time on the demo market): "Jan 9, 2026 15:59 ET". Never "5 min ago": the demo
 * market's minutes are not the reader's.
 */
export function notificationTime(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? '' : formatMarketTime(iso);
}
