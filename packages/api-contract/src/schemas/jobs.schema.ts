import { z } from 'zod';

/** Job payload schemas (CONVENTIONS.md §6); queue definitions live in packages/jobs. */
export const ZSendMailJob = z.object({ mailId: z.number().int().positive() });
export type TSendMailJob = z.infer<typeof ZSendMailJob>;
export const ZSendMailResult = z.object({
  delivered: z.boolean(),
  transport: z.enum(['smtp', 'outbox']),
});
export type TSendMailResult = z.infer<typeof ZSendMailResult>;

/** A screener run, by its screener_runs row (the criteria and universe are stored there). */
export const ZScreenerJob = z.object({ runId: z.number().int().positive() });
export type TScreenerJob = z.infer<typeof ZScreenerJob>;
export const ZScreenerJobResult = z.object({
  status: z.enum(['completed', 'failed', 'skipped']),
  passed: z.number().int().nonnegative(),
});
export type TScreenerJobResult = z.infer<typeof ZScreenerJobResult>;
