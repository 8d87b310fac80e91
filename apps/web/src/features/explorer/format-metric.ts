import type { TExplorerMetric } from '@tradebot/api-contract';

/** Column headers of the 24 metrics (the toggle buttons and the table). */
export const METRIC_LABELS: Record<TExplorerMetric, string> = {
  market_cap: 'Market cap',
  pe_ratio: 'P/E',
  pb_ratio: 'P/B',
  dividend_yield: 'Dividend yield %',
  roe: 'ROE %',
  roa: 'ROA %',
  gross_margin: 'Gross margin %',
  operating_margin: 'Operating margin %',
  ev_ebitda: 'EV/EBITDA',
  ps_ratio: 'P/S',
  peg_ratio: 'PEG',
  rsi: 'RSI',
  atr_percent: 'ATR %',
  macd: 'MACD',
  revenue_growth: 'Revenue growth %',
  earnings_growth: 'Earnings growth %',
  eps: 'EPS',
  net_profit_margin: 'Net margin %',
  book_value_per_share: 'Book value/share',
  interest_coverage: 'Interest coverage',
  average_volume: 'Avg volume',
  description: 'Description',
  domain: 'Domain',
  last_updated: 'Last updated',
};

/** Shown for a value the listing does not have. */
export const MISSING = '—';

/**
 * Market cap in billions to 2 decimals ("2.35B"), other numbers to 2 decimals; text
 * as it is; the update time as a date.
 */
export function formatMetric(metric: TExplorerMetric, value: unknown): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (metric === 'last_updated' && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? MISSING : date.toISOString().slice(0, 10);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return MISSING;
    if (metric === 'market_cap') return `${(value / 1e9).toFixed(2)}B`;
    const fixed = value.toFixed(2);
    // A tiny negative value rounds to zero, not to "-0.00".
    return fixed === '-0.00' ? '0.00' : fixed;
  }
  return String(value);
}

/** The page count is ceil(total / 100) (at least one page). */
export const pageCount = (total: number, pageSize = 100) =>
  Math.max(1, Math.ceil(total / pageSize));
