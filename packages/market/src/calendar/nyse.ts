import { dayFromIso, dayFromYmd, nthWeekday, weekday } from './days.js';
import { newYorkDayOf, newYorkInstant } from './new-york-time.js';

/**
 * The NYSE trading calendar as pure functions of day numbers (days.ts): weekends, the full-day
 * holidays of NYSE Rule 7.2 with their observance rules, the known unscheduled closures, and the
 * 1 pm early closes. Valid for 2000–2100 (rules as in force today, projected forward).
 */
export const REGULAR_OPEN_MINUTES = 9 * 60 + 30;
export const REGULAR_CLOSE_MINUTES = 16 * 60;
export const EARLY_CLOSE_MINUTES = 13 * 60;

/**
 * Closures outside the holiday rules: 9/11, the national days of mourning for Presidents Reagan,
 * Ford, G. H. W. Bush and Carter, and Hurricane Sandy.
 */
const UNSCHEDULED_CLOSURES = new Set(
  [
    '2001-09-11',
    '2001-09-12',
    '2001-09-13',
    '2001-09-14',
    '2004-06-11',
    '2007-01-02',
    '2012-10-29',
    '2012-10-30',
    '2018-12-05',
    '2025-01-09',
  ].map(dayFromIso),
);

/** Western (Gregorian) Easter Sunday: the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayFromYmd(year, month, day);
}

/**
 * A fixed-date holiday's observed day: Saturday → the Friday before, Sunday → the Monday after.
 * New Year's Day on a Saturday is not observed at all (the Friday closes a year, Rule 7.2).
 */
function observed(day: number, isNewYear = false): number | null {
  const dow = weekday(day);
  if (dow === 6) return isNewYear ? null : day - 1;
  if (dow === 0) return day + 1;
  return day;
}

const holidayCache = new Map<number, ReadonlyMap<number, string>>();

/** The NYSE full-day holidays of a year (observed dates), by day number, with their names. */
export function nyseHolidays(year: number): ReadonlyMap<number, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const list: [number | null, string][] = [
    [observed(dayFromYmd(year, 1, 1), true), "New Year's Day"],
    [nthWeekday(year, 1, 1, 3), 'Martin Luther King, Jr. Day'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [easterSunday(year) - 2, 'Good Friday'],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    [year >= 2022 ? observed(dayFromYmd(year, 6, 19)) : null, 'Juneteenth'],
    [observed(dayFromYmd(year, 7, 4)), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed(dayFromYmd(year, 12, 25)), 'Christmas Day'],
  ];
  const map = new Map<number, string>();
  for (const [day, name] of list) if (day !== null) map.set(day, name);
  holidayCache.set(year, map);
  return map;
}

function yearOf(day: number): number {
  return new Date(day * 86_400_000).getUTCFullYear();
}

/** Why the exchange is closed all day on `day`, or null when it trades. */
export function closureReason(day: number): string | null {
  const dow = weekday(day);
  if (dow === 0 || dow === 6) return 'Weekend';
  if (UNSCHEDULED_CLOSURES.has(day)) return 'Unscheduled closure';
  return nyseHolidays(yearOf(day)).get(day) ?? null;
}

export function isTradingDay(day: number): boolean {
  return closureReason(day) === null;
}

/**
 * True when `day` is a trading day that closes at 1 pm: the day before Independence Day
 * (July 3 on a Monday to Thursday), the day after Thanksgiving, and Christmas Eve on a weekday.
 */
export function isEarlyClose(day: number): boolean {
  if (!isTradingDay(day)) return false;
  const year = yearOf(day);
  if (day === nthWeekday(year, 11, 4, 4) + 1) return true;
  const july3 = dayFromYmd(year, 7, 3);
  if (day === july3) return weekday(july3) >= 1 && weekday(july3) <= 4;
  return day === dayFromYmd(year, 12, 24);
}

/** One regular session: its date and its opening and closing instants (ms since the epoch). */
export interface TradingSession {
  day: number;
  open: number;
  close: number;
  earlyClose: boolean;
}

/** The session of `day`, or null when the exchange is closed that day. */
export function sessionOf(day: number): TradingSession | null {
  if (!isTradingDay(day)) return null;
  const earlyClose = isEarlyClose(day);
  return {
    day,
    open: newYorkInstant(day, REGULAR_OPEN_MINUTES),
    close: newYorkInstant(day, earlyClose ? EARLY_CLOSE_MINUTES : REGULAR_CLOSE_MINUTES),
    earlyClose,
  };
}

/** The first trading day after `day`. */
export function nextTradingDay(day: number): number {
  let d = day + 1;
  while (!isTradingDay(d)) d++;
  return d;
}

/** The last trading day before `day`. */
export function previousTradingDay(day: number): number {
  let d = day - 1;
  while (!isTradingDay(d)) d--;
  return d;
}

/** Trading days in [from, to], both day numbers, inclusive. */
export function tradingDaysBetween(from: number, to: number): number[] {
  const out: number[] = [];
  for (let d = from; d <= to; d++) if (isTradingDay(d)) out.push(d);
  return out;
}

/** Sessions of the trading days in [from, to]. */
export function sessionsBetween(from: number, to: number): TradingSession[] {
  return tradingDaysBetween(from, to).map((d) => sessionOf(d) as TradingSession);
}

/** True while a regular session is in progress at instant `ms`. */
export function isMarketOpenAt(ms: number): boolean {
  const s = sessionOf(newYorkDayOf(ms));
  return s !== null && ms >= s.open && ms < s.close;
}

/** The first session that has not closed by `ms` (the one in progress, if any). */
export function currentOrNextSession(ms: number): TradingSession {
  let d = newYorkDayOf(ms);
  for (;;) {
    const s = sessionOf(d);
    if (s !== null && s.close > ms) return s;
    d++;
  }
}

/** Opening instant of the next session that opens after `ms`. */
export function nextOpenAfter(ms: number): number {
  const s = currentOrNextSession(ms);
  return s.open > ms ? s.open : (sessionOf(nextTradingDay(s.day)) as TradingSession).open;
}

/** Closing instant of the session in progress at `ms`, or else of the next one. */
export function nextCloseAfter(ms: number): number {
  return currentOrNextSession(ms).close;
}

/** The last trading day whose session has closed at or before `ms`, i.e. the last complete bar. */
export function lastCompletedTradingDay(ms: number): number {
  let d = newYorkDayOf(ms);
  for (;;) {
    const s = sessionOf(d);
    if (s !== null && s.close <= ms) return d;
    d--;
  }
}
