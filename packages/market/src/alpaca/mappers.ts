import { allocBars, type Bars } from '@tradebot/strategy';
import { DAY_MS, dayFromIso } from '../calendar/days.js';
import { newYorkDayOf, newYorkInstant } from '../calendar/new-york-time.js';
import { REGULAR_CLOSE_MINUTES, type TradingSession } from '../calendar/nyse.js';
import type { NewsItem } from '../ports/market-data.port.js';
import { AlpacaPayloadError } from './errors.js';
import type { z } from 'zod';
import type { ZBar, ZCalendar, ZNewsPage } from './schemas.js';

type AlpacaBar = z.output<typeof ZBar>;
type AlpacaNews = NonNullable<z.output<typeof ZNewsPage>['news']>[number];
type AlpacaCalendarDay = z.output<typeof ZCalendar>[number];

/**
 * Alpaca's daily bars (stamped at midnight New York time) as the port's `Bars`: time = midnight
 * UTC of the New York trading date, oldest first. Keeps only dates in [fromDay, toDay] and at or
 * before `lastCompletedDay` (Alpaca serves today's bar while the session runs; the port shows
 * completed sessions only). Dates must strictly increase across all pages, else the payload is
 * refused.
 */
export function barsFromAlpaca(
  symbol: string,
  rows: readonly AlpacaBar[],
  days: { fromDay: number; toDay: number; lastCompletedDay: number },
  call: string,
): Bars {
  const kept: { day: number; bar: AlpacaBar }[] = [];
  let previous = -Infinity;
  rows.forEach((bar, i) => {
    const day = barDay(bar, previous, `bars[${i}]`, call);
    previous = day;
    if (isKeptDay(day, days)) kept.push({ day, bar });
  });
  const out = allocBars(symbol, kept.length);
  kept.forEach(({ day, bar }, i) => {
    out.time[i] = day * DAY_MS;
    out.open[i] = bar.o;
    out.high[i] = bar.h;
    out.low[i] = bar.l;
    out.close[i] = bar.c;
    out.volume[i] = bar.v;
  });
  return out;
}

/**
 * The New York trading day of a daily bar (Alpaca stamps it at midnight New York time); dates
 * must strictly increase after `previous`, else the payload is refused.
 */
export function barDay(bar: AlpacaBar, previous: number, where: string, call: string): number {
  const day = newYorkDayOf(bar.t);
  if (day <= previous) {
    throw new AlpacaPayloadError(call, [`${where}.t: dates not increasing (${bar.t})`]);
  }
  return day;
}

/** A bar's day is served when it is in [fromDay, toDay] and its session has completed. */
export function isKeptDay(
  day: number,
  days: { fromDay: number; toDay: number; lastCompletedDay: number },
): boolean {
  return day >= days.fromDay && day <= days.toDay && day <= days.lastCompletedDay;
}

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** A `/v2/calendar` row as a `TradingSession` (instants from New York wall times). */
export function sessionFromAlpaca(row: AlpacaCalendarDay): TradingSession {
  const day = dayFromIso(row.date);
  const close = minutesOf(row.close);
  return {
    day,
    open: newYorkInstant(day, minutesOf(row.open)),
    close: newYorkInstant(day, close),
    earlyClose: close < REGULAR_CLOSE_MINUTES,
  };
}

/**
 * One Alpaca article as port items: one per requested symbol it mentions (the port's item has a
 * single symbol, like the spec's news record), with ids `alpaca-<article id>-<SYMBOL>`.
 */
export function newsFromAlpaca(article: AlpacaNews, wanted: ReadonlySet<string>): NewsItem[] {
  const symbols = [...new Set(article.symbols.map((s) => s.toUpperCase()))];
  return symbols
    .filter((s) => wanted.has(s))
    .map((symbol) => ({
      id: `alpaca-${article.id}-${symbol}`,
      symbol,
      title: article.headline,
      description: article.summary ?? '',
      url: article.url ?? '',
      source: article.source,
      publishedAt: article.created_at,
    }));
}
