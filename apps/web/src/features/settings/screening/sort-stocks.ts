import type { TScreenedStock } from '@tradebot/api-contract';

export type ScoreOrder = 'none' | 'desc' | 'asc';

/** Next order when the ML score header is clicked: best first, then worst first, then as listed. */
export const nextOrder = (order: ScoreOrder): ScoreOrder =>
  order === 'none' ? 'desc' : order === 'desc' ? 'asc' : 'none';

/** By ML score in the given order; stocks without a score always last, ties by symbol. */
export function sortByScore(stocks: readonly TScreenedStock[], order: ScoreOrder) {
  if (order === 'none') return [...stocks];
  const sign = order === 'desc' ? -1 : 1;
  return [...stocks].sort((a, b) => {
    if (a.ml_score === null || b.ml_score === null)
      return a.ml_score === b.ml_score
        ? a.symbol.localeCompare(b.symbol)
        : a.ml_score === null
          ? 1
          : -1;
    return sign * (a.ml_score - b.ml_score) || a.symbol.localeCompare(b.symbol);
  });
}

/** Numbers to 2 decimals; unknown shows as a dash. */
export const fixed2 = (value: number | null) => (value === null ? '–' : value.toFixed(2));
