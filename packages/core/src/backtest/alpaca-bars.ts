import type { Db } from '@tradebot/db';
import { lastCompletedTradingDay, type AlpacaFeed } from '@tradebot/market';
import type { Bars } from '@tradebot/strategy';
import { lastStoredDays, storedTail } from './stored-bars.js';

/**
 * The Alpaca cache's supplier: one data key's feed and the top-up that brings symbols' cached
 * bars (`daily_bars` of `companies` with source `alpaca`) up to a completed session.
 */
export interface AlpacaBarsFeed {
  /** What the key reads: `iex` (free) or `sip` (every US exchange). */
  feed: AlpacaFeed;
  /** Tops up `symbols`' cached bars to the last session completed at `now` (ms); throws when Alpaca fails. */
  topUp(symbols: readonly string[], now: number): Promise<void>;
}

/**
 * Brings the cached bars of `symbols` up to the last session completed at `now`: only symbols
 * whose last cached bar is older are asked for, so a fresh cache costs no request. Returns the
 * symbols still behind afterwards (no bar for that session: not published yet, or not traded).
 */
export async function topUpBehind(
  db: Db,
  supplier: AlpacaBarsFeed,
  symbols: readonly string[],
  now: number,
): Promise<string[]> {
  const toDay = lastCompletedTradingDay(now);
  const behind = async () => {
    const last = await lastStoredDays(db, 'alpaca', symbols);
    return symbols.filter((s) => (last.get(s) ?? -Infinity) < toDay);
  };
  const stale = await behind();
  if (stale.length === 0) return [];
  await supplier.topUp(stale, now);
  return behind();
}

/**
 * A backtest's bars on the Alpaca cache: the symbol's cached bars topped up to the last session
 * completed at `now` first (when a supplier is given), then the tail the plan needs.
 */
export async function alpacaBars(
  db: Db,
  supplier: AlpacaBarsFeed | null,
  symbol: string,
  calendarDays: number,
  now: number,
): Promise<Bars> {
  if (supplier !== null) await topUpBehind(db, supplier, [symbol], now);
  return storedTail(db, 'alpaca', symbol, calendarDays, lastCompletedTradingDay(now));
}
