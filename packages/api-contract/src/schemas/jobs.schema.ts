import { z } from 'zod';

/** Job payload schemas (CONVENTIONS.md §6); queue definitions live in packages/jobs. */
export const ZSendMailJob = z.object({ mailId: z.number().int().positive() });
export type TSendMailJob = z.infer<typeof ZSendMailJob>;
export const ZSendMailResult = z.object({
  delivered: z.boolean(),
  transport: z.enum(['smtp', 'outbox']),
});
export type TSendMailResult = z.infer<typeof ZSendMailResult>;

/**
 * The metrics refresh (apps/worker, core/src/market-universe/metrics-refresh.service.ts). With
 * `as_of` (a trading date) it refreshes that universe as of that date; without it (the
 * scheduler's tick) it only enqueues the refresh for the universe's current as-of date under
 * the deterministic id `metrics:{universe}:{as_of}`, so a second trigger for the same date does
 * not run it twice.
 */
export const ZMetricsUniverse = z.enum(['demo', 'csv']);
export const ZMetricsRefreshJob = z.object({
  universe: ZMetricsUniverse,
  as_of: z.iso.date().optional(),
});
export type TMetricsRefreshJob = z.infer<typeof ZMetricsRefreshJob>;
export const ZMetricsRefreshResult = z.object({
  universe: ZMetricsUniverse,
  /** null: the universe has no bars yet (nothing enqueued or refreshed). */
  as_of: z.string().nullable(),
  /** Tick: whether a new refresh job was added (false: one with that id exists). */
  enqueued: z.boolean().optional(),
  /** Refresh: companies written by this attempt, and the count the checkpoint skipped. */
  written: z.number().int().optional(),
  resumed_after: z.number().int().optional(),
});
export type TMetricsRefreshResult = z.infer<typeof ZMetricsRefreshResult>;
/** POST /api/admin/refresh-metrics: one universe, or both when left out. */
export const ZRefreshMetricsInput = z
  .object({ universe: ZMetricsUniverse.optional() })
  .strict()
  .optional();
