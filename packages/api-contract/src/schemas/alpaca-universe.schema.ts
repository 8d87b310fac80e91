import { z } from 'zod';

/**
 * A load of the Alpaca universe (queue `alpaca-universe`). `loadId` null: the scheduler's tick,
 * which records its own row; `keyUserId`: whose saved keys to use when the deployment has no
 * data key (never the keys themselves).
 */
export const ZAlpacaUniverseJob = z.object({
  loadId: z.number().int().positive().nullable(),
  requestedBy: z.number().int().positive().nullable(),
  keyUserId: z.number().int().positive().nullable(),
});
export type TAlpacaUniverseJob = z.infer<typeof ZAlpacaUniverseJob>;
export const ZAlpacaUniverseResult = z.object({
  loadId: z.number().int().nullable(),
  status: z.enum(['completed', 'failed', 'skipped']),
});

const ZCounts = z.object({ inserted: z.number(), updated: z.number(), unchanged: z.number() });

/** What a load wrote. */
export const ZAlpacaUniverseReport = z.object({
  session: z.string(),
  assets: z.number(),
  listings: ZCounts,
  delisted: z.number(),
  fundamentalsCopied: z.number(),
  symbolsTotal: z.number(),
  symbolsLoaded: z.number(),
  bars: ZCounts,
});
export type TAlpacaUniverseReport = z.infer<typeof ZAlpacaUniverseReport>;

export const ZAlpacaUniverseStartOutput = z.object({
  message: z.string(),
  job_id: z.string().nullable(),
});

/** GET /api/admin/alpaca-universe: where the data comes from, the universe and the last load. */
export const ZAlpacaUniverseStatus = z.object({
  /** `data_key`: ALPACA_DATA_KEY_ID; `user_keys`: an Alpaca user's saved keys; `none`. */
  key_source: z.enum(['data_key', 'user_keys', 'none']),
  listings: z.number(),
  /** The last session every listing is complete through (the last completed load's). */
  complete_through: z.string().nullable(),
  last: z
    .object({
      job_id: z.string(),
      session: z.string(),
      status: z.enum(['queued', 'running', 'completed', 'failed']),
      symbols_done: z.number(),
      symbols_total: z.number(),
      message: z.string().nullable(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
      report: ZAlpacaUniverseReport.nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type TAlpacaUniverseStatus = z.infer<typeof ZAlpacaUniverseStatus>;
