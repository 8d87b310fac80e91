import {
  fundamentalsProviderFor,
  refreshFundamentalsFromProvider,
  type ProviderRefreshReport,
} from '@tradebot/core';
import type { Db } from '@tradebot/db';
import { openQueue, providerRefreshQueue, startWorker, type createRedis } from '@tradebot/jobs';
import type { Logger } from 'pino';
import type { z } from 'zod';

type Worker = ReturnType<typeof startWorker>;
type ProviderRefreshResult = z.input<typeof providerRefreshQueue.result>;

/**
 * The daily fundamentals refresh of the real universe from FMP (core provider-refresh.ts).
 * Scheduled with a BullMQ Job Scheduler: one id, upserted at every start, so restarts and
 * several workers never add a second schedule. It runs on the wall clock in New York time: it
 * follows the real market FMP reports on, not the demo market's clock.
 */
export const PROVIDER_REFRESH_SCHEDULER = 'provider-refresh-daily';
/** 19:00 New York every day: after the close, when FMP's day-end figures are in. */
export const PROVIDER_REFRESH_SCHEDULE = { pattern: '0 19 * * *', tz: 'America/New_York' };

const MAX_FAILURES_KEPT = 50;

export function providerRefreshResult(report: ProviderRefreshReport): ProviderRefreshResult {
  return {
    symbols: report.symbols,
    updated: report.updated,
    unchanged: report.unchanged,
    failedCount: report.failed.length,
    failed: report.failed.slice(0, MAX_FAILURES_KEPT),
  };
}

export const providerRefreshProcessor =
  (db: Db, provider: Parameters<typeof refreshFundamentalsFromProvider>[1], log: Logger) =>
  async () => {
    const report = await refreshFundamentalsFromProvider(db, provider);
    log.info(
      {
        queue: providerRefreshQueue.name,
        symbols: report.symbols,
        updated: report.updated,
        unchanged: report.unchanged,
        failed: report.failed.length,
      },
      'fundamentals refreshed from FMP',
    );
    return providerRefreshResult(report);
  };

/**
 * With FMP_API_KEY: schedules the refresh and returns its worker. Without: removes any schedule
 * a previous configuration left, logs one line, and returns null.
 */
export async function startProviderRefresh(
  env: { FMP_API_KEY?: string | undefined; FMP_BASE_URL?: string | undefined },
  runtime: { db: Db; queueNamespace: string },
  connection: ReturnType<typeof createRedis>,
  log: Logger,
): Promise<Worker | null> {
  const queue = openQueue(providerRefreshQueue, connection, runtime.queueNamespace);
  try {
    const provider = fundamentalsProviderFor(env);
    if (!provider) {
      await queue.removeJobScheduler(PROVIDER_REFRESH_SCHEDULER);
      log.info(
        { queue: providerRefreshQueue.name },
        'FMP_API_KEY is not set: fundamentals come from the CSV import only',
      );
      return null;
    }
    await queue.upsertJobScheduler(PROVIDER_REFRESH_SCHEDULER, PROVIDER_REFRESH_SCHEDULE, {
      name: providerRefreshQueue.name,
      data: {},
    });
    return startWorker(
      providerRefreshQueue,
      providerRefreshProcessor(runtime.db, provider, log),
      connection,
      runtime.queueNamespace,
      1,
    );
  } finally {
    await queue.close();
  }
}
