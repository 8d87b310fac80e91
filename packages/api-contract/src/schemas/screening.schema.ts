import type {
  ExclusionCriterionKey,
  NumericCriterionKey,
  ScreenCriteria,
} from '@tradebot/strategy';
import { z } from 'zod';
import { server } from '../messages.js';
import { ui } from '../ui-messages.js';
import { SCREENING_LABELS } from '../screening-labels.js';

/**
 * Bounds of each numeric screening criterion ("Screening defaults and bounds"); units as
 * in strategy's `NUMERIC_CRITERIA` (percents as percents, money in US dollars). Gives
 * none for average volume, market cap and free cash flow: those below are ours, wide enough for
 * any listed company and there only so a typo (an extra six zeros) is caught.
 */
export const SCREENING_BOUNDS: Readonly<Record<NumericCriterionKey, { min: number; max: number }>> =
  {
    max_rsi: { min: 0, max: 100 },
    min_atr_percent: { min: 0, max: 100 },
    min_average_volume: { min: 0, max: 10_000_000_000 },
    max_beta: { min: 0, max: 10 },
    min_beta: { min: 0, max: 10 },
    min_market_cap: { min: 0, max: 100_000_000_000_000 },
    max_pe_ratio: { min: 0, max: 1000 },
    max_pb_ratio: { min: 0, max: 100 },
    min_dividend_yield: { min: 0, max: 100 },
    min_free_cash_flow: { min: -10_000_000_000_000, max: 10_000_000_000_000 },
    min_roe: { min: -100, max: 100 },
    min_roa: { min: -100, max: 100 },
    min_gross_margin: { min: 0, max: 100 },
    min_operating_margin: { min: -100, max: 100 },
    min_current_ratio: { min: 0, max: 100 },
    max_debt_to_equity: { min: 0, max: 100 },
    max_ev_ebitda: { min: 0, max: 100 },
    max_ps_ratio: { min: 0, max: 100 },
    max_peg_ratio: { min: 0, max: 100 },
    max_price_to_free_cash_flow: { min: 0, max: 1000 },
    min_revenue_growth: { min: -100, max: 1000 },
    min_earnings_growth: { min: -100, max: 1000 },
  };

/** Defaults: these five set, every other criterion null (no filter) or false. */
export const SCREENING_DEFAULTS: Readonly<ScreenCriteria> = {
  max_rsi: 60,
  min_atr_percent: 3,
  min_average_volume: 500_000,
  max_beta: 5,
  min_beta: 1.2,
  min_market_cap: null,
  max_pe_ratio: null,
  max_pb_ratio: null,
  min_dividend_yield: null,
  min_free_cash_flow: null,
  min_roe: null,
  min_roa: null,
  min_gross_margin: null,
  min_operating_margin: null,
  min_current_ratio: null,
  max_debt_to_equity: null,
  max_ev_ebitda: null,
  max_ps_ratio: null,
  max_peg_ratio: null,
  max_price_to_free_cash_flow: null,
  exclude_reits: false,
  exclude_spacs: false,
  exclude_etfs: false,
  min_revenue_growth: null,
  min_earnings_growth: null,
};

/** A bounded number or null ("no filter"); absent takes the default. */
function criterion(key: NumericCriterionKey) {
  const { min, max } = SCREENING_BOUNDS[key];
  const message = server.screeningCriterionBounds(SCREENING_LABELS[key], min, max);
  return z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .nullable()
    .default(SCREENING_DEFAULTS[key]);
}

/** A flag; null is read as false, as an unticked box. */
function exclusion(key: ExclusionCriterionKey) {
  return z
    .boolean({ error: server.screeningFlag(SCREENING_LABELS[key]) })
    .nullable()
    .default(false)
    .transform((value) => value === true);
}

/**
 * The 25 screening criteria. Strict: an unknown key (a typo such as `max_pe`) is
 * refused rather than ignored, since ignoring it would silently run the screen without that
 * filter. A min_beta above max_beta could only return nothing, so it is refused too. Every
 * message names a criterion as the form labels it; only an unknown key is named as sent.
 */
export const ZScreeningCriteria = z
  .strictObject(
    {
      max_rsi: criterion('max_rsi'),
      min_atr_percent: criterion('min_atr_percent'),
      min_average_volume: criterion('min_average_volume'),
      max_beta: criterion('max_beta'),
      min_beta: criterion('min_beta'),
      min_market_cap: criterion('min_market_cap'),
      max_pe_ratio: criterion('max_pe_ratio'),
      max_pb_ratio: criterion('max_pb_ratio'),
      min_dividend_yield: criterion('min_dividend_yield'),
      min_free_cash_flow: criterion('min_free_cash_flow'),
      min_roe: criterion('min_roe'),
      min_roa: criterion('min_roa'),
      min_gross_margin: criterion('min_gross_margin'),
      min_operating_margin: criterion('min_operating_margin'),
      min_current_ratio: criterion('min_current_ratio'),
      max_debt_to_equity: criterion('max_debt_to_equity'),
      max_ev_ebitda: criterion('max_ev_ebitda'),
      max_ps_ratio: criterion('max_ps_ratio'),
      max_peg_ratio: criterion('max_peg_ratio'),
      max_price_to_free_cash_flow: criterion('max_price_to_free_cash_flow'),
      exclude_reits: exclusion('exclude_reits'),
      exclude_spacs: exclusion('exclude_spacs'),
      exclude_etfs: exclusion('exclude_etfs'),
      min_revenue_growth: criterion('min_revenue_growth'),
      min_earnings_growth: criterion('min_earnings_growth'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? server.unknownCriteria(issue.keys)
          : issue.code === 'invalid_type'
            ? server.criteriaNotAnObject
            : undefined,
    },
  )
  .refine((c) => c.min_beta === null || c.max_beta === null || c.min_beta <= c.max_beta, {
    message: server.screeningBetaRange,
    path: ['min_beta'],
  });
export type TScreeningCriteria = z.infer<typeof ZScreeningCriteria>;

/** The parsed criteria are exactly what strategy's `screen` takes (checked by the compiler). */
export const asScreenCriteria = (criteria: TScreeningCriteria): ScreenCriteria => criteria;

/** A name mapped to criteria; built-in templates carry a description, custom ones not. */
export const ZScreeningTemplate = z.object({
  name: z.string(),
  description: z.string().optional(),
  criteria: ZScreeningCriteria,
});
export type TScreeningTemplate = z.infer<typeof ZScreeningTemplate>;

export const ZSaveTemplateInput = z.object({
  name: z
    .string({ error: ui.customTemplateNameRequired })
    .trim()
    .min(1, ui.customTemplateNameRequired)
    .max(100, server.templateNameTooLong(100)),
  criteria: ZScreeningCriteria,
});
export type TSaveTemplateInput = z.infer<typeof ZSaveTemplateInput>;
