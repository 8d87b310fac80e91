import { companyIdOf, lastBarDates, readBatchBars, type BarRow, type Db } from '@tradebot/db';
import { DAY_MS, isoFromDay } from '@tradebot/market';
import { allocBars, type Bars } from '@tradebot/strategy';

/** A universe whose bars are rows of `daily_bars` (the csv import, the Alpaca cache). */
export type StoredSource = 'csv' | 'alpaca';

/** Forty years: every stored bar of a symbol. */
const ALL_DAYS = 365 * 40;

/**
 * Rows of `daily_bars` as the strategy's bars, split- and dividend-adjusted as the metrics read
 * them: open, high and low scaled by adjusted/close (1 for the Alpaca cache, stored adjusted).
 */
function barsOf(symbol: string, rows: readonly BarRow[]): Bars {
  const bars = allocBars(symbol, rows.length);
  rows.forEach(([, day, open, high, low, close, adjusted, volume], i) => {
    const factor = close > 0 ? adjusted / close : 1;
    bars.time[i] = day * DAY_MS;
    bars.open[i] = open * factor;
    bars.high[i] = high * factor;
    bars.low[i] = low * factor;
    bars.close[i] = adjusted;
    bars.volume[i] = volume;
  });
  return bars;
}

async function rowsOf(
  db: Db,
  source: StoredSource,
  symbol: string,
  fromDay: number,
  toDay: number,
): Promise<BarRow[]> {
  const id = await companyIdOf(db, source, symbol);
  if (id === null) return [];
  return readBatchBars(db, [id], { from: isoFromDay(fromDay), to: isoFromDay(toDay) });
}

/** A symbol's stored bars with dates in [fromDay, toDay] (days since 1970), oldest first. */
export async function storedBars(
  db: Db,
  source: StoredSource,
  symbol: string,
  fromDay: number,
  toDay: number,
): Promise<Bars> {
  return barsOf(symbol, await rowsOf(db, source, symbol, fromDay, toDay));
}

/**
 * The last `calendarDays` days of a symbol's stored bars up to `toDay`, counted back from its
 * last stored bar (the csv history ends in the past; the Alpaca cache at the last session).
 */
export async function storedTail(
  db: Db,
  source: StoredSource,
  symbol: string,
  calendarDays: number,
  toDay: number,
): Promise<Bars> {
  const all = await rowsOf(db, source, symbol, toDay - ALL_DAYS, toDay);
  const last = all[all.length - 1];
  if (last === undefined) return allocBars(symbol, 0);
  const fromDay = last[1] - calendarDays;
  return barsOf(
    symbol,
    all.filter((row) => row[1] >= fromDay),
  );
}

/** The day (since 1970) of each symbol's last stored bar; symbols with none are left out. */
export async function lastStoredDays(
  db: Db,
  source: StoredSource,
  symbols: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const [symbol, date] of await lastBarDates(db, source, symbols)) {
    out.set(symbol, Math.floor(date.getTime() / DAY_MS));
  }
  return out;
}
