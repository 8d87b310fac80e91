import { z } from 'zod';

/** The admin's market-data import (CSV folder configured on the server, MARKET_DATA_DIR). */
export const ZMarketImportJob = z.object({
  importId: z.number().int().positive(),
  requestedBy: z.number().int().positive().nullable(),
});
export type TMarketImportJob = z.infer<typeof ZMarketImportJob>;
export const ZMarketImportResult = z.object({
  importId: z.number().int(),
  status: z.enum(['completed', 'failed']),
});

const ZCounts = z.object({ inserted: z.number(), updated: z.number(), unchanged: z.number() });

/** What an import wrote and refused (rejected rows: file, row, column, reason). */
export const ZMarketImportReport = z.object({
  filesTotal: z.number(),
  filesRefused: z.array(z.string()),
  companies: ZCounts,
  bars: ZCounts,
  rejected: z.array(
    z.object({
      file: z.string(),
      row: z.number().nullable(),
      column: z.string().nullable(),
      reason: z.string(),
    }),
  ),
});
export type TMarketImportReport = z.infer<typeof ZMarketImportReport>;

export const ZMarketImportStartOutput = z.object({ message: z.string(), job_id: z.string() });

/** GET /api/admin/import-market-data: the latest import (or none) and whether one can run. */
export const ZMarketImportStatus = z.object({
  /** A folder is configured and exists on the server (its path is not shown). */
  available: z.boolean(),
  last: z
    .object({
      job_id: z.string(),
      status: z.enum(['queued', 'running', 'completed', 'failed']),
      files_done: z.number(),
      files_total: z.number(),
      message: z.string().nullable(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
      report: ZMarketImportReport.nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type TMarketImportStatus = z.infer<typeof ZMarketImportStatus>;
