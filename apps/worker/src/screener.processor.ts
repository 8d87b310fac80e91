import type { Services } from '@tradebot/core';

/** The screener queue's processor: the run itself is core's screener service. */
export const screenerProcessor =
  (services: Pick<Services, 'screener'>) => (job: { runId: number }) =>
    services.screener.process(job.runId);
