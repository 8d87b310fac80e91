import { z } from 'zod';

/** Job payload schemas (CONVENTIONS.md §6); queue definitions live in packages/jobs. */
export const ZSendMailJob = z.object({ mailId: z.number().int().positive() });
export type TSendMailJob = z.infer<typeof ZSendMailJob>;
export const ZSendMailResult = z.object({
  delivered: z.boolean(),
  transport: z.enum(['smtp', 'outbox']),
});
export type TSendMailResult = z.infer<typeof ZSendMailResult>;
