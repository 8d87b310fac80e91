import {
  SCREENING_BOUNDS,
  SCREENING_DEFAULTS,
  type TScreeningCriteria,
} from '@tradebot/api-contract';

type NumericKey = keyof typeof SCREENING_BOUNDS;
type FlagKey = Exclude<keyof TScreeningCriteria, NumericKey>;

export interface NumericField {
  key: NumericKey;
  label: string;
  min: number;
  max: number;
  /** Shown beside the input: percents as percents, money in dollars. */
  unit?: string;
  /** Shown without "Show Advanced Filters": the five criteria with defaults. */
  basic: boolean;
}

const numeric = (key: NumericKey, label: string, unit?: string): NumericField => ({
  key,
  label,
  ...SCREENING_BOUNDS[key],
  ...(unit ? { unit } : {}),
  basic: SCREENING_DEFAULTS[key] !== null,
});

/** The 22 numeric criteria in the product's order, with bounds (api-contract's). */
export const NUMERIC_FIELDS: readonly NumericField[] = [
  numeric('max_rsi', 'Max RSI'),
  numeric('min_atr_percent', 'Min ATR %', '%'),
  numeric('min_average_volume', 'Min average volume', 'shares/day'),
  numeric('max_beta', 'Max beta'),
  numeric('min_beta', 'Min beta'),
  numeric('min_market_cap', 'Min market cap', '$'),
  numeric('max_pe_ratio', 'Max P/E'),
  numeric('max_pb_ratio', 'Max P/B'),
  numeric('min_dividend_yield', 'Min dividend yield', '%'),
  numeric('min_free_cash_flow', 'Min free cash flow', '$'),
  numeric('min_roe', 'Min ROE', '%'),
  numeric('min_roa', 'Min ROA', '%'),
  numeric('min_gross_margin', 'Min gross margin', '%'),
  numeric('min_operating_margin', 'Min operating margin', '%'),
  numeric('min_current_ratio', 'Min current ratio'),
  numeric('max_debt_to_equity', 'Max debt/equity'),
  numeric('max_ev_ebitda', 'Max EV/EBITDA'),
  numeric('max_ps_ratio', 'Max P/S'),
  numeric('max_peg_ratio', 'Max PEG'),
  numeric('max_price_to_free_cash_flow', 'Max price/FCF'),
  numeric('min_revenue_growth', 'Min revenue growth', '%'),
  numeric('min_earnings_growth', 'Min earnings growth', '%'),
];

export const FLAG_FIELDS: readonly { key: FlagKey; label: string }[] = [
  { key: 'exclude_reits', label: 'Exclude REITs' },
  { key: 'exclude_spacs', label: 'Exclude SPACs' },
  { key: 'exclude_etfs', label: 'Exclude ETFs' },
];

const LABELS = new Map<string, string>(
  [...NUMERIC_FIELDS, ...FLAG_FIELDS].map((field) => [field.key, field.label]),
);

/** A criterion as the form labels it ("Max P/E"), not its field name; unknown names as they are. */
export const criterionLabel = (criterion: string): string => LABELS.get(criterion) ?? criterion;

/** An emptied numeric input is null ("no filter"). */
export const numberOrNull = (value: string | number): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The first criterion outside its bounds, as a message naming it, or null when all are fine. */
export function outOfBounds(criteria: TScreeningCriteria): string | null {
  for (const field of NUMERIC_FIELDS) {
    const value = criteria[field.key];
    if (value !== null && (value < field.min || value > field.max))
      return `${field.label} must be from ${field.min.toLocaleString('en-US')} to ${field.max.toLocaleString('en-US')}.`;
  }
  return null;
}
