/**
 * Calendar dates as day numbers: whole days since 1970-01-01 (UTC). A trading date is a day
 * number; arithmetic on them never depends on the machine's time zone.
 */
export const DAY_MS = 86_400_000;

/** Day number of a `YYYY-MM-DD` date. */
export function dayFromIso(date: string): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  if (!(y > 0 && m >= 1 && m <= 12 && d >= 1 && d <= 31) || date[4] !== '-' || date[7] !== '-') {
    throw new RangeError(`bad date "${date}", expected YYYY-MM-DD`);
  }
  return dayFromYmd(y, m, d);
}

/** Day number of year, month (1–12), day of month. */
export function dayFromYmd(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** `YYYY-MM-DD` of a day number. */
export function isoFromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC calendar day an instant (ms since the epoch) falls in. */
export function dayOfInstant(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Day number of the n-th (1-based) given weekday of a month; n = -1 for the last one. */
export function nthWeekday(year: number, month: number, dow: number, n: number): number {
  if (n > 0) {
    const first = dayFromYmd(year, month, 1);
    return first + ((dow - weekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayFromYmd(year, month + 1, 1) - 1;
  return last - ((weekday(last) - dow + 7) % 7);
}
