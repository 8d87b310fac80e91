import { previousTradingDay, sessionOf, type TradingSession } from '../calendar/nyse.js';
import { newYorkDayOf } from '../calendar/new-york-time.js';
import type { SimFill, SimPosition } from './sim-ledger.js';

/**
 * The session whose close the day's P&L counts from: the last one on a trading day before the
 * New York date of `now` (Alpaca's `last_equity`, "equity as of the previous trading day at
 * 16:00 ET"), so a Monday, before its open, during it and after its close, counts from Friday's.
 */
export function previousSession(now: number): TradingSession {
  return sessionOf(previousTradingDay(newYorkDayOf(now))) as TradingSession;
}

/**
 * Cash and positions as they were at a past instant: the fills made after it (`fills`) undone
 * with the book's own arithmetic (a fill of d signed shares at P with commission c moved cash by
 * −d·P − c and the position by d). Symbols left at 0 shares are dropped.
 */
export function bookBefore(
  cash: number,
  positions: readonly Pick<SimPosition, 'symbol' | 'qty'>[],
  fills: readonly Pick<SimFill, 'symbol' | 'side' | 'qty' | 'price' | 'commission'>[],
): { cash: number; held: Map<string, number> } {
  const held = new Map(positions.map((p) => [p.symbol, p.qty]));
  let before = cash;
  for (const f of fills) {
    const d = f.side === 'buy' ? f.qty : -f.qty;
    before += d * f.price + f.commission;
    held.set(f.symbol, (held.get(f.symbol) ?? 0) - d);
  }
  for (const [symbol, qty] of held) if (qty === 0) held.delete(symbol);
  return { cash: before, held };
}

/**
 * Equity of `book` with each position marked at `closeOf` (the session's close); null when a
 * held symbol has no close to mark it at.
 */
export async function equityAt(
  book: { cash: number; held: ReadonlyMap<string, number> },
  closeOf: (symbol: string) => Promise<number | null>,
): Promise<number | null> {
  let equity = book.cash;
  for (const [symbol, qty] of book.held) {
    const close = await closeOf(symbol);
    if (close === null) return null;
    equity += qty * close;
  }
  return equity;
}
