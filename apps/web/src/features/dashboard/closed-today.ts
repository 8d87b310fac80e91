import { sameSessionLine, type TBotTrade } from '@tradebot/api-contract';

const newYorkDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The New York trading date (YYYY-MM-DD) of an ISO instant. */
function dayOf(iso: string): string {
  return newYorkDate.format(new Date(iso));
}

/**
 * What the positions panel says about trades that never showed as a position: those opened and
 * closed within the session of the newest exit, in a symbol not held now, oldest first, e.g.
 * "KUPR: bought 85 at $12.30, stopped out at $11.95 the same session".
 */
export function closedToday(
  trades: readonly TBotTrade[] | undefined,
  held: readonly string[],
): string[] {
  if (trades === undefined || trades.length === 0) return [];
  const latest = trades.reduce((a, t) => (t.exit_at > a ? t.exit_at : a), trades[0]!.exit_at);
  const today = dayOf(latest);
  return trades
    .filter(
      (t) => !held.includes(t.symbol) && dayOf(t.exit_at) === today && dayOf(t.entry_at) === today,
    )
    .sort((a, b) => (a.exit_at < b.exit_at ? -1 : 1))
    .map((t) =>
      sameSessionLine({
        symbol: t.symbol,
        side: t.side,
        qty: t.qty,
        entryPrice: t.entry_price,
        exitPrice: t.exit_price,
        reason: t.reason,
      }),
    );
}
