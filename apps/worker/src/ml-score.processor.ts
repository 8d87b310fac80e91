import { ZMlScoreJob, type TMlScoreJob } from '@tradebot/api-contract';
import type { Services } from '@tradebot/core';
import { enqueue, mlScoreQueue } from '@tradebot/jobs';
import type { Queue } from 'bullmq';

/** The ML score queue's processor: training is core's mlScore service (one service, three doors). */
export const mlScoreProcessor = (services: Pick<Services, 'mlScore'>) => (job: TMlScoreJob) =>
  services.mlScore.train(job.universe, { skipIfCurrent: true });

const UNIVERSES: readonly TMlScoreJob['universe'][] = ['demo', 'csv', 'alpaca'];

/**
 * Retrains each universe weekly (Saturday 06:00 New York, after the week's last session) by a
 * Job Scheduler, and queues a first training now for a universe without a model. Upserting the
 * scheduler is idempotent, so every worker start may call this.
 */
export async function scheduleMlScore(
  queue: Queue,
  services: Pick<Services, 'mlScore'>,
  options: { trainMissingNow: boolean } = { trainMissingNow: true },
) {
  for (const universe of UNIVERSES) {
    await queue.upsertJobScheduler(
      `ml-score-weekly-${universe}`,
      { pattern: '0 6 * * 6', tz: 'America/New_York' },
      { name: mlScoreQueue.name, data: ZMlScoreJob.parse({ universe }) },
    );
    if (!options.trainMissingNow || (await services.mlScore.hasModel(universe))) continue;
    const date = services.mlScore.trainingDate(universe);
    await enqueue(queue, mlScoreQueue, { universe }, { jobId: `ml-score:${universe}:${date}` });
  }
}
