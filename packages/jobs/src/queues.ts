import {
  ZMarketImportJob,
  ZMarketImportResult,
  ZSendMailJob,
  ZSendMailResult,
} from '@tradebot/api-contract';
import { defineQueue } from './queue.js';

/** Mail delivery: the message is stored in the outbox first; the job delivers it by id. */
export const mailQueue = defineQueue({
  name: 'mail',
  payload: ZSendMailJob,
  result: ZSendMailResult,
  defaultJobOptions: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { count: 1_000 },
    removeOnFail: { count: 1_000 },
  },
  // BullMQ's defaults (30 s lock, a stall check every 30 s) left a mail whose worker was
  // killed unsent for up to 90 s: a job is moved back to wait by a stall check that finds it
  // marked by the previous check and its lock expired. A 5 s lock (renewed every 2.5 s while
  // the job runs, however long it takes) and a check every second hand it on within about
  // 5–7 s. maxStalledCount 3: a mail survives a few crashes or deploys, but one that kills its
  // worker each time still ends failed instead of looping. The lock is renewed from the event
  // loop, so CPU-heavy work must not share this process's main thread.
  workerOptions: { lockDuration: 5_000, stalledInterval: 1_000, maxStalledCount: 3 },
});

/**
 * The admin's market-data import (one job per `market_data_imports` row, id `market-import-{id}`,
 * so a re-sent enqueue of the same row runs once). One attempt: the import is idempotent, and a
 * failure is shown to the admin, who starts it again; a stalled job (killed worker) is retried
 * once, re-running the files from the start (whole files are upserts, so no duplicates).
 */
export const marketImportQueue = defineQueue({
  name: 'market-import',
  payload: ZMarketImportJob,
  result: ZMarketImportResult,
  defaultJobOptions: {
    attempts: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 100 },
  },
  workerOptions: { lockDuration: 30_000, stalledInterval: 15_000, maxStalledCount: 1 },
});

/** The deterministic job id of an import row. */
export const marketImportJobId = (importId: number) => `market-import-${importId}`;
