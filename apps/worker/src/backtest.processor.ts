import type { TBacktestJob } from '@tradebot/api-contract';
import type { BacktestBudget, Services } from '@tradebot/core';
import type { JobAttempt } from '@tradebot/jobs';

/**
 * The backtest queue's processor: the run itself is core's backtest service. On the last
 * attempt a crash fails the run with a notification (no retry would finish it).
 */
export const backtestProcessor =
  (services: Pick<Services, 'backtests'>, budget: BacktestBudget) =>
  (job: TBacktestJob, attempt: JobAttempt) =>
    services.backtests.process(job.runId, { budget, final: attempt.final });
