import type { CompanyFundamentals } from '@tradebot/market';
import type { ScreenRow, StockMetrics } from '@tradebot/strategy';

/**
 * What the screener filters and the screened-stocks table shows (symbol, company name,
 * domain, last price, RSI, ATR, MACD): a listing's fundamentals joined with its metrics.
 */
export interface ScreenerRow extends ScreenRow {
  company_name: string;
  domain: string | null;
  last_price: number | null;
  atr: number | null;
  macd: number | null;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * What the join reads of a listing: a provider's `CompanyFundamentals`, or a stored `companies`
 * row, whose columns may be empty (a CSV snapshot without a beta).
 */
export type ScreenerFundamentals = Pick<CompanyFundamentals, 'symbol' | 'company_name'> &
  Nullable<Omit<CompanyFundamentals, 'symbol' | 'company_name' | keyof ScreenerExtras>> &
  Partial<Nullable<Pick<CompanyFundamentals, keyof ScreenerExtras>>>;

/** Provider fields the join never reads (a stored row need not carry them). */
type ScreenerExtras = Pick<
  CompanyFundamentals,
  | 'sector'
  | 'industry'
  | 'description'
  | 'exchange'
  | 'shares_outstanding'
  | 'float_shares'
  | 'week_52_high'
  | 'week_52_low'
  | 'revenue'
  | 'ebitda'
  | 'eps'
  | 'book_value_per_share'
  | 'dividend_per_share'
  | 'payout_ratio'
  | 'net_profit_margin'
  | 'interest_coverage'
  | 'last_updated'
>;

/**
 * The join. Technical values come from our own metrics over stored bars, so every provider is
 * measured alike; average volume and beta fall back to the provider's figures when the bars are
 * too few to compute them (`CompanyFundamentals` defines both the same way: 30-session mean,
 * slope on the index). Everything else is the provider's, in its units (percents as percents).
 */
export function screenerRow(f: ScreenerFundamentals, m: StockMetrics | null): ScreenerRow {
  return {
    symbol: f.symbol,
    asset_type: f.asset_type,
    company_name: f.company_name,
    domain: f.domain,
    last_price: m?.last_price ?? f.price,
    rsi: m?.rsi ?? null,
    atr: m?.atr ?? null,
    atr_percent: m?.atr_percent ?? null,
    macd: m?.macd ?? null,
    average_volume: m?.average_volume ?? f.average_volume,
    beta: m?.beta ?? f.beta,
    market_cap: f.market_cap,
    pe_ratio: f.pe_ratio,
    pb_ratio: f.pb_ratio,
    dividend_yield: f.dividend_yield,
    free_cash_flow: f.free_cash_flow,
    roe: f.roe,
    roa: f.roa,
    gross_margin: f.gross_margin,
    operating_margin: f.operating_margin,
    current_ratio: f.current_ratio,
    debt_to_equity: f.debt_to_equity,
    ev_ebitda: f.ev_ebitda,
    ps_ratio: f.ps_ratio,
    peg_ratio: f.peg_ratio,
    price_to_free_cash_flow: f.price_to_free_cash_flow,
    revenue_growth: f.revenue_growth,
    earnings_growth: f.earnings_growth,
  };
}
