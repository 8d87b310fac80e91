import { AsyncLocalStorage } from 'node:async_hooks';
import type { Job } from 'bullmq';

/**
 * Who caused a piece of work: the API request's id and, once the caller is authenticated, the
 * user. The API runs each request's handler inside one (apps/api request-trace.ts), `enqueue`
 * copies it onto the job's data under TRACE_KEY, and a processor runs its job inside the job's
 * trace, so the jobs a job queues carry the same ids and the worker's log lines name them.
 */
export interface RequestTrace {
  requestId: string;
  userId?: number;
}

/** The job data key of the trace; processors strip it before the payload schema reads the data. */
export const TRACE_KEY = '_request';

const storage = new AsyncLocalStorage<RequestTrace>();

export function runWithTrace<T>(trace: RequestTrace | undefined, work: () => T): T {
  return trace === undefined ? work() : storage.run(trace, work);
}

/** The trace of the request or job this code runs for, if any. */
export function currentTrace(): RequestTrace | undefined {
  return storage.getStore();
}

function isTrace(value: unknown): value is RequestTrace {
  if (typeof value !== 'object' || value === null) return false;
  const { requestId, userId } = value as Record<string, unknown>;
  return typeof requestId === 'string' && (userId === undefined || typeof userId === 'number');
}

/** A job's data split into its trace (when a request queued it) and the payload proper. */
export function splitTrace(data: unknown): { trace: RequestTrace | undefined; payload: unknown } {
  if (typeof data !== 'object' || data === null || !(TRACE_KEY in data)) {
    return { trace: undefined, payload: data };
  }
  const { [TRACE_KEY]: trace, ...payload } = data as Record<string, unknown>;
  return { trace: isTrace(trace) ? trace : undefined, payload };
}

export const traceOfJob = (job: Pick<Job, 'data'>) => splitTrace(job.data).trace;
