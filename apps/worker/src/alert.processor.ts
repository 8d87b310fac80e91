import type { TAlertJob } from '@tradebot/api-contract';
import { dispatchAlerts, type Services } from '@tradebot/core';
import type { Db } from '@tradebot/db';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';

/** The alerts queue's processor: fan-out and delivery are core's (core/src/alerts). */
export const alertProcessor = (services: Pick<Services, 'alerts'>) => (job: TAlertJob) =>
  services.alerts.handle(job);

/** How often the worker hands over alert events written outside a tick. */
export const ALERT_SWEEP_INTERVAL_MS = 5_000;

/**
 * Every few seconds: alert notifications still pending (written by a Quick Sell, a dashboard
 * read's fill sync, or a tick whose enqueue failed) go to the alerts queue, and the daily
 * summaries of sessions that have closed are written. Returns the stop function.
 */
export function startAlertSweep(
  db: Db,
  queue: Queue,
  services: Pick<Services, 'alerts'>,
  log: Logger,
  intervalMs = ALERT_SWEEP_INTERVAL_MS,
): () => void {
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    if (running !== null) return;
    running = services.alerts
      .writeDailySummaries()
      .then(() => dispatchAlerts(db, queue))
      .catch((error: Error) => log.error({ error: error.message }, 'alert sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
