/**
 * How the dashboard writes the bot's figures: money in dollars with a real minus sign,
 * percentages that are already percent (drawdown_pct 3.5 = 3.5 %), a dash for "not known yet".
 */

const DASH = '–';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234.5 → "$1,234.50"; −80 → "−$80.00"; null → "–". */
export function money(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const text = dollars.format(Math.abs(value));
  return value < 0 ? `−${text}` : text;
}

/** A profit or loss: "+$12.00", "−$3.50", "$0.00". */
export function signedMoney(value: number | null | undefined): string {
  const text = money(value);
  return value !== null && value !== undefined && value > 0 ? `+${text}` : text;
}

/** 3.456 (already percent) → "3.46 %"; null → "–". */
export function percent(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const text = `${Math.abs(value).toFixed(digits)} %`;
  return value < 0 ? `−${text}` : text;
}

/** Green for a gain, red for a loss, nothing for zero or unknown. */
export function pnlColor(value: number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === 0) return undefined;
  return value > 0 ? 'teal' : 'red';
}

/** A share count: 12 → "12", 0.5 → "0.5", −3 → "−3". */
export function quantity(value: number): string {
  const text = Math.abs(value).toLocaleString('en-US', { maximumFractionDigits: 4 });
  return value < 0 ? `−${text}` : text;
}

/** Market status from `is_open` (null: the clock could not be read). */
export function marketStatusLabel(
  isOpen: boolean | null | undefined,
): 'Open' | 'Closed' | 'Unknown' {
  if (isOpen === true) return 'Open';
  if (isOpen === false) return 'Closed';
  return 'Unknown';
}

/**
 * Monitored symbols: Holding when qty > 0, else Watching. A short position has a
 * negative qty and is held too, so any non-zero qty counts.
 */
export function holdingLabel(qty: number): 'Holding' | 'Watching' {
  return qty !== 0 ? 'Holding' : 'Watching';
}

/** "stop_loss" → "Stop loss"; null → "–". */
export function reasonLabel(reason: string | null | undefined): string {
  if (!reason) return DASH;
  const words = reason.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where the bot trades, as the badge says it. */
export function modeLabel(mode: 'demo' | 'paper' | 'live' | null | undefined): string {
  if (mode === 'demo') return 'Demo market';
  if (mode === 'paper') return 'Paper';
  if (mode === 'live') return 'Live (real money)';
  return 'Not started yet';
}
