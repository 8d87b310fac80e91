import { z } from 'zod';

/** Job payload schemas (CONVENTIONS.md §6); queue definitions live in packages/jobs. */
export const ZSendMailJob = z.object({ mailId: z.number().int().positive() });
export type TSendMailJob = z.infer<typeof ZSendMailJob>;
export const ZSendMailResult = z.object({
  delivered: z.boolean(),
  transport: z.enum(['smtp', 'outbox']),
});
export type TSendMailResult = z.infer<typeof ZSendMailResult>;

/** The scheduled news refresh: one job per refresh slot, for every user's monitored symbols. */
export const ZNewsRefreshJob = z.object({});
export type TNewsRefreshJob = z.infer<typeof ZNewsRefreshJob>;
export const ZNewsRefreshResult = z.object({
  /** Distinct symbols asked of each market. */
  demo_symbols: z.number().int(),
  alpaca_symbols: z.number().int(),
  /** Items new in the cache (a re-run inserts none). */
  inserted: z.number().int(),
  pruned: z.number().int(),
  /** Users whose Alpaca keys were missing or failed, with the reason (never the keys). */
  skipped_users: z.array(z.object({ user_id: z.number().int(), reason: z.string() })),
});
export type TNewsRefreshResult = z.infer<typeof ZNewsRefreshResult>;
