/**
 * The screener's criteria and the one table that says which row
 * field each reads and in what unit. Criteria and rows share units, so the filter converts
 * nothing: percents stay percents (5 means 5 %, never 0.05), money is US dollars, volume is
 * shares a day, ratios are plain numbers. Adapters convert at the boundary (a provider giving
 * dividend yield as a fraction multiplies by 100 before a row is stored).
 */

/** What kind of security a listing is; the exclude_* criteria read it. */
export type ScreenAssetType = 'stock' | 'reit' | 'spac' | 'etf';

/** Units of the table below, for documentation and the API's error messages. */
export type CriterionUnit = 'percent' | 'usd' | 'shares' | 'ratio' | 'index';

/** A row field a numeric criterion reads. */
export type ScreenField =
  | 'rsi'
  | 'atr_percent'
  | 'average_volume'
  | 'beta'
  | 'market_cap'
  | 'pe_ratio'
  | 'pb_ratio'
  | 'dividend_yield'
  | 'free_cash_flow'
  | 'roe'
  | 'roa'
  | 'gross_margin'
  | 'operating_margin'
  | 'current_ratio'
  | 'debt_to_equity'
  | 'ev_ebitda'
  | 'ps_ratio'
  | 'peg_ratio'
  | 'price_to_free_cash_flow'
  | 'revenue_growth'
  | 'earnings_growth';

export interface NumericCriterion {
  field: ScreenField;
  /** min: the value must be ≥ the criterion; max: ≤ (both inclusive). */
  kind: 'min' | 'max';
  unit: CriterionUnit;
}

/** Criterion → row field, direction and unit: the whole mapping, in the product's order. */
export const NUMERIC_CRITERIA = {
  max_rsi: { field: 'rsi', kind: 'max', unit: 'index' },
  min_atr_percent: { field: 'atr_percent', kind: 'min', unit: 'percent' },
  min_average_volume: { field: 'average_volume', kind: 'min', unit: 'shares' },
  max_beta: { field: 'beta', kind: 'max', unit: 'ratio' },
  min_beta: { field: 'beta', kind: 'min', unit: 'ratio' },
  min_market_cap: { field: 'market_cap', kind: 'min', unit: 'usd' },
  max_pe_ratio: { field: 'pe_ratio', kind: 'max', unit: 'ratio' },
  max_pb_ratio: { field: 'pb_ratio', kind: 'max', unit: 'ratio' },
  min_dividend_yield: { field: 'dividend_yield', kind: 'min', unit: 'percent' },
  min_free_cash_flow: { field: 'free_cash_flow', kind: 'min', unit: 'usd' },
  min_roe: { field: 'roe', kind: 'min', unit: 'percent' },
  min_roa: { field: 'roa', kind: 'min', unit: 'percent' },
  min_gross_margin: { field: 'gross_margin', kind: 'min', unit: 'percent' },
  min_operating_margin: { field: 'operating_margin', kind: 'min', unit: 'percent' },
  min_current_ratio: { field: 'current_ratio', kind: 'min', unit: 'ratio' },
  max_debt_to_equity: { field: 'debt_to_equity', kind: 'max', unit: 'ratio' },
  max_ev_ebitda: { field: 'ev_ebitda', kind: 'max', unit: 'ratio' },
  max_ps_ratio: { field: 'ps_ratio', kind: 'max', unit: 'ratio' },
  max_peg_ratio: { field: 'peg_ratio', kind: 'max', unit: 'ratio' },
  max_price_to_free_cash_flow: { field: 'price_to_free_cash_flow', kind: 'max', unit: 'ratio' },
  min_revenue_growth: { field: 'revenue_growth', kind: 'min', unit: 'percent' },
  min_earnings_growth: { field: 'earnings_growth', kind: 'min', unit: 'percent' },
} as const satisfies Record<string, NumericCriterion>;

export type NumericCriterionKey = keyof typeof NUMERIC_CRITERIA;

/** The exclude_* flags and the asset type each removes. */
export const EXCLUSION_CRITERIA = {
  exclude_reits: 'reit',
  exclude_spacs: 'spac',
  exclude_etfs: 'etf',
} as const satisfies Record<string, ScreenAssetType>;

export type ExclusionCriterionKey = keyof typeof EXCLUSION_CRITERIA;

/** All 25 criteria: a number or null ("no filter") each, and the three exclusion flags. */
export type ScreenCriteria = { [K in NumericCriterionKey]: number | null } & {
  [K in ExclusionCriterionKey]: boolean;
};

/** One listing as the screener sees it: fundamentals joined with its technical metrics. */
export type ScreenRow = { symbol: string; asset_type: ScreenAssetType | null } & {
  [F in ScreenField]: number | null;
};

/** The criterion keys, numeric first then exclusions, in the product's order within each. */
export const NUMERIC_CRITERION_KEYS = Object.keys(NUMERIC_CRITERIA) as NumericCriterionKey[];
export const EXCLUSION_CRITERION_KEYS = Object.keys(EXCLUSION_CRITERIA) as ExclusionCriterionKey[];
