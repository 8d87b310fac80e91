/** A stock with the backtest's verdict: true = no robust edge, false = edge, null = never backtested. */
export interface WithVerdict {
  symbol: string;
  no_robust_edge: boolean | null;
}

/** The stocks whose backtest does not support trading them: no robust edge, or never backtested. */
export function unprovenStocks<T extends WithVerdict>(entries: readonly T[]): T[] {
  return entries.filter((entry) => entry.no_robust_edge !== false);
}

/** "12 of 15 stocks have a robust edge in their backtest" (null for an empty list). */
export function edgeEvidenceLine(entries: readonly WithVerdict[]): string | null {
  if (entries.length === 0) return null;
  const proven = entries.length - unprovenStocks(entries).length;
  const total = entries.length;
  const verb = total === 1 ? 'has' : proven === 1 ? 'has' : 'have';
  return `${proven} of ${total} ${total === 1 ? 'stock' : 'stocks'} ${verb} a robust edge in ${total === 1 ? 'its' : 'their'} backtest`;
}
