import { ZSendMailJob, ZSendMailResult } from '@tradebot/api-contract';
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
});
