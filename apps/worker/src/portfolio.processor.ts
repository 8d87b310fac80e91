import type { TPortfolioBacktestJob } from '@tradebot/api-contract';
import type { Services } from '@tradebot/core';

/** The portfolio queue's processor: one preview (core/src/portfolio), its result the job's. */
export const portfolioProcessor =
  (services: Pick<Services, 'portfolio'>) => (job: TPortfolioBacktestJob) =>
    services.portfolio.process(job);
