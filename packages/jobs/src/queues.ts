import {
  ZMetricsRefreshJob,
  ZMetricsRefreshResult,
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
 * The technical metrics refresh of a universe (stock_metrics), in batches with a checkpoint in
 * the job's progress. A killed worker's job comes back within about 15–17 s and resumes after
 * its last committed batch. The lock is longer than mail's 5 s: the refresh is CPU work on the
 * event loop that renews the lock, and on a loaded machine a 5 s lock expired under a running
 * refresh (a second run of the job; harmless, as batches are upserts, but wasted).
 */
export const metricsQueue = defineQueue({
  name: 'metrics',
  payload: ZMetricsRefreshJob,
  result: ZMetricsRefreshResult,
  defaultJobOptions: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 5_000 },
    // Kept so that the deterministic id dedupes a trigger for a date already refreshed.
    removeOnComplete: { count: 200 },
    removeOnFail: { count: 200 },
  },
  workerOptions: { lockDuration: 15_000, stalledInterval: 2_000, maxStalledCount: 3 },
});
