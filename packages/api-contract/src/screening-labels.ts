import type { ScreenCriteria } from '@tradebot/strategy';

/**
 * Each screening criterion as the Stock Screening form labels it, in the form's order. The
 * server's messages name a criterion this way too, never by its field name.
 */
export const SCREENING_LABELS: Readonly<Record<keyof ScreenCriteria, string>> = {
  max_rsi: 'Max RSI',
  min_atr_percent: 'Min ATR %',
  min_average_volume: 'Min average volume',
  max_beta: 'Max beta',
  min_beta: 'Min beta',
  min_market_cap: 'Min market cap',
  max_pe_ratio: 'Max P/E',
  max_pb_ratio: 'Max P/B',
  min_dividend_yield: 'Min dividend yield',
  min_free_cash_flow: 'Min free cash flow',
  min_roe: 'Min ROE',
  min_roa: 'Min ROA',
  min_gross_margin: 'Min gross margin',
  min_operating_margin: 'Min operating margin',
  min_current_ratio: 'Min current ratio',
  max_debt_to_equity: 'Max debt/equity',
  max_ev_ebitda: 'Max EV/EBITDA',
  max_ps_ratio: 'Max P/S',
  max_peg_ratio: 'Max PEG',
  max_price_to_free_cash_flow: 'Max price/FCF',
  exclude_reits: 'Exclude REITs',
  exclude_spacs: 'Exclude SPACs',
  exclude_etfs: 'Exclude ETFs',
  min_revenue_growth: 'Min revenue growth',
  min_earnings_growth: 'Min earnings growth',
};

/** A criterion as the form labels it ("Max P/E"); a name that is no criterion as it is. */
export const criterionLabel = (criterion: string): string =>
  (SCREENING_LABELS as Readonly<Record<string, string>>)[criterion] ?? criterion;
