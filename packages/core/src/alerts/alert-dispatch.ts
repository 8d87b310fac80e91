import { markAlertEventsQueued, pendingAlertEvents, type Db } from '@tradebot/db';
import { alertEventJobId, alertQueue, enqueue } from '@tradebot/jobs';
import type { Queue } from 'bullmq';

/**
 * Hands alert notifications to the alerts queue: every notification written with a kind other
 * than 'info' (notifications.repo.ts, where every notification is written) waits with
 * alert_pending until this runs. The tick calls it after its writes have committed, and the
 * worker sweeps every few seconds for notifications written elsewhere (a Quick Sell, the kill
 * switch, fills synced by a dashboard read). The job id `alert-event-{id}` makes a second
 * hand-over of the same event a no-op; the flag is cleared only after the enqueue succeeded.
 */
export async function dispatchAlerts(db: Db, queue: Queue, userId?: number): Promise<number> {
  const pending = await pendingAlertEvents(db, 500, userId);
  const ids = pending.map((row) => row.id);
  for (const id of ids)
    await enqueue(
      queue,
      alertQueue,
      { type: 'event', eventId: id },
      { jobId: alertEventJobId(id) },
    );
  await markAlertEventsQueued(db, ids);
  return ids.length;
}

/** The tick's call: never throws, never holds the tick up beyond the enqueue itself. */
export async function dispatchAlertsQuietly(
  db: Db,
  queue: Queue | undefined,
  userId: number,
): Promise<void> {
  if (queue === undefined) return;
  try {
    await dispatchAlerts(db, queue, userId);
  } catch (error) {
    // The worker's sweep picks the events up later; the tick goes on.
    console.error(`[alerts] enqueue for user ${userId} failed: ${String(error)}`);
  }
}
