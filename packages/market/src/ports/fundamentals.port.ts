/** What kind of security a listing is (the screener's exclude_reits/spacs/etfs filters). */
export type AssetType = 'stock' | 'reit' | 'spac' | 'etf';

/** Who a company is: fixed for a listing. */
export interface CompanyProfile {
  symbol: string;
  company_name: string;
  sector: string;
  industry: string;
  /** Web domain, used for logos and the screener's domain link. */
  domain: string;
  description: string;
  exchange: string;
  asset_type: AssetType;
}

/**
 * A company with its fundamentals as of `last_updated`, in the field names of the stock
 * record and the screening criteria. Units: money in US dollars; fields named `*_margin`, `roe`,
 * `roa`, `dividend_yield`, `payout_ratio`, `*_growth` in **percent** (the screener's bounds in
 * the screening bounds are percents); ratios plain. A value that is not meaningful (P/E of a loss-making
 * company, PEG with shrinking earnings, anything for an ETF) is null, never 0 or Infinity.
 */
export interface CompanyFundamentals extends CompanyProfile {
  /** Price the price-based ratios use: the last completed close. */
  price: number;
  shares_outstanding: number;
  float_shares: number;
  market_cap: number;
  /** Mean daily volume of the last 30 completed sessions. */
  average_volume: number;
  /** Slope of the stock's daily returns on the market index's. */
  beta: number;
  week_52_high: number;
  week_52_low: number;
  revenue: number | null;
  ebitda: number | null;
  free_cash_flow: number | null;
  eps: number | null;
  book_value_per_share: number | null;
  dividend_per_share: number;
  pe_ratio: number | null;
  pb_ratio: number | null;
  ps_ratio: number | null;
  peg_ratio: number | null;
  ev_ebitda: number | null;
  price_to_free_cash_flow: number | null;
  dividend_yield: number;
  payout_ratio: number | null;
  roe: number | null;
  roa: number | null;
  gross_margin: number | null;
  operating_margin: number | null;
  net_profit_margin: number | null;
  current_ratio: number | null;
  debt_to_equity: number | null;
  interest_coverage: number | null;
  revenue_growth: number | null;
  earnings_growth: number | null;
  /** ms since the epoch (market time) of the price the ratios use. */
  last_updated: number;
}

/** The fundamentals / universe port: what can be traded and what is known about it. */
export interface FundamentalsPort {
  /** Every listing with its fundamentals, in symbol order. */
  listUniverse(): Promise<CompanyFundamentals[]>;
  /** One listing (symbol case-insensitive), or null when unknown. */
  getCompany(symbol: string): Promise<CompanyFundamentals | null>;
}
