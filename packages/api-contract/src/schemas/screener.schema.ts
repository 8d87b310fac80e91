import { z } from 'zod';
import { server } from '../messages.js';
import { ZMlModelInfo } from './ml-score.schema.js';
import { ZScreeningCriteria, ZScreeningTemplate } from './screening.schema.js';

/** A template name as a path or body field: trimmed, 1 to 100 characters. */
export const ZTemplateName = z
  .string(server.templateNameRequired)
  .trim()
  .min(1, server.templateNameRequired)
  .max(100, server.templateNameTooLong(100));

/** GET /api/screening/templates: built-ins (with descriptions) first, then the user's own. */
export const ZTemplatesOutput = z.array(ZScreeningTemplate);
export type TTemplatesOutput = z.infer<typeof ZTemplatesOutput>;

export const ZDeleteTemplateInput = z.object({ name: ZTemplateName });
export const ZTemplateMessageOutput = z.object({ message: z.string() });

/**
 * POST /api/run-screener (criteria, template_name). Both optional: the dashboard sends
 * no body, which re-runs the user's last criteria (the defaults the first time). A template
 * name alone runs that template's criteria.
 */
export const ZRunScreenerInput = z
  .object({
    criteria: ZScreeningCriteria.optional(),
    template_name: ZTemplateName.nullable().optional(),
  })
  .optional();
export type TRunScreenerInput = z.infer<typeof ZRunScreenerInput>;
export const ZRunScreenerOutput = z.object({ message: z.string(), run_id: z.number() });

/** "Screened stock", with our ML score (null: no model, or no score for the stock). */
export const ZScreenedStock = z.object({
  symbol: z.string(),
  company_name: z.string(),
  domain: z.string().nullable(),
  last_price: z.number().nullable(),
  rsi: z.number().nullable(),
  atr: z.number().nullable(),
  /** ATR as a percent of the last price, the unit of the min_atr_percent criterion (ours). */
  atr_percent: z.number().nullable(),
  macd: z.number().nullable(),
  ml_score: z.number().nullable(),
});
export type TScreenedStock = z.infer<typeof ZScreenedStock>;

/** GET /api/get-screener-output: the user's latest completed run (empty before the first). */
export const ZScreenerOutput = z.object({
  /** The stocks that passed, less those saved to the backtesting list since. */
  symbols: z.array(ZScreenedStock),
  /** Ours: stocks of the run saved to the backtesting list (they passed, and left `symbols`). */
  saved_to_backtest: z.number().int(),
  excluded_for_missing_data: z.number(),
  /** Listings looked at. */
  total: z.number(),
  template_name: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** Time of the newest bar behind the metrics (market time), null when none were stored. */
  market_as_of: z.string().nullable(),
  ml_model: ZMlModelInfo.nullable(),
  /**
   * Active criteria some listings had no value for (they were excluded), with the reason;
   * `unavailable`: no listing of the universe had it, so the criterion could not be applied.
   */
  missing_criteria: z
    .array(
      z.object({
        criterion: z.string(),
        missing: z.number(),
        unavailable: z.boolean(),
        reason: z.string(),
      }),
    )
    .optional(),
});
export type TScreenerOutput = z.infer<typeof ZScreenerOutput>;
