import {
  Queue,
  UnrecoverableError,
  Worker,
  type Job,
  type JobsOptions,
  type Processor,
  type WorkerOptions,
} from 'bullmq';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import { currentTrace, runWithTrace, splitTrace, TRACE_KEY } from './request-trace.js';

/**
 * A queue is defined once: its name, payload and result schemas and default
 * options. `enqueue` parses on the way in; `createProcessor` parses on the way out, so a bad
 * payload fails the job as unrecoverable instead of being retried.
 */
export interface QueueDefinition<P extends z.ZodType, R extends z.ZodType> {
  name: string;
  payload: P;
  result: R;
  defaultJobOptions: JobsOptions;
  /** How fast a job whose worker died is handed to another (BullMQ's stall detection). */
  workerOptions?: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;
}

/** What a handler may know about its job besides the payload. */
export interface JobAttempt {
  /** No retry follows if this attempt fails. */
  final: boolean;
}

/** attemptsMade counts the attempts that already failed; this one is the last when it reaches the limit. */
export function attemptOf(job: Pick<Job, 'attemptsMade' | 'opts'>): JobAttempt {
  return { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) };
}

export function defineQueue<P extends z.ZodType, R extends z.ZodType>(
  definition: QueueDefinition<P, R>,
): QueueDefinition<P, R> {
  return definition;
}

/** Worker connections must not give up on a command (BullMQ needs maxRetriesPerRequest: null). */
export function createRedis(url: string, options: { forWorker?: boolean } = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: options.forWorker ? null : 3,
    enableOfflineQueue: options.forWorker ?? false,
    lazyConnect: false,
  });
}

/** Queues live under the deployment's Redis namespace (core's `queueNamespace`). */
export function openQueue<P extends z.ZodType, R extends z.ZodType>(
  definition: QueueDefinition<P, R>,
  connection: Redis,
  namespace: string,
): Queue {
  return new Queue(definition.name, {
    connection,
    prefix: `${namespace}:bull`,
    defaultJobOptions: definition.defaultJobOptions,
  });
}

export async function enqueue<P extends z.ZodType, R extends z.ZodType>(
  queue: Queue,
  definition: QueueDefinition<P, R>,
  payload: z.input<P>,
  options: JobsOptions = {},
): Promise<string> {
  const data = definition.payload.parse(payload);
  const trace = currentTrace();
  const traced = trace === undefined ? data : { ...(data as object), [TRACE_KEY]: { ...trace } };
  const job = await queue.add(definition.name, traced, options);
  return job.id ?? '';
}

export function createProcessor<P extends z.ZodType, R extends z.ZodType>(
  definition: QueueDefinition<P, R>,
  handle: (payload: z.output<P>, attempt: JobAttempt, job: Job) => Promise<z.input<R>>,
): Processor {
  return async (job) => {
    const { trace, payload } = splitTrace(job.data);
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success)
      throw new UnrecoverableError(`Bad ${definition.name} payload: ${parsed.error.message}`);
    // The job itself too: a long job reports progress and reads its checkpoint from it. Jobs it
    // queues carry the trace of the request that queued it.
    const result = await runWithTrace(trace, () => handle(parsed.data, attemptOf(job), job));
    return definition.result.parse(result);
  };
}

/**
 * host:pid: BullMQ puts a worker's name in its Redis client name, so the admin's System tab can
 * tell worker processes apart (and stamps it on the jobs it processes).
 */
export const workerName = () => `${hostname()}:${process.pid}`;

export function startWorker<P extends z.ZodType, R extends z.ZodType>(
  definition: QueueDefinition<P, R>,
  handle: (payload: z.output<P>, attempt: JobAttempt, job: Job) => Promise<z.input<R>>,
  connection: Redis,
  namespace: string,
  concurrency = 4,
): Worker {
  return new Worker(definition.name, createProcessor(definition, handle), {
    connection,
    prefix: `${namespace}:bull`,
    name: workerName(),
    concurrency,
    ...definition.workerOptions,
  });
}
