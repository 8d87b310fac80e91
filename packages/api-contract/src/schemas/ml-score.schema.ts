import { z } from 'zod';

/** A trading date, `YYYY-MM-DD`. */
const ZTradingDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * What the screener's "ML score" column says about its model (GET /api/screening/ml-model and
 * the column's tooltip): when it was trained, on which months it was validated, and how it did
 * there against the naive baseline (12-1 month momentum) on the same held-out months.
 * `ic`: mean over held-out months of Spearman's rank correlation between the score and the next
 * 21 sessions' returns. `hit_rate`: share of each month's top tenth by score whose next-21-session
 * return beat that month's median (0–1). `beats_baseline`: higher IC and hit rate, and an IC edge
 * of at least two standard errors. The scores themselves are percentiles 0–100 (100 = the
 * model's most favoured stock of the latest cross-section).
 */
export const ZMlModelInfo = z.object({
  version: z.string(),
  trained_at: z.iso.datetime({ offset: true }),
  train_period: z.object({ from: ZTradingDate, to: ZTradingDate }),
  test_period: z.object({ from: ZTradingDate, to: ZTradingDate }),
  ic: z.number(),
  baseline_ic: z.number(),
  hit_rate: z.number(),
  baseline_hit_rate: z.number(),
  beats_baseline: z.boolean(),
  description: z.string(),
});
export type TMlModelInfo = z.infer<typeof ZMlModelInfo>;

/** GET /api/screening/ml-model: the user's universe's current model, null before the first training. */
export const ZMlModelOutput = ZMlModelInfo.nullable();
export type TMlModelOutput = z.infer<typeof ZMlModelOutput>;
