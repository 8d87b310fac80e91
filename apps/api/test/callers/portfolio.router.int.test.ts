import { server, ZPortfolioResult } from '@tradebot/api-contract';
import { portfolioJobId } from '@tradebot/jobs';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectRefused, expectUnauthenticated } from './caller.js';

const s = callerSuite('folio', { demoMarket: true });

/** Three stocks of the test API's demo market, stored as listings and on the user's Final Trading List. */
async function listOfThree(): Promise<string[]> {
  const { db, deps } = s.api.runtime;
  const symbols = deps.market.demo.market
    .listings()
    .filter((c) => c.profile.asset_type === 'stock')
    .slice(0, 3)
    .map((c) => c.profile.symbol);
  await db.company.createMany({
    data: symbols.map((symbol) => ({ source: 'demo' as const, symbol, companyName: symbol })),
    skipDuplicates: true,
  });
  await db.finalTradingListEntry.createMany({
    data: symbols.map((symbol) => ({ userId: s.user.userId, symbol, parameters: {} })),
  });
  return symbols;
}

describe('portfolio router', () => {
  it('refuses an empty list, bad months and symbols outside the market', async () => {
    await expectRefused(s.user.call.portfolio.backtest({}), server.portfolioNoSymbols);
    await expectRefused(s.user.call.portfolio.backtest({ symbols: [] }), server.portfolioNoSymbols);
    await expectRefused(
      s.user.call.portfolio.backtest({ symbols: ['DMA'], months: 0 }),
      server.portfolioMonths,
    );
    await expectRefused(
      s.user.call.portfolio.backtest({ symbols: ['NOPE'] }),
      server.unknownSymbols(['NOPE']),
    );
  });

  it("queues the caller's Final Trading List, which only the caller finds, and the job computes it", async () => {
    const symbols = await listOfThree();
    const { id } = await s.user.call.portfolio.backtest({ months: 6 });
    expect(id).toMatch(new RegExp(`^portfolio-${s.user.userId}-`));
    const job = await s.api.runtime.deps.portfolioQueue.getJob(id);
    expect(job?.data).toEqual({
      userId: s.user.userId,
      universe: 'demo',
      symbols: [...symbols].sort(),
      months: 6,
    });
    // No worker runs here: the preview waits in the queue.
    expect(await s.user.call.portfolio.backtestResult({ id })).toEqual({
      id,
      status: 'queued',
      error: null,
      result: null,
    });
    await expectRefused(
      s.admin.call.portfolio.backtestResult({ id }),
      server.portfolioUnknown,
      'NOT_FOUND',
    );
    await expectRefused(
      s.user.call.portfolio.backtestResult({
        id: portfolioJobId(s.user.userId, '00000000-0000-4000-8000-000000000000'),
      }),
      server.portfolioUnknown,
      'NOT_FOUND',
    );
    await expectRefused(
      s.user.call.portfolio.backtestResult({ id: 'backtest-1-2' }),
      server.portfolioUnknown,
    );

    // What the worker's processor returns for that job.
    const result = ZPortfolioResult.parse(
      await s.api.runtime.services.portfolio.process(job!.data),
    );
    expect(result.symbols).toEqual([...symbols].sort());
    expect(result.months).toBe(6);
    expect(result.equity.length).toBeGreaterThan(100);
    expect(result.benchmarks.equal_weight).toHaveLength(result.equity.length);
    expect(result.equity[result.equity.length - 1]!.value).toBe(result.final_equity);
    const net = result.trades.reduce((sum, t) => sum + t.net_pnl, 0);
    expect(result.final_equity).toBeCloseTo(result.initial_cash + net, 6);
    expect(result.per_symbol.map((g) => g.symbol)).toEqual([...symbols].sort());

    // Its Monte Carlo risk: the next year from the preview's cash, the trading settings' halt.
    const risk = result.monte_carlo;
    if (!risk.ok) throw new Error(risk.error);
    expect(risk).toMatchObject({ paths: 10_000, days: 252, start_equity: result.initial_cash });
    expect(risk.halt_drawdown).toBe(0.2);
    expect(risk.bands[0]).toEqual({
      day: 0,
      p5: result.initial_cash,
      p50: result.initial_cash,
      p95: result.initial_cash,
    });
    expect(risk.bands.at(-1)).toEqual({ day: 252, ...risk.final_equity });
    expect(risk.final_equity.p5).toBeLessThan(risk.final_equity.p95);
    expect(risk.max_drawdown.histogram.counts.reduce((a, c) => a + c, 0)).toBe(10_000);
    expect(risk.halt_probability).toBeGreaterThanOrEqual(0);
    expect(risk.halt_probability).toBeLessThanOrEqual(1);
    // Seeded by the job's id: the same id draws the same paths, another id others.
    const portfolio = s.api.runtime.services.portfolio;
    const again = await portfolio.process(job!.data, id);
    expect((await portfolio.process(job!.data, id)).monte_carlo).toEqual(again.monte_carlo);
    expect(again.monte_carlo).not.toEqual(risk);
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.portfolio.backtest({}));
    await expectUnauthenticated(
      s.anonymous.portfolio.backtestResult({
        id: portfolioJobId(1, '00000000-0000-4000-8000-000000000000'),
      }),
    );
  });
});
