import type { Db } from '@tradebot/db';
import type { AlpacaFeed } from '@tradebot/market';
import type { Bars } from '@tradebot/strategy';
import { lastStoredDays, storedTail } from './stored-bars.js';

/**
 * The Alpaca cache's supplier: one data key's feed and the top-up that brings symbols' cached
 * bars (`daily_bars` of `companies` with source `alpaca`) up to a completed session.
 */
export interface AlpacaBarsFeed {
  /** What the key reads: `iex` (free) or `sip` (every US exchange). */
  feed: AlpacaFeed;
  /** Tops up `symbols`' cached bars to the session of `toDay`; throws when Alpaca fails. */
  topUp(symbols: readonly string[], toDay: number): Promise<void>;
}

/**
 * Brings the cached bars of `symbols` up to the session of `toDay` (the last completed one):
 * only symbols whose last cached bar is older are asked for, so a fresh cache costs no request.
 * Returns the symbols still behind afterwards (no bar for that session: not traded, or unknown).
 */
export async function topUpBehind(
  db: Db,
  supplier: AlpacaBarsFeed,
  symbols: readonly string[],
  toDay: number,
): Promise<string[]> {
  const behind = async () => {
    const last = await lastStoredDays(db, 'alpaca', symbols);
    return symbols.filter((s) => (last.get(s) ?? -Infinity) < toDay);
  };
  const stale = await behind();
  if (stale.length === 0) return [];
  await supplier.topUp(stale, toDay);
  return behind();
}

/**
 * A backtest's bars on the Alpaca cache: the symbol's cached bars topped up to the session of
 * `toDay` first (when a supplier is given), then the tail the plan needs (`calendarDays`).
 */
export async function alpacaBars(
  db: Db,
  supplier: AlpacaBarsFeed | null,
  symbol: string,
  calendarDays: number,
  toDay: number,
): Promise<Bars> {
  if (supplier !== null) await topUpBehind(db, supplier, [symbol], toDay);
  return storedTail(db, 'alpaca', symbol, calendarDays, toDay);
}
