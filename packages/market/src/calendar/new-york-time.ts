import { DAY_MS, nthWeekday } from './days.js';

/**
 * US Eastern time by the rules of the Energy Policy Act of 2005 (from 2007: second Sunday of
 * March to first Sunday of November) and the rules before it (1987–2006: first Sunday of April
 * to last Sunday of October). Computed, not read from the machine's time-zone database, so the
 * NYSE session instants are the same on every machine.
 */
function dstRange(year: number): { start: number; end: number } {
  if (year >= 2007) return { start: nthWeekday(year, 3, 0, 2), end: nthWeekday(year, 11, 0, 1) };
  return { start: nthWeekday(year, 4, 0, 1), end: nthWeekday(year, 10, 0, -1) };
}

/** True when daylight saving time is in force in New York at noon of `day`. */
export function isNewYorkDst(day: number): boolean {
  const year = new Date(day * DAY_MS).getUTCFullYear();
  const { start, end } = dstRange(year);
  return day >= start && day < end;
}

/** Hours New York is behind UTC on `day` (4 in summer, 5 in winter). */
export function newYorkOffsetHours(day: number): number {
  return isNewYorkDst(day) ? 4 : 5;
}

/**
 * The instant of a New York wall time on `day`, given as minutes after midnight. Exact for the
 * session hours (the change-over happens at 2 am, outside them).
 */
export function newYorkInstant(day: number, minutes: number): number {
  return day * DAY_MS + (minutes + newYorkOffsetHours(day) * 60) * 60_000;
}

/** The New York calendar day an instant falls in. */
export function newYorkDayOf(ms: number): number {
  const guess = Math.floor((ms - 5 * 3_600_000) / DAY_MS);
  // In summer the guess can be one day early in the hour before midnight UTC-4.
  return newYorkInstant(guess + 1, 0) <= ms ? guess + 1 : guess;
}
