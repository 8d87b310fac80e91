import { server, type TScreenerOutput } from '@tradebot/api-contract';
import { EXCLUSION_CRITERIA, NUMERIC_CRITERIA } from '@tradebot/strategy';

/** Row fields the screener reads from stock_metrics (the rest are the listing's fundamentals). */
const METRIC_FIELDS = new Set(['rsi', 'atr_percent', 'average_volume', 'beta']);

function reasonOf(criterion: string): string {
  if (criterion in EXCLUSION_CRITERIA) return server.criterionNoAssetType;
  const field = NUMERIC_CRITERIA[criterion as keyof typeof NUMERIC_CRITERIA]?.field;
  return field && METRIC_FIELDS.has(field)
    ? server.criterionNoMetrics
    : server.criterionNoFundamentals;
}

/**
 * The output's missing criteria from a run's stored counts: each active criterion some listings
 * lacked, most missing first, `unavailable` when none of the `total` listings had it.
 */
export function missingCriteria(
  stored: unknown,
  total: number,
): NonNullable<TScreenerOutput['missing_criteria']> {
  if (stored === null || typeof stored !== 'object') return [];
  return Object.entries(stored as Record<string, unknown>)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([criterion, missing]) => ({
      criterion,
      missing,
      unavailable: total > 0 && missing >= total,
      reason: reasonOf(criterion),
    }));
}
