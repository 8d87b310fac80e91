import { server, userEventsChannel, ZPortfolioResult } from '@tradebot/api-contract';
import { portfolioPreviewService } from '@tradebot/core';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis } from '@tradebot/jobs';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backtestTestRuntime, createUser, demoStocks } from './backtest-helpers.js';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process.js';

/**
 * A real worker process runs the portfolio queue: a preview queued as POST /api/portfolio/backtest
 * queues it is read back by its id as completed, with the result the job returned; a list whose
 * stocks have no bars ends failed with the reason. Progress reaches the user over /ws.
 */
const { runtime, session } = await backtestTestRuntime();
const db = runtime.db;
const portfolio = portfolioPreviewService(
  runtime.deps,
  { universeFor: () => 'demo' },
  runtime.services.tradingSettings,
);
let worker: WorkerProcess;
let stocks: string[];
let subscriber: Redis;
const events: { userId: number; message: Record<string, unknown> }[] = [];

beforeAll(async () => {
  await resetDatabase(db);
  await runtime.redis.flushdb();
  stocks = await demoStocks(runtime, 4);
  await db.company.create({ data: { source: 'demo', symbol: 'NOBARS', companyName: 'No bars' } });
  subscriber = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
  subscriber.on('pmessage', (_pattern, channel, text) =>
    events.push({ userId: Number(channel.split(':').pop()), message: JSON.parse(text) }),
  );
  await subscriber.psubscribe(userEventsChannel(runtime.namespace, 0).replace(/0$/, '*'));
  worker = await startWorkerProcess({ DEMO_TRADING_DAYS_PER_MINUTE: '0' });
});
afterAll(async () => {
  worker?.child.kill('SIGTERM');
  await worker?.exited;
  subscriber?.disconnect();
  await runtime.close();
});

async function settled(userId: number, id: string) {
  let status = await portfolio.status(session(userId), id);
  await waitFor(
    async () => {
      status = await portfolio.status(session(userId), id);
      return status.status === 'completed' || status.status === 'failed';
    },
    60_000,
    'the preview to finish',
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${worker.output.join('')}`);
  });
  // A failed job's reason reaches the worker's log just after its state: wait for the line, so
  // an assertion on an unexpected failure prints why.
  if (status.status === 'failed')
    await waitFor(
      () => /job failed|stalled/.test(worker.output.join('')),
      5_000,
      "the worker's line about the failure",
    ).catch(() => undefined);
  return status;
}

describe('portfolio previews in the worker process', () => {
  it('computes the Final Trading List on one account and answers it by id', async () => {
    const user = await createUser(runtime);
    await db.finalTradingListEntry.createMany({
      data: stocks.map((symbol) => ({ userId: user, symbol, parameters: {} })),
    });
    const { id } = await portfolio.start(session(user), { months: 12 });
    const status = await settled(user, id);
    expect(status, worker.output.join('')).toMatchObject({ id, status: 'completed', error: null });
    const result = ZPortfolioResult.parse(status.result);
    expect(result.symbols).toEqual([...stocks].sort());
    expect(result.months).toBe(12);
    expect(result.equity.length).toBeGreaterThan(200);
    const net = result.trades.reduce((sum, t) => sum + t.net_pnl, 0);
    expect(result.final_equity).toBeCloseTo(result.initial_cash + net, 6);
    expect(result.benchmarks.equal_weight[0]!.value).toBeCloseTo(result.initial_cash, 6);
    // The Monte Carlo risk of a year of the list's returns.
    expect(result.monte_carlo).toMatchObject({ ok: true, paths: 10_000, days: 252 });
    if (result.monte_carlo.ok) {
      const { bands, final_equity, halt_probability } = result.monte_carlo;
      expect(bands.length).toBeGreaterThan(50);
      expect(final_equity.p5).toBeLessThanOrEqual(final_equity.p50);
      expect(final_equity.p50).toBeLessThanOrEqual(final_equity.p95);
      expect(halt_probability).toBeGreaterThanOrEqual(0);
    }
    // Progress over /ws: one step per stock's bars, then the run.
    await waitFor(
      async () => events.some((e) => e.message.phase === server.portfolioPhaseCompleted),
      5_000,
      'the last progress event',
    );
    const progress = events.filter((e) => e.userId === user && e.message.task === 'portfolio');
    expect(
      progress.map((e) => [e.message.id, e.message.completed, e.message.total, e.message.phase]),
    ).toEqual([
      [id, 0, 5, server.portfolioPhaseLoading],
      [id, 4, 5, server.portfolioPhaseComputing],
      [id, 5, 5, server.portfolioPhaseCompleted],
    ]);
  });

  it('fails a list without price history, saying so', async () => {
    const user = await createUser(runtime);
    const { id } = await portfolio.start(session(user), { symbols: ['NOBARS'] });
    expect(await settled(user, id)).toEqual({
      id,
      status: 'failed',
      error: server.portfolioNoBars,
      result: null,
    });
  });
});
