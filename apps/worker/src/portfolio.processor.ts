import type { TPortfolioBacktestJob } from '@tradebot/api-contract';
import type { Services } from '@tradebot/core';
import type { JobAttempt } from '@tradebot/jobs';
import type { Job } from 'bullmq';

/** The portfolio queue's processor: one preview (core/src/portfolio), its result the job's. */
export const portfolioProcessor =
  (services: Pick<Services, 'portfolio'>) =>
  (payload: TPortfolioBacktestJob, _attempt: JobAttempt, job: Job) =>
    services.portfolio.process(payload, job.id ?? '');
