import { traceOfJob } from '@tradebot/jobs';
import type { Job, Worker } from 'bullmq';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The worker's JSON log, one object a line on stdout like the API's: every line the daemon
 * writes (start, stop, schedules, skips, jobs). Tests pass a destination to read the lines.
 */
export function workerLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, base: { process: 'worker' } }, destination);
}

/** The ids a job's log lines carry: its queue and id, and the request and user that queued it. */
function jobFields(queue: string, job: Job | undefined) {
  const trace = job ? traceOfJob(job) : undefined;
  return {
    queue,
    jobId: job?.id,
    ...(trace ? { reqId: trace.requestId, userId: trace.userId } : {}),
  };
}

/**
 * One line per finished or failed job. A job a request queued is logged at info with that
 * request's id and user; scheduled work (bot ticks, refreshes) at debug, so a busy bot does not
 * fill the log. Failures and stalls are warnings.
 */
export function logJobs(worker: Worker, log: Logger) {
  worker.on('completed', (job) => {
    const fields = jobFields(worker.name, job);
    const ms = job.finishedOn && job.processedOn ? job.finishedOn - job.processedOn : undefined;
    if ('reqId' in fields) log.info({ ...fields, ms }, 'job done');
    else log.debug({ ...fields, ms }, 'job done');
  });
  worker.on('failed', (job, error) =>
    log.warn({ ...jobFields(worker.name, job), error: error.message }, 'job failed'),
  );
  worker.on('stalled', (jobId) =>
    log.warn(
      { queue: worker.name, jobId },
      'job stalled (its worker stopped renewing the lock): retrying',
    ),
  );
  worker.on('error', (error) =>
    log.error({ queue: worker.name, error: error.message }, 'worker error'),
  );
}
