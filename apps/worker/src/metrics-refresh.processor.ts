import type { TMetricsRefreshJob, TMetricsRefreshResult } from '@tradebot/api-contract';
import type { Services } from '@tradebot/core';
import { metricsQueue, type JobAttempt } from '@tradebot/jobs';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';

/** What the job's progress holds: the figures BullMQ shows, and the resume checkpoint. */
interface MetricsProgress {
  completed: number;
  total: number;
  /** The highest company id whose metrics are committed. */
  last_company_id: number;
}

function checkpointOf(progress: unknown): number {
  const id = (progress as Partial<MetricsProgress> | null)?.last_company_id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * The metrics queue's processor. A tick (no as_of: the scheduler) enqueues the refresh for the
 * universe's current date under its deterministic id. A refresh resumes after the checkpoint
 * a killed attempt left in the job's progress, and after each committed batch records the new
 * one there (progress lives in Redis with the job, so the retry of a stalled job reads it).
 * A checkpoint ahead of a commit cannot happen: it is written after the batch's transaction.
 */
export const metricsProcessor =
  (services: Pick<Services, 'metrics'>, options: { batchSize: number }, log: Logger) =>
  async (
    payload: TMetricsRefreshJob,
    _attempt: JobAttempt,
    job: Pick<Job, 'id' | 'progress' | 'updateProgress'>,
  ): Promise<TMetricsRefreshResult> => {
    const { universe, as_of: asOf } = payload;
    if (asOf === undefined) return services.metrics.enqueueRefresh(universe);
    const resumeAfter = checkpointOf(job.progress);
    const fields = { queue: metricsQueue.name, jobId: job.id, universe, as_of: asOf };
    if (resumeAfter > 0)
      log.info(
        { ...fields, last_company_id: resumeAfter },
        'metrics refresh resuming after company id',
      );
    const report = await services.metrics.refresh(universe, asOf, {
      batchSize: options.batchSize,
      afterCompanyId: resumeAfter,
      onBatch: async (done) => {
        const progress: MetricsProgress = {
          completed: done.completed,
          total: done.total,
          last_company_id: done.lastCompanyId,
        };
        await job.updateProgress(progress);
        log.info(
          { ...fields, completed: done.completed, total: done.total, ms: Math.round(done.ms) },
          'metrics batch committed',
        );
      },
    });
    return {
      universe,
      as_of: asOf,
      written: report.written,
      resumed_after: resumeAfter,
    };
  };
