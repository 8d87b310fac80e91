import { between, logNormal, normal, type Uniform } from './random.js';
import type { SectorModel } from './sectors.js';

/**
 * A company's trailing-twelve-month statements, in dollars, at its initial price. The demo
 * scales every dollar figure by the stock's 250-day average price over its initial price
 * (fundamentals.ts): a company whose stock doubled over years has grown, so its multiples stay
 * plausible over any history, and ratios of two figures (margins, ROE, debt/equity) stay fixed.
 */
export interface FinancialBase {
  revenue: number;
  grossProfit: number;
  operatingIncome: number;
  netIncome: number;
  depreciation: number;
  equity: number;
  debt: number;
  cash: number;
  totalAssets: number;
  currentRatio: number;
  interestExpense: number;
  freeCashFlow: number;
  dividends: number;
  /** Percent per year. */
  revenueGrowth: number;
  /** Percent per year; null when the company loses money. */
  earningsGrowth: number | null;
}

function incomeStatement(u: Uniform, sector: SectorModel, marketCap: number) {
  const profitable = u() < sector.profitable;
  const netMargin = profitable
    ? between(u, sector.netMargin[0], sector.netMargin[1])
    : -between(u, 0.03, 0.4);
  const revenue = profitable
    ? marketCap / (logNormal(u, sector.pe, 0.35, 6, 90) * netMargin)
    : marketCap / between(u, 1, 8);
  const operatingMargin = profitable
    ? netMargin * between(u, 1.2, 1.5)
    : netMargin * between(u, 0.7, 1);
  const grossMargin = Math.max(
    between(u, sector.grossMargin[0], sector.grossMargin[1]),
    operatingMargin + 0.05,
  );
  return { profitable, revenue, netMargin, operatingMargin, grossMargin };
}

/** Draws a company's statements so that they agree with its market cap and sector. */
export function financialBase(u: Uniform, sector: SectorModel, marketCap: number): FinancialBase {
  const inc = incomeStatement(u, sector, marketCap);
  const revenue = inc.revenue;
  const netIncome = revenue * inc.netMargin;
  const depreciation = revenue * between(u, 0.02, 0.08);
  const equity = marketCap / logNormal(u, sector.pb, 0.4, 0.5, 25);
  const debt = equity * between(u, sector.debtToEquity[0], sector.debtToEquity[1]);
  const otherLiabilities =
    sector.name === 'Financials'
      ? equity * between(u, 5, 9)
      : (equity + debt) * between(u, 0.1, 0.4);
  const revenueGrowth = Math.min(
    80,
    Math.max(-30, sector.growth[0] + sector.growth[1] * normal(u)),
  );
  const dividends =
    inc.profitable && u() < sector.dividendOdds
      ? netIncome * between(u, sector.payout[0], sector.payout[1])
      : 0;
  return {
    revenue,
    grossProfit: revenue * inc.grossMargin,
    operatingIncome: revenue * inc.operatingMargin,
    netIncome,
    depreciation,
    equity,
    debt,
    cash: revenue * between(u, 0.04, 0.25),
    totalAssets: equity + debt + otherLiabilities,
    currentRatio: between(u, 0.8, 3),
    interestExpense: debt * between(u, 0.03, 0.07),
    freeCashFlow: netIncome + depreciation - revenue * between(u, 0.02, 0.1),
    dividends,
    revenueGrowth,
    earningsGrowth: inc.profitable
      ? Math.min(200, Math.max(-60, revenueGrowth + 12 * normal(u)))
      : null,
  };
}
