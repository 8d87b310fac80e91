import { server, type TMetricsRefreshJob } from '@tradebot/api-contract';
import { lastBarDate } from '@tradebot/db';
import { enqueue, metricsQueue } from '@tradebot/jobs';
import { dayOfInstant, isoFromDay } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import { syncDemoUniverse } from './demo-universe-sync.js';
import { refreshMetrics, type MetricsRefreshOptions } from './metrics-refresh.js';
import { demoBarSource, storedBarSource } from './metrics-sources.js';

export type MetricsUniverse = TMetricsRefreshJob['universe'];

/** The refresh job's deterministic id: one job per universe and as-of trading date. */
export const metricsJobId = (universe: MetricsUniverse, asOf: string) =>
  `metrics-${universe}-${asOf}`;

export interface EnqueueOutcome {
  universe: MetricsUniverse;
  as_of: string | null;
  enqueued: boolean;
}

/**
 * The technical metrics of a universe (`stock_metrics`): which trading date a refresh is as of,
 * enqueueing it once per date (worker start, the scheduler's ticks, the admin's button), and
 * the refresh itself (the worker's processor and the bench call `refresh`).
 */
export function metricsRefreshService(
  deps: Pick<ServiceDeps, 'db' | 'market' | 'now' | 'metricsQueue'>,
) {
  const { db } = deps;
  const demo = deps.market.demo.market;

  /**
   * The last completed trading date the universe's refresh would use: on the demo market its
   * clock's last completed session; for csv and alpaca the last stored bar up to today.
   */
  async function asOfFor(universe: MetricsUniverse): Promise<string | null> {
    if (universe === 'demo') {
      const n = demo.completedCount();
      return n > 0 ? isoFromDay(demo.dayAt(n - 1)) : null;
    }
    return lastBarDate(db, universe, isoFromDay(dayOfInstant(deps.now().getTime())));
  }

  /** Adds the refresh for the universe's current as-of date unless that job already exists. */
  async function enqueueRefresh(universe: MetricsUniverse): Promise<EnqueueOutcome> {
    const asOf = await asOfFor(universe);
    if (asOf === null) return { universe, as_of: null, enqueued: false };
    const jobId = metricsJobId(universe, asOf);
    const existing = await deps.metricsQueue.getJob(jobId);
    if (existing && (await existing.getState()) === 'failed') {
      // Out of attempts earlier (the database was down…): a new trigger tries again.
      await existing.retry('failed');
      return { universe, as_of: asOf, enqueued: true };
    }
    if (existing) return { universe, as_of: asOf, enqueued: false };
    await enqueue(deps.metricsQueue, metricsQueue, { universe, as_of: asOf }, { jobId });
    return { universe, as_of: asOf, enqueued: true };
  }

  /** POST /api/admin/refresh-metrics: enqueues one universe or all, says what happened. */
  async function triggerRefresh(universe?: MetricsUniverse): Promise<{ message: string }> {
    const universes: MetricsUniverse[] = universe ? [universe] : ['demo', 'csv', 'alpaca'];
    const outcomes = await Promise.all(universes.map(enqueueRefresh));
    return {
      message: outcomes
        .map((o) =>
          o.as_of === null
            ? server.metricsNoBars(o.universe)
            : o.enqueued
              ? server.metricsRefreshQueued(o.universe, o.as_of)
              : server.metricsRefreshExists(o.universe, o.as_of),
        )
        .join(' '),
    };
  }

  /**
   * Refreshes a universe as of a trading date; for the demo universe the companies rows first
   * (fundamentals as of the demo clock's now), so every listing has a row to hang metrics on.
   */
  async function refresh(
    universe: MetricsUniverse,
    asOf: string,
    options: Omit<MetricsRefreshOptions, 'now'> = {},
  ) {
    if (universe === 'demo') await syncDemoUniverse(db, demo);
    const source =
      universe === 'demo' ? demoBarSource(demo, asOf) : storedBarSource(db, universe, asOf);
    return refreshMetrics(db, source, { ...options, now: deps.now });
  }

  return { asOfFor, enqueueRefresh, triggerRefresh, refresh };
}

export type MetricsRefreshService = ReturnType<typeof metricsRefreshService>;
