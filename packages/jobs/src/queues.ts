import {
  ZScreenerJob,
  ZScreenerJobResult,
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
 * Screener runs. One attempt: a run that fails is marked failed with a notification saying why,
 * and the user starts another (a silent retry would leave the client's 30 s wait guessing).
 * The job id is `screener-{user}-{run}` (BullMQ refuses most ids with a colon), so a run is
 * queued once.
 */
export const screenerQueue = defineQueue({
  name: 'screener',
  payload: ZScreenerJob,
  result: ZScreenerJobResult,
  defaultJobOptions: {
    attempts: 1,
    removeOnComplete: { count: 1_000 },
    removeOnFail: { count: 1_000 },
  },
});

export const screenerJobId = (userId: number, runId: number) => `screener-${userId}-${runId}`;
