import type { Services } from '@tradebot/core';
import { metricsQueue } from '@tradebot/jobs';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';

/** What the schedule needs of the core runtime. */
interface MetricsScheduleRuntime {
  deps: { metricsQueue: Pick<Queue, 'upsertJobScheduler' | 'removeJobScheduler'> };
  services: { metrics: Pick<Services['metrics'], 'enqueueRefresh'> };
}

const DAY_MS = 86_400_000;

/**
 * The metrics refresh's BullMQ Job Schedulers: the demo universe every `minutes` (its clock
 * moves a trading day a minute by default), the csv universe daily; each tick only enqueues the
 * refresh for the current as-of date under its deterministic id (metrics-refresh.processor.ts).
 * Both also run once now. `minutes` 0 removes the schedulers and skips the start run.
 */
export async function scheduleMetricsRefresh(
  runtime: MetricsScheduleRuntime,
  minutes: number,
  log: Logger,
) {
  const queue = runtime.deps.metricsQueue;
  if (minutes === 0) {
    await queue.removeJobScheduler('metrics-demo');
    await queue.removeJobScheduler('metrics-csv');
    return;
  }
  await queue.upsertJobScheduler(
    'metrics-demo',
    { every: minutes * 60_000 },
    { name: 'metrics', data: { universe: 'demo' } },
  );
  await queue.upsertJobScheduler(
    'metrics-csv',
    { every: DAY_MS },
    { name: 'metrics', data: { universe: 'csv' } },
  );
  for (const universe of ['demo', 'csv', 'alpaca'] as const) {
    const outcome = await runtime.services.metrics.enqueueRefresh(universe);
    if (outcome.enqueued)
      log.info(
        { queue: metricsQueue.name, universe, as_of: outcome.as_of },
        'metrics refresh queued',
      );
  }
}
