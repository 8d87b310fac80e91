import {
  SCREENING_BOUNDS,
  SCREENING_DEFAULTS,
  SCREENING_LABELS,
  server,
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

const numeric = (key: NumericKey, unit?: string): NumericField => ({
  key,
  label: SCREENING_LABELS[key],
  ...SCREENING_BOUNDS[key],
  ...(unit ? { unit } : {}),
  basic: SCREENING_DEFAULTS[key] !== null,
});

/** The 22 numeric criteria in the product's order, with labels and bounds (api-contract's). */
export const NUMERIC_FIELDS: readonly NumericField[] = [
  numeric('max_rsi'),
  numeric('min_atr_percent', '%'),
  numeric('min_average_volume', 'shares/day'),
  numeric('max_beta'),
  numeric('min_beta'),
  numeric('min_market_cap', '$'),
  numeric('max_pe_ratio'),
  numeric('max_pb_ratio'),
  numeric('min_dividend_yield', '%'),
  numeric('min_free_cash_flow', '$'),
  numeric('min_roe', '%'),
  numeric('min_roa', '%'),
  numeric('min_gross_margin', '%'),
  numeric('min_operating_margin', '%'),
  numeric('min_current_ratio'),
  numeric('max_debt_to_equity'),
  numeric('max_ev_ebitda'),
  numeric('max_ps_ratio'),
  numeric('max_peg_ratio'),
  numeric('max_price_to_free_cash_flow'),
  numeric('min_revenue_growth', '%'),
  numeric('min_earnings_growth', '%'),
];

export const FLAG_FIELDS: readonly { key: FlagKey; label: string }[] = (
  ['exclude_reits', 'exclude_spacs', 'exclude_etfs'] as const
).map((key) => ({ key, label: SCREENING_LABELS[key] }));

/** An emptied numeric input is null ("no filter"). */
export const numberOrNull = (value: string | number): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The first criterion outside its bounds, as the server's message naming it (by its label), or
 * null when all are fine.
 */
export function outOfBounds(criteria: TScreeningCriteria): string | null {
  for (const field of NUMERIC_FIELDS) {
    const value = criteria[field.key];
    if (value !== null && (value < field.min || value > field.max))
      return server.screeningCriterionBounds(field.label, field.min, field.max);
  }
  return null;
}
