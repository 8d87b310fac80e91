import type { AssetType, CompanyFundamentals } from '../ports/fundamentals.port.js';
import {
  RANGE,
  type FmpFinancialGrowth,
  type FmpKeyMetricsTtm,
  type FmpProfile,
  type FmpRatiosTtm,
  type FmpSharesFloat,
} from './schemas.js';

/**
 * FMP's answers for one symbol → `CompanyFundamentals` (units: market/README.md, "FMP mapping").
 * FMP gives margins, returns, yields, payout and growth as fractions (0.25); the port wants
 * percent (25). A multiple that means nothing (P/E of a loss-making company, PEG with shrinking
 * earnings, EV/EBITDA with negative EBITDA, D/E or ROE with negative equity) is null, as in the
 * demo market and the CSV import; so is everything an ETF or fund does not have.
 */
export interface FmpParts {
  profile: FmpProfile;
  ratios: FmpRatiosTtm | null;
  metrics: FmpKeyMetricsTtm | null;
  growth: FmpFinancialGrowth | null;
  float: FmpSharesFloat | null;
}

/**
 * ETF/fund from FMP's own flags (funds count as ETFs: the screener's exclude_etfs is about
 * pooled vehicles); REIT when FMP's industry says so ("REIT - Residential" …); SPAC when the
 * industry is "Shell Companies", FMP's home for blank-check companies.
 */
export function assetTypeOf(profile: Pick<FmpProfile, 'isEtf' | 'isFund' | 'industry'>): AssetType {
  if (profile.isEtf || profile.isFund) return 'etf';
  const industry = (profile.industry ?? '').trim();
  if (/^REIT\b/i.test(industry) || /\bREITs?\b/.test(industry)) return 'reit';
  if (/^shell compan(y|ies)$/i.test(industry)) return 'spac';
  return 'stock';
}

/**
 * FMP's sector names → the GICS names the CSV import, the demo market and the explorer use, so
 * one sector filter works on every universe. An unknown name passes through unchanged.
 */
const GICS_SECTOR_OF_FMP: Record<string, string> = {
  Technology: 'Information Technology',
  Healthcare: 'Health Care',
  'Financial Services': 'Financials',
  'Consumer Cyclical': 'Consumer Discretionary',
  'Consumer Defensive': 'Consumer Staples',
  'Basic Materials': 'Materials',
  'Communication Services': 'Communication Services',
  Energy: 'Energy',
  Industrials: 'Industrials',
  'Real Estate': 'Real Estate',
  Utilities: 'Utilities',
};

export function gicsSectorOfFmp(sector: string | null | undefined): string {
  const name = (sector ?? '').trim();
  return GICS_SECTOR_OF_FMP[name] ?? name;
}

/** The web domain of FMP's `website` (`https://www.apple.com` → `apple.com`), '' when none. */
export function domainOf(website: string | null | undefined): string {
  if (!website) return '';
  try {
    const url = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.replace(/^www\./i, '').toLowerCase();
  } catch {
    return '';
  }
}

type Maybe = number | null | undefined;
/** A fraction as percent, rounded so 0.0175 reads 1.75, not 1.7500000000000002. */
const percent = (v: Maybe) => (v == null ? null : Math.round(v * 100 * 1e10) / 1e10);
const positive = (v: Maybe) => (v != null && v > 0 ? v : null);
const times = (a: Maybe, b: Maybe) => (a == null || b == null ? null : a * b);

export function toCompanyFundamentals(
  symbol: string,
  parts: FmpParts,
  asOf: number,
): CompanyFundamentals {
  const { profile: p, metrics: m, growth: g, float: f } = parts;
  const asset_type = assetTypeOf(p);
  // Nothing per-share or ratio-like is meaningful for a pooled vehicle.
  const r = asset_type === 'etf' ? null : parts.ratios;
  const k = asset_type === 'etf' ? null : m;
  const gr = asset_type === 'etf' ? null : g;
  const [, low, high] = RANGE.exec(p.range) as RegExpExecArray;
  const shares = f?.outstandingShares ?? p.marketCap / p.price;
  const revenue = times(r?.revenuePerShareTTM, shares);
  const eps = r?.netIncomePerShareTTM ?? null;
  const bookValue = r?.bookValuePerShareTTM ?? null;
  const negativeEquity = bookValue !== null && bookValue <= 0;
  const dividendPerShare = p.lastDividend ?? 0;
  const payout = r?.dividendPayoutRatioTTM;
  return {
    symbol,
    company_name: p.companyName.trim(),
    sector: gicsSectorOfFmp(p.sector),
    industry: (p.industry ?? '').trim(),
    domain: domainOf(p.website),
    description: (p.description ?? '').trim(),
    exchange: (p.exchange ?? '').trim(),
    asset_type,
    price: p.price,
    shares_outstanding: shares,
    // No float figure: every outstanding share is taken as floating.
    float_shares: f?.floatShares ?? shares,
    market_cap: p.marketCap,
    average_volume: p.averageVolume,
    beta: p.beta,
    week_52_high: Number(high),
    week_52_low: Number(low),
    revenue,
    ebitda: times(r?.ebitdaMarginTTM, revenue),
    free_cash_flow: times(r?.freeCashFlowPerShareTTM, shares),
    eps,
    book_value_per_share: bookValue,
    dividend_per_share: dividendPerShare,
    pe_ratio: positive(r?.priceToEarningsRatioTTM),
    pb_ratio: positive(r?.priceToBookRatioTTM),
    ps_ratio: positive(r?.priceToSalesRatioTTM),
    peg_ratio: positive(r?.priceToEarningsGrowthRatioTTM),
    ev_ebitda: positive(k?.evToEBITDATTM),
    price_to_free_cash_flow: positive(r?.priceToFreeCashFlowRatioTTM),
    dividend_yield: percent(r?.dividendYieldTTM) ?? percent(dividendPerShare / p.price) ?? 0,
    payout_ratio: eps !== null && eps > 0 && payout != null && payout >= 0 ? percent(payout) : null,
    roe: negativeEquity ? null : percent(k?.returnOnEquityTTM),
    roa: percent(k?.returnOnAssetsTTM),
    gross_margin: percent(r?.grossProfitMarginTTM),
    operating_margin: percent(r?.operatingProfitMarginTTM),
    net_profit_margin: percent(r?.netProfitMarginTTM),
    current_ratio: positive(r?.currentRatioTTM),
    debt_to_equity:
      negativeEquity || r?.debtToEquityRatioTTM == null || r.debtToEquityRatioTTM < 0
        ? null
        : r.debtToEquityRatioTTM,
    // FMP writes 0 when there is no interest expense: coverage is then undefined, not zero.
    interest_coverage:
      r?.interestCoverageRatioTTM == null || r.interestCoverageRatioTTM === 0
        ? null
        : r.interestCoverageRatioTTM,
    revenue_growth: percent(gr?.revenueGrowth),
    earnings_growth: percent(gr?.epsgrowth),
    last_updated: asOf,
  };
}
