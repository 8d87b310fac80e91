import type { Services } from '@tradebot/core';
import { NEWS_SCHEDULER_ID, newsQueue } from '@tradebot/jobs';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';

/** The news queue's processor: the refresh itself is core's news service. */
export const newsProcessor =
  (services: { news: Pick<Services['news'], 'refresh'> }, log: Logger) => async () => {
    const result = await services.news.refresh();
    // Reasons are the adapter's messages: they name the call, never the keys.
    for (const skipped of result.skipped_users)
      log.warn(
        { queue: newsQueue.name, userId: skipped.user_id, reason: skipped.reason },
        'news skipped a user on Alpaca',
      );
    return result;
  };

/**
 * One Job Scheduler per deployment: every worker upserts the same id, so the refresh runs once
 * per NEWS_REFRESH_MINUTES slot however many workers there are (BullMQ names each job after its
 * slot's time).
 */
export function scheduleNewsRefresh(queue: Queue, minutes: number) {
  return queue.upsertJobScheduler(
    NEWS_SCHEDULER_ID,
    { every: minutes * 60_000 },
    { name: newsQueue.name, data: {} },
  );
}
