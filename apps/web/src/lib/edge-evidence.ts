/** A stock with the backtest's verdict: true = no robust edge, false = edge, null = never backtested. */
export interface WithVerdict {
  symbol: string;
  no_robust_edge: boolean | null;
}

/** The stocks whose backtest does not support trading them: no robust edge, or never backtested. */
export function unprovenStocks<T extends WithVerdict>(entries: readonly T[]): T[] {
  return entries.filter((entry) => entry.no_robust_edge !== false);
}

/** "Robust edge in the backtest: 12 of 15 stocks" (null for an empty list). */
export function edgeEvidenceLine(entries: readonly WithVerdict[]): string | null {
  if (entries.length === 0) return null;
  const proven = entries.length - unprovenStocks(entries).length;
  const total = entries.length;
  return `Robust edge in the backtest: ${proven} of ${total} ${total === 1 ? 'stock' : 'stocks'}`;
}
