import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dayFromIso, isoFromDay } from './days.js';
import { isNewYorkDst } from './new-york-time.js';
import {
  closureReason,
  easterSunday,
  isEarlyClose,
  isMarketOpenAt,
  isTradingDay,
  lastCompletedTradingDay,
  nextCloseAfter,
  nextOpenAfter,
  nyseHolidays,
  sessionOf,
  tradingDaysBetween,
} from './nyse.js';

const closed = (iso: string) => !isTradingDay(dayFromIso(iso));
const at = (iso: string) => Date.parse(iso);

describe('NYSE holidays', () => {
  it('computes Easter, hence Good Friday', () => {
    expect(isoFromDay(easterSunday(2000))).toBe('2000-04-23');
    expect(isoFromDay(easterSunday(2024))).toBe('2024-03-31');
    expect(isoFromDay(easterSunday(2049))).toBe('2049-04-18');
    expect(isoFromDay(easterSunday(2100))).toBe('2100-03-28');
    expect(closureReason(dayFromIso('2024-03-29'))).toBe('Good Friday');
    expect(closureReason(dayFromIso('2021-04-02'))).toBe('Good Friday');
  });

  it('observes Juneteenth from 2022 only, moving it off weekends', () => {
    expect(closed('2021-06-18')).toBe(false);
    expect(closureReason(dayFromIso('2022-06-20'))).toBe('Juneteenth'); // Sunday the 19th
    expect(closed('2023-06-19')).toBe(true);
    expect(closureReason(dayFromIso('2027-06-18'))).toBe('Juneteenth'); // Saturday the 19th
  });

  it('moves July 4 and Christmas off weekends, but not a Saturday New Year', () => {
    expect(closureReason(dayFromIso('2020-07-03'))).toBe('Independence Day');
    expect(closureReason(dayFromIso('2021-07-05'))).toBe('Independence Day');
    expect(closureReason(dayFromIso('2022-12-26'))).toBe('Christmas Day');
    expect(closureReason(dayFromIso('2021-12-24'))).toBe('Christmas Day');
    expect(closed('2021-12-31')).toBe(false); // 2022-01-01 is a Saturday
    expect(closureReason(dayFromIso('2023-01-02'))).toBe("New Year's Day");
  });

  it('has the Monday holidays, Thanksgiving and the unscheduled closures', () => {
    expect(closed('2024-01-15')).toBe(true); // MLK
    expect(closed('2024-02-19')).toBe(true); // Washington's Birthday
    expect(closed('2024-05-27')).toBe(true); // Memorial Day
    expect(closed('2024-09-02')).toBe(true); // Labor Day
    expect(closureReason(dayFromIso('2024-11-28'))).toBe('Thanksgiving Day');
    expect(closed('2012-10-29') && closed('2012-10-30') && closed('2025-01-09')).toBe(true);
    expect(closureReason(dayFromIso('2024-06-01'))).toBe('Weekend');
    for (let y = 2000; y <= 2100; y++) expect(nyseHolidays(y).size).toBeGreaterThanOrEqual(8);
  });

  it('closes early on July 3, the day after Thanksgiving and Christmas Eve', () => {
    expect(isEarlyClose(dayFromIso('2024-07-03'))).toBe(true);
    expect(isEarlyClose(dayFromIso('2024-11-29'))).toBe(true);
    expect(isEarlyClose(dayFromIso('2024-12-24'))).toBe(true);
    expect(isEarlyClose(dayFromIso('2022-07-01'))).toBe(false); // July 4 on a Monday
    expect(isEarlyClose(dayFromIso('2020-07-03'))).toBe(false); // a holiday that year
    expect(isEarlyClose(dayFromIso('2024-07-05'))).toBe(false);
    const s = sessionOf(dayFromIso('2024-11-29'));
    expect(new Date(s?.close ?? 0).toISOString()).toBe('2024-11-29T18:00:00.000Z');
  });
});

describe('sessions in New York time', () => {
  it('agrees with the time-zone database on daylight saving time, 2000–2040', () => {
    const fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      timeZoneName: 'short',
    });
    for (let d = dayFromIso('2000-01-01'); d < dayFromIso('2040-01-01'); d++) {
      const name = fmt.format(new Date(d * 86_400_000 + 17 * 3_600_000));
      expect(isNewYorkDst(d), isoFromDay(d)).toBe(name.endsWith('EDT'));
    }
  });

  it('opens 9:30–16:00 New York time, in winter and in summer', () => {
    expect(sessionOf(dayFromIso('2024-03-08'))?.open).toBe(at('2024-03-08T14:30:00Z'));
    expect(sessionOf(dayFromIso('2024-03-11'))?.open).toBe(at('2024-03-11T13:30:00Z'));
    expect(isMarketOpenAt(at('2024-03-11T13:29:59Z'))).toBe(false);
    expect(isMarketOpenAt(at('2024-03-11T13:30:00Z'))).toBe(true);
    expect(isMarketOpenAt(at('2024-03-11T19:59:59Z'))).toBe(true);
    expect(isMarketOpenAt(at('2024-03-11T20:00:00Z'))).toBe(false);
    expect(isMarketOpenAt(at('2024-03-09T15:00:00Z'))).toBe(false); // Saturday
  });

  it('gives the next open and close like a broker clock', () => {
    // Friday evening before a Monday holiday (MLK 2024-01-15): next open is Tuesday.
    const fri = at('2024-01-12T22:00:00Z');
    expect(new Date(nextOpenAfter(fri)).toISOString()).toBe('2024-01-16T14:30:00.000Z');
    expect(new Date(nextCloseAfter(fri)).toISOString()).toBe('2024-01-16T21:00:00.000Z');
    // During a session the next close is today's, the next open tomorrow's.
    const mid = at('2024-01-16T16:00:00Z');
    expect(new Date(nextCloseAfter(mid)).toISOString()).toBe('2024-01-16T21:00:00.000Z');
    expect(new Date(nextOpenAfter(mid)).toISOString()).toBe('2024-01-17T14:30:00.000Z');
    expect(isoFromDay(lastCompletedTradingDay(mid))).toBe('2024-01-12');
    expect(isoFromDay(lastCompletedTradingDay(at('2024-01-16T21:00:00Z')))).toBe('2024-01-16');
  });
});

const pricesDir = fileURLToPath(
  new URL('../../../../../shared/data/prices-daily', import.meta.url),
);

describe.skipIf(!existsSync(pricesDir))('against real exchange dates (../shared/data)', () => {
  it('lists exactly the trading days of the reference price files, 2011–2021', () => {
    const file = readdirSync(pricesDir).find((f) => f === 'CVX.csv') ?? 'CVX.csv';
    const dates = readFileSync(`${pricesDir}/${file}`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.slice(0, 10));
    const first = dayFromIso(dates[0] as string);
    const last = dayFromIso(dates[dates.length - 1] as string);
    expect(tradingDaysBetween(first, last).map(isoFromDay)).toEqual(dates);
  });
});
