import { z } from 'zod';
import { ZTimestamp } from './common.schema.js';

/** Client error report; every field bounded so a report stays small. */
export const ZClientErrorReport = z.object({
  errorId: z.string().trim().min(1).max(64),
  message: z.string().max(2000),
  stack: z.string().max(20_000).nullish(),
  url: z.string().max(2000).nullish(),
  userAgent: z.string().max(500).nullish(),
  timestamp: ZTimestamp.nullish(),
  userToken: z.string().max(512).nullish(),
  errorCount: z.number().int().min(1).max(1_000_000).default(1),
});
export type TClientErrorReport = z.infer<typeof ZClientErrorReport>;

export const ZClientErrorRecord = z.object({
  id: z.number(),
  error_id: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  user_agent: z.string().nullable(),
  user_ref: z.string().nullable(),
  user_id: z.number().nullable(),
  error_count: z.number(),
  created_at: z.string(),
});
export const ZClientErrorList = z.array(ZClientErrorRecord);
/** The largest JSON body the report route accepts. */
export const CLIENT_ERROR_MAX_BYTES = 32 * 1024;
