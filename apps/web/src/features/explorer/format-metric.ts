import type { TExplorerMetric } from '@tradebot/api-contract';

/** Column headers of the 24 metrics (the toggle buttons and the table). */
export const METRIC_LABELS: Record<TExplorerMetric, string> = {
  market_cap: 'Market cap',
  pe_ratio: 'P/E',
  pb_ratio: 'P/B',
  dividend_yield: 'Dividend yield',
  roe: 'ROE',
  roa: 'ROA',
  gross_margin: 'Gross margin',
  operating_margin: 'Operating margin',
  ev_ebitda: 'EV/EBITDA',
  ps_ratio: 'P/S',
  peg_ratio: 'PEG',
  rsi: 'RSI',
  atr_percent: 'ATR %',
  macd: 'MACD',
  revenue_growth: 'Revenue growth',
  earnings_growth: 'Earnings growth',
  eps: 'EPS',
  net_profit_margin: 'Net margin',
  book_value_per_share: 'Book value/share',
  interest_coverage: 'Interest coverage',
  average_volume: 'Avg volume',
  description: 'Description',
  domain: 'Domain',
  last_updated: 'Last updated',
};

/** Shown for a value the listing does not have. */
export const MISSING = '—';

/** Metrics held in percent (12.5 is 12.5 %): shown with a % sign. */
const PERCENT_METRICS = new Set<TExplorerMetric>([
  'dividend_yield',
  'roe',
  'roa',
  'gross_margin',
  'operating_margin',
  'atr_percent',
  'revenue_growth',
  'earnings_growth',
  'net_profit_margin',
]);

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 2 decimals with thousands separators; a tiny negative value reads as zero, not "-0.00". */
function decimal(value: number): string {
  const text = twoDecimals.format(value);
  return text === '-0.00' ? '0.00' : text;
}

/** A share count read at a glance: 263,920.73 → "263.92K", 12,500,000 → "12.50M". */
function shares(value: number): string {
  const size = Math.abs(value);
  if (size >= 1e9) return `${decimal(value / 1e9)}B`;
  if (size >= 1e6) return `${decimal(value / 1e6)}M`;
  if (size >= 1e3) return `${decimal(value / 1e3)}K`;
  return decimal(value);
}

/**
 * Market cap in billions to 2 decimals ("2.35B"), other numbers to 2 decimals; for
 * people: thousands separators, percentages with a % sign, the average volume in K/M/B. Text as
 * it is; the update time as a date.
 */
export function formatMetric(metric: TExplorerMetric, value: unknown): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (metric === 'last_updated' && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? MISSING : date.toISOString().slice(0, 10);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return MISSING;
    if (metric === 'market_cap') return `${decimal(value / 1e9)}B`;
    if (metric === 'average_volume') return shares(value);
    if (PERCENT_METRICS.has(metric)) return `${decimal(value)}%`;
    return decimal(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? MISSING;
}

/** The page count is ceil(total / 100) (at least one page). */
export const pageCount = (total: number, pageSize = 100) =>
  Math.max(1, Math.ceil(total / pageSize));
