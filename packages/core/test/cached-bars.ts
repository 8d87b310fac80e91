import type { Db } from '@tradebot/db';
import { DAY_MS, previousTradingDay } from '@tradebot/market';

/** One daily bar as the tests store it (day: days since 1970). */
export interface TestBar {
  day: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A listing of `source` (no bars yet); its id. */
export async function listing(db: Db, source: 'csv' | 'alpaca', symbol: string): Promise<number> {
  const row = await db.company.create({
    data: { source, symbol, companyName: `${symbol} Inc.` },
    select: { id: true },
  });
  return row.id;
}

/** Stores bars of a listing; `adjusted` scales the adjusted close (1: stored adjusted, Alpaca). */
export async function storeBars(
  db: Db,
  companyId: number,
  bars: readonly TestBar[],
  adjusted = 1,
): Promise<void> {
  await db.dailyBar.createMany({
    data: bars.map((b) => ({
      companyId,
      date: new Date(b.day * DAY_MS),
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      adjustedClose: b.close * adjusted,
      volume: BigInt(b.volume),
    })),
  });
}

/** `n` trading days ending with `lastDay`, oldest first. */
export function tradingDaysTo(lastDay: number, n: number): number[] {
  const days = [lastDay];
  while (days.length < n) days.unshift(previousTradingDay(days[0] as number));
  return days;
}

/** A seeded random walk of daily bars on `days` (deterministic for a seed). */
export function walkBars(days: readonly number[], start: number, seed: number): TestBar[] {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  let price = start;
  return days.map((day) => {
    const open = price * (1 + (next() - 0.5) * 0.01);
    const close = Math.max(1, open * (1 + (next() - 0.5) * 0.05));
    const high = Math.max(open, close) * (1 + next() * 0.01);
    const low = Math.min(open, close) * (1 - next() * 0.01);
    price = close;
    const r = (x: number) => Math.round(x * 100) / 100;
    return {
      day,
      open: r(open),
      high: r(high),
      low: r(low),
      close: r(close),
      volume: 1_000_000 + Math.floor(next() * 500_000),
    };
  });
}
