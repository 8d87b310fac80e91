import { AppError } from '@tradebot/api-contract';
import type { Services } from '@tradebot/core';
import {
  ALPACA_UNIVERSE_SCHEDULE,
  ALPACA_UNIVERSE_SCHEDULER_ID,
  alpacaUniverseQueue,
  enqueue,
  mlScoreQueue,
  type JobAttempt,
} from '@tradebot/jobs';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';

type LoadJob = Parameters<Services['alpacaUniverse']['run']>[0];
type Needed = Pick<Services, 'alpacaUniverse' | 'metrics' | 'mlScore'>;

/**
 * The Alpaca universe queue's processor: the load is core's; after a completed one, the
 * universe's technical metrics and ML score are queued (each under its deterministic id, so a
 * second load of the same day adds nothing).
 */
export const alpacaUniverseProcessor =
  (services: Needed, mlQueue: Queue) => async (job: LoadJob, attempt: JobAttempt) => {
    const result = await services.alpacaUniverse.run(job, attempt);
    if (result.status === 'completed') {
      await services.metrics.enqueueRefresh('alpaca');
      const date = services.mlScore.trainingDate('alpaca');
      await enqueue(
        mlQueue,
        mlScoreQueue,
        { universe: 'alpaca' },
        { jobId: `ml-score:alpaca:${date}` },
      );
    }
    return result;
  };

/**
 * Upserts the Job Scheduler of the loads after each close (idempotent at every start), and asks
 * for a load now when the universe is empty or behind the last completed session.
 */
export async function scheduleAlpacaUniverse(
  queue: Queue,
  services: Pick<Services, 'alpacaUniverse'>,
  log: Logger,
) {
  await queue.upsertJobScheduler(ALPACA_UNIVERSE_SCHEDULER_ID, ALPACA_UNIVERSE_SCHEDULE, {
    name: alpacaUniverseQueue.name,
    data: alpacaUniverseQueue.payload.parse({ loadId: null, requestedBy: null, keyUserId: null }),
  });
  try {
    const { message } = await services.alpacaUniverse.request({
      requestedBy: null,
      keyUserId: null,
    });
    log.info({ queue: alpacaUniverseQueue.name }, message);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    log.info({ queue: alpacaUniverseQueue.name, code: error.code }, error.message);
  }
}
