import { z } from 'zod';
import { issueLines } from '../alpaca/schemas.js';
import { FmpPayloadError } from './errors.js';

/**
 * FMP's documented JSON (stable API), checked at the boundary. Every endpoint answers an array:
 * one row for a known symbol, `[]` for an unknown one. Only the fields the mapping uses are
 * declared; FMP's many others pass through unread. Ratios FMP cannot compute come as null (or
 * are left out), so those are optional; what the port cannot do without (price, market cap,
 * the 52-week range …) is required, and a row that lacks it is refused whole.
 */

const num = z.number().finite();
/** A ratio or figure FMP may leave out or write as null. */
const maybe = num.nullable().optional();
const text = z.string().nullable().optional();

/** `"164.08-199.62"`: the 52-week low and high. */
export const RANGE = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/;

/** `GET /stable/profile?symbol=`. */
export const ZFmpProfile = z.object({
  symbol: z.string().min(1),
  companyName: z.string().min(1),
  price: num.positive(),
  marketCap: num.nonnegative(),
  beta: num,
  averageVolume: num.nonnegative(),
  lastDividend: num.nonnegative().nullable().optional(),
  range: z.string().regex(RANGE, 'expected "low-high"'),
  // The port's money is in US dollars; a listing quoted in another currency is refused.
  currency: z.literal('USD', 'expected USD').nullable().optional(),
  exchange: text,
  industry: text,
  sector: text,
  website: text,
  description: text,
  isEtf: z.boolean().optional(),
  isFund: z.boolean().optional(),
});
export type FmpProfile = z.infer<typeof ZFmpProfile>;

/** `GET /stable/ratios-ttm?symbol=`: margins and yields as fractions (0.25 = 25 %). */
export const ZFmpRatiosTtm = z.object({
  symbol: z.string().min(1),
  grossProfitMarginTTM: maybe,
  ebitdaMarginTTM: maybe,
  operatingProfitMarginTTM: maybe,
  netProfitMarginTTM: maybe,
  currentRatioTTM: maybe,
  priceToEarningsRatioTTM: maybe,
  priceToEarningsGrowthRatioTTM: maybe,
  priceToBookRatioTTM: maybe,
  priceToSalesRatioTTM: maybe,
  priceToFreeCashFlowRatioTTM: maybe,
  debtToEquityRatioTTM: maybe,
  interestCoverageRatioTTM: maybe,
  dividendPayoutRatioTTM: maybe,
  dividendYieldTTM: maybe,
  revenuePerShareTTM: maybe,
  netIncomePerShareTTM: maybe,
  bookValuePerShareTTM: maybe,
  freeCashFlowPerShareTTM: maybe,
});
export type FmpRatiosTtm = z.infer<typeof ZFmpRatiosTtm>;

/** `GET /stable/key-metrics-ttm?symbol=`: returns as fractions. */
export const ZFmpKeyMetricsTtm = z.object({
  symbol: z.string().min(1),
  evToEBITDATTM: maybe,
  returnOnEquityTTM: maybe,
  returnOnAssetsTTM: maybe,
});
export type FmpKeyMetricsTtm = z.infer<typeof ZFmpKeyMetricsTtm>;

/** `GET /stable/financial-growth?symbol=&limit=1`: the latest fiscal year against the one before. */
export const ZFmpFinancialGrowth = z.object({
  symbol: z.string().min(1),
  date: z.string().min(1),
  revenueGrowth: maybe,
  epsgrowth: maybe,
});
export type FmpFinancialGrowth = z.infer<typeof ZFmpFinancialGrowth>;

/** `GET /stable/shares-float?symbol=`. */
export const ZFmpSharesFloat = z.object({
  symbol: z.string().min(1),
  floatShares: num.nonnegative().nullable().optional(),
  outstandingShares: num.positive().nullable().optional(),
});
export type FmpSharesFloat = z.infer<typeof ZFmpSharesFloat>;

/**
 * The first row of an FMP array answer, `null` for `[]` (unknown symbol), or an
 * `FmpPayloadError` listing what was wrong (at most 5 problems, then a count).
 */
export function firstRow<S extends z.ZodType>(
  schema: S,
  body: unknown,
  call: string,
): z.output<S> | null {
  const result = z.array(schema).safeParse(body);
  if (!result.success) throw new FmpPayloadError(call, issueLines(result.error));
  return result.data[0] ?? null;
}
