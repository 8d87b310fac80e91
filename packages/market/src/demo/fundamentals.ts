import type { CompanyFundamentals } from '../ports/fundamentals.port.js';
import type { FinancialBase } from './financials.js';
import type { SymbolSeries } from './prices.js';
import type { DemoCompany } from './universe.js';

/** Fundamentals of ETFs and other listings without statements. */
const NO_STATEMENTS = {
  revenue: null,
  ebitda: null,
  free_cash_flow: null,
  eps: null,
  book_value_per_share: null,
  pe_ratio: null,
  pb_ratio: null,
  ps_ratio: null,
  peg_ratio: null,
  ev_ebitda: null,
  price_to_free_cash_flow: null,
  payout_ratio: null,
  roe: null,
  roa: null,
  gross_margin: null,
  operating_margin: null,
  net_profit_margin: null,
  current_ratio: null,
  debt_to_equity: null,
  interest_coverage: null,
  revenue_growth: null,
  earnings_growth: null,
} as const;

function mean(a: Float64Array, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i] as number;
  return s / Math.max(1, to - from);
}

/** x/y when both make the ratio meaningful (y > 0 and, for multiples, x > 0); else null. */
function ratio(x: number, y: number, positiveOnly = true): number | null {
  if (!(y > 0) || (positiveOnly && !(x > 0))) return null;
  return x / y;
}

const pct = (x: number | null) => (x === null ? null : x * 100);

function statementFields(b: FinancialBase, scale: number, price: number, shares: number) {
  const k = scale;
  const cap = price * shares;
  const eps = (b.netIncome * k) / shares;
  const ebitda = (b.operatingIncome + b.depreciation) * k;
  const pe = ratio(price, eps);
  return {
    revenue: b.revenue * k,
    ebitda,
    free_cash_flow: b.freeCashFlow * k,
    eps,
    book_value_per_share: (b.equity * k) / shares,
    pe_ratio: pe,
    pb_ratio: ratio(cap, b.equity * k),
    ps_ratio: ratio(cap, b.revenue * k),
    peg_ratio: pe !== null && b.earningsGrowth !== null ? ratio(pe, b.earningsGrowth) : null,
    ev_ebitda: ratio(cap + (b.debt - b.cash) * k, ebitda),
    price_to_free_cash_flow: ratio(cap, b.freeCashFlow * k),
    payout_ratio: pct(ratio(b.dividends, b.netIncome, false)),
    roe: pct(ratio(b.netIncome, b.equity, false)),
    roa: pct(ratio(b.netIncome, b.totalAssets, false)),
    gross_margin: pct(ratio(b.grossProfit, b.revenue, false)),
    operating_margin: pct(ratio(b.operatingIncome, b.revenue, false)),
    net_profit_margin: pct(ratio(b.netIncome, b.revenue, false)),
    current_ratio: b.currentRatio,
    debt_to_equity: ratio(b.debt, b.equity, false),
    interest_coverage: ratio(b.operatingIncome, b.interestExpense, false),
    revenue_growth: b.revenueGrowth,
    earnings_growth: b.earningsGrowth,
  };
}

/**
 * A listing's fundamentals after its first `end` bars (end ≥ 1), stamped `time`. Price-based
 * figures use the last close: market cap = shares × price, P/E = price / EPS, dividend yield =
 * dividend per share / price, payout = dividends / net income. Dollar figures scale with the
 * 250-day average close over the initial price (financials.ts).
 */
export function fundamentalsAt(
  c: DemoCompany,
  s: SymbolSeries,
  end: number,
  time: number,
): CompanyFundamentals {
  const m = c.model;
  const price = s.close[end - 1] as number;
  const scale = mean(s.close, Math.max(0, end - 250), end) / m.initialPrice;
  const from52 = Math.max(0, end - 252);
  const b = c.financials;
  const dividendPerShare =
    b !== null
      ? (b.dividends * scale) / m.sharesOutstanding
      : c.profile.asset_type === 'etf'
        ? 0.015 * m.initialPrice * scale
        : 0;
  return {
    ...c.profile,
    price,
    shares_outstanding: m.sharesOutstanding,
    float_shares: m.floatShares,
    market_cap: price * m.sharesOutstanding,
    average_volume: Math.round(mean(s.volume, Math.max(0, end - 30), end)),
    beta: m.beta,
    week_52_high: Math.max(...s.high.subarray(from52, end)),
    week_52_low: Math.min(...s.low.subarray(from52, end)),
    ...(b !== null ? statementFields(b, scale, price, m.sharesOutstanding) : NO_STATEMENTS),
    dividend_per_share: dividendPerShare,
    dividend_yield: (dividendPerShare / price) * 100,
    last_updated: time,
  };
}
