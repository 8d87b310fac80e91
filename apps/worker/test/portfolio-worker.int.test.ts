import { server, ZPortfolioResult } from '@tradebot/api-contract';
import { portfolioPreviewService } from '@tradebot/core';
import { resetDatabase } from '@tradebot/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backtestTestRuntime, createUser, demoStocks } from './backtest-helpers.js';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process.js';

/**
 * A real worker process runs the portfolio queue: a preview queued as POST /api/portfolio/backtest
 * queues it is read back by its id as completed, with the result the job returned; a list whose
 * stocks have no bars ends failed with the reason.
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

beforeAll(async () => {
  await resetDatabase(db);
  await runtime.redis.flushdb();
  stocks = await demoStocks(runtime, 4);
  await db.company.create({ data: { source: 'demo', symbol: 'NOBARS', companyName: 'No bars' } });
  worker = await startWorkerProcess({ DEMO_TRADING_DAYS_PER_MINUTE: '0' });
});
afterAll(async () => {
  worker?.child.kill('SIGTERM');
  await worker?.exited;
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
