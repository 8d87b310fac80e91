import type { Services } from '@tradebot/core';
import { NEWS_SCHEDULER_ID, newsQueue } from '@tradebot/jobs';
import type { Queue } from 'bullmq';

/** The news queue's processor: the refresh itself is core's news service. */
export const newsProcessor = (services: Pick<Services, 'news'>) => async () => {
  const result = await services.news.refresh();
  // Reasons are the adapter's messages: they name the call, never the keys.
  for (const skipped of result.skipped_users)
    console.warn(`[news] skipped user ${skipped.user_id} on Alpaca: ${skipped.reason}`);
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
