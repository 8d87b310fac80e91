import { server } from '@tradebot/api-contract';
import { backtestJobId } from '@tradebot/jobs';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectRefused, expectUnauthenticated } from './caller.js';

const s = callerSuite('btst', { demoMarket: true });

describe('backtests router', () => {
  it('queues the caller’s run and shows it as their progress only', async () => {
    const queued = await s.user.call.backtests.run({ symbol: ' dma ' });
    expect(queued).toEqual({
      message: server.backtestQueued('DMA'),
      run_id: expect.any(Number),
      batch_id: queued.run_id,
      queued: true,
    });
    const row = await s.api.runtime.db.backtestRun.findUniqueOrThrow({
      where: { id: queued.run_id },
    });
    expect(row).toMatchObject({ userId: s.user.userId, symbol: 'DMA', status: 'queued' });
    const job = await s.api.runtime.deps.backtestQueue.getJob(
      backtestJobId(s.user.userId, queued.run_id),
    );
    expect(job?.data).toEqual({ runId: queued.run_id });
    expect(await s.user.call.backtests.progress()).toEqual({
      batch_id: queued.run_id,
      completed: 0,
      failed: 0,
      total: 1,
      runs: [{ symbol: 'DMA', status: 'queued', phase: null, error: null }],
    });
    expect(await s.admin.call.backtests.progress()).toEqual({
      batch_id: null,
      completed: 0,
      failed: 0,
      total: 0,
      runs: [],
    });
  });

  it('refuses a non-ticker, a symbol outside the market and a result not computed yet', async () => {
    await expectRefused(s.user.call.backtests.run({ symbol: 'no way!' }), server.symbolRequired);
    await expectRefused(
      s.admin.call.backtests.run({ symbol: 'DMB' }),
      server.unknownSymbols(['DMB']),
    );
    await expectRefused(
      s.user.call.backtests.result({ symbol: 'DMA' }),
      server.noBacktestResult('DMA'),
      'NOT_FOUND',
    );
    expect(await s.api.runtime.db.backtestRun.count({ where: { userId: s.admin.userId } })).toBe(0);
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.backtests.progress());
    await expectUnauthenticated(s.anonymous.backtests.run({ symbol: 'DMA' }));
  });
});
