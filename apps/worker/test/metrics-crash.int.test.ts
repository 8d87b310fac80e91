import type { TMetricsRefreshResult } from '@tradebot/api-contract';
import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis, metricsQueue, openQueue } from '@tradebot/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLinesOf } from './captured-log.js';
import { startWorkerProcess, TEST_NAMESPACE, waitFor } from './worker-process.js';

/**
 * `kill -9` of a real worker in the middle of the demo universe's metrics refresh (started by
 * the worker itself at start). The restarted worker picks the stalled job up, resumes after the
 * last committed batch (its checkpoint in the job's progress), and the table ends with exactly
 * one row per company.
 */
const db = createDb(process.env.DATABASE_URL ?? '');
const redis = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
const queue = openQueue(metricsQueue, redis, TEST_NAMESPACE);
// A paused demo clock at the default start (Monday 9:00 New York): last completed session Friday.
const AS_OF = '2026-01-02';
const JOB_ID = `metrics-demo-${AS_OF}`;
const env = {
  METRICS_REFRESH_MINUTES: '15',
  METRICS_BATCH_SIZE: '10',
  DEMO_TRADING_DAYS_PER_MINUTE: '0',
};

beforeAll(async () => {
  await resetDatabase(db);
  await redis.flushdb();
});
afterAll(async () => {
  await queue.close();
  redis.disconnect();
  await db.$disconnect();
});

/** The committed counts of the demo refresh's batch lines in a worker's log. */
const completedOf = (output: string[]) =>
  logLinesOf(output)
    .filter(
      (line) =>
        line.msg === 'metrics batch committed' &&
        line.universe === 'demo' &&
        line.as_of === AS_OF &&
        line.total === 520,
    )
    .map((line) => Number(line.completed));

describe('metrics refresh after kill -9', () => {
  it('resumes from the next batch and ends with one row per company', async () => {
    const first = await startWorkerProcess(env);
    await waitFor(() => completedOf(first.output).some((n) => n >= 100), 60_000, 'batch 10');
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const written = await db.stockMetrics.count();
    expect(written).toBeGreaterThanOrEqual(100);
    expect(written).toBeLessThan(520);
    const checkpoint = (await queue.getJob(JOB_ID))?.progress as {
      completed: number;
      last_company_id: number;
    };
    expect(checkpoint.completed).toBeGreaterThanOrEqual(100);

    const second = await startWorkerProcess(env);
    await waitFor(
      async () => (await queue.getJob(JOB_ID).then((job) => job?.getState())) === 'completed',
      90_000,
      'the refresh to complete on the restarted worker',
    ).catch(async (error: Error) => {
      const job = await queue.getJob(JOB_ID);
      throw new Error(
        `${error.message}; job ${await job?.getState()} (${job?.failedReason ?? ''}); worker log:\n${second.output.join('')}`,
      );
    });
    // The worker's schedulers: demo every METRICS_REFRESH_MINUTES, csv daily.
    const schedulers = await queue.getJobSchedulers();
    expect(
      schedulers
        .map((s) => [s.key, Number(s.every)])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ).toEqual([
      ['metrics-csv', 86_400_000],
      ['metrics-demo', 15 * 60_000],
    ]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect(logLinesOf(second.output)).toContainEqual(
      expect.objectContaining({
        queue: 'metrics',
        jobId: JOB_ID,
        universe: 'demo',
        as_of: AS_OF,
        last_company_id: expect.any(Number),
        msg: 'metrics refresh resuming after company id',
      }),
    );
    // The restarted worker's first batch is the one after the checkpoint, not the first one.
    const resumed = completedOf(second.output);
    expect(resumed[0]).toBe(checkpoint.completed + 10);
    expect(resumed.at(-1)).toBe(520);
    const job = await queue.getJob(JOB_ID);
    expect(job?.returnvalue).toMatchObject({ universe: 'demo', as_of: AS_OF });
    // The completing attempt resumed at the kill's checkpoint or after it, never from scratch,
    // and wrote exactly the listings past its resume point. (On a starved machine a lock can
    // lapse after the last batch, and a second attempt completes the job with nothing left.)
    const { written: rewritten, resumed_after: resumedAfter } =
      job?.returnvalue as TMetricsRefreshResult;
    expect(resumedAfter).toBeGreaterThanOrEqual(checkpoint.last_company_id);
    expect(rewritten).toBe(
      await db.company.count({ where: { source: 'demo', id: { gt: resumedAfter } } }),
    );

    const rows = await db.stockMetrics.findMany({ select: { companyId: true, asOf: true } });
    expect(rows).toHaveLength(520);
    expect(await db.company.count({ where: { source: 'demo' } })).toBe(520);
    expect(new Set(rows.map((row) => row.companyId)).size).toBe(520);
    expect(rows.every((row) => row.asOf?.toISOString() === `${AS_OF}T00:00:00.000Z`)).toBe(true);
    // One job for that date: the restart's own start trigger found it and added none.
    const all = await queue.getJobs(['completed', 'waiting', 'active', 'delayed', 'failed']);
    expect(all.filter((j) => j.data.as_of === AS_OF).map((j) => j.id)).toEqual([JOB_ID]);
  }, 120_000); // two worker starts and a 520-listing refresh: slow on a loaded 2-core machine
});
