/**
 * The one time rule of the screens. Everything the market did (bars, decisions, orders, fills,
 * trades, logs, notifications) happened at a market time: it is shown on the exchange's clock,
 * New York, labelled "ET", whatever the reader's time zone. On the demo market that is the demo
 * clock's time, its date included. Wall time (a trial's end, an account's dates) is shown only
 * where it is wall time, in the reader's zone and labelled "your time".
 */

const DASH = '–';

const NEW_YORK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const NEW_YORK_DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const WALL = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function instant(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** "2026-01-09T20:59:00Z" → "Jan 9, 2026 15:59 ET"; null or unreadable → "–". */
export function formatMarketTime(iso: string | null | undefined): string {
  const ms = instant(iso);
  if (ms === null) return DASH;
  const parts = Object.fromEntries(NEW_YORK.formatToParts(ms).map((p) => [p.type, p.value]));
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ET`;
}

/** The market date of an instant: "Jan 9, 2026 ET". */
export function formatMarketDate(iso: string | null | undefined): string {
  const ms = instant(iso);
  return ms === null ? DASH : `${NEW_YORK_DAY.format(ms)} ET`;
}

/** A wall-clock instant in the reader's zone: "Jan 9, 2026, 3:59 PM (your time)". */
export function formatWallTime(iso: string | null | undefined): string {
  const ms = instant(iso);
  return ms === null ? DASH : `${WALL.format(ms)} (your time)`;
}

/**
 * A live log line "2026-01-05 10:30:00 INFO …" (New York market time, as the server writes it)
 * with its time labelled: "2026-01-05 10:30:00 ET INFO …". Other lines are left as they are.
 */
export function labelLogLine(line: string): string {
  return line.replace(/^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?)(\s)(?!ET\b)/, '$1 ET$2');
}
