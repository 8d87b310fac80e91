/**
 * How the bell shows a notification's status (spec §3 Notification: message, timestamp,
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

/** "just now", "5 min ago", "3 h ago", else the date and time; in the reader's locale. */
export function notificationTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1 && minutes > -1) return 'just now';
  if (minutes > 0 && minutes < 60) return `${minutes} min ago`;
  if (minutes >= 60 && minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
