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
    // The market: the demo market's own index, bought with the same cash on the first session.
    const market = result.benchmarks.market!;
    expect(market.name).toBe('Demo market index');
    expect(market.points.map((p) => p.date)).toEqual(result.equity.map((p) => p.date));
    expect(market.points[0]!.value).toBeCloseTo(result.initial_cash, 6);
    const index = s.api.runtime.deps.market.demo.market.indexBars({
      from: result.equity[0]!.date,
      to: result.equity.at(-1)!.date,
    });
    expect(index.close.length).toBe(market.points.length);
    for (const k of [1, 60, market.points.length - 1])
      expect(market.points[k]!.value / result.initial_cash).toBeCloseTo(
        index.close[k]! / index.close[0]!,
        9,
      );
    expect(market.points.at(-1)!.value).not.toBeCloseTo(result.initial_cash, 0);
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

  it('on a stored universe with SPY, the market line is SPY bought with the starting cash', async () => {
    const { db } = s.api.runtime;
    // Two stocks and SPY with bars on weekdays (a random walk each), in the csv universe.
    const days: Date[] = [];
    for (let d = Date.UTC(2019, 0, 1); days.length < 700; d += 86_400_000)
      if (![0, 6].includes(new Date(d).getUTCDay())) days.push(new Date(d));
    const walk = (seed: number) => {
      let price = 50 + seed * 10;
      let x = seed;
      return days.map(() => {
        x = (x * 16807) % 2147483647;
        price *= 1 + ((x % 2001) - 1000) / 40_000;
        return price;
      });
    };
    const symbols = ['CSVA', 'CSVB', 'SPY'];
    const spy = walk(3);
    for (const [k, symbol] of symbols.entries()) {
      const company = await db.company.create({
        data: { source: 'csv', symbol, companyName: symbol },
      });
      const closes = symbol === 'SPY' ? spy : walk(k + 1);
      await db.dailyBar.createMany({
        data: days.map((date, i) => ({
          companyId: company.id,
          date,
          open: closes[i]!,
          high: closes[i]! * 1.01,
          low: closes[i]! * 0.99,
          close: closes[i]!,
          adjustedClose: closes[i]!,
          volume: 1_000_000n,
        })),
      });
    }
    const result = ZPortfolioResult.parse(
      await s.api.runtime.services.portfolio.process({
        userId: s.user.userId,
        universe: 'csv',
        symbols: ['CSVA', 'CSVB'],
        months: 6,
      }),
    );
    const market = result.benchmarks.market!;
    expect(market.name).toBe('SPY');
    expect(market.points).toHaveLength(result.equity.length);
    expect(market.points[0]!.value).toBeCloseTo(result.initial_cash, 6);
    const first = days.findIndex((d) => d.toISOString().slice(0, 10) === market.points[0]!.date);
    expect(first).toBeGreaterThan(0);
    for (const k of [1, 50, market.points.length - 1]) {
      expect(market.points[k]!.date).toBe(days[first + k]!.toISOString().slice(0, 10));
      expect(market.points[k]!.value).toBeCloseTo(
        (result.initial_cash * spy[first + k]!) / spy[first]!,
        6,
      );
    }
    // Without SPY in the universe there is no market line.
    await db.company.deleteMany({ where: { source: 'csv', symbol: 'SPY' } });
    const without = await s.api.runtime.services.portfolio.process({
      userId: s.user.userId,
      universe: 'csv',
      symbols: ['CSVA', 'CSVB'],
      months: 6,
    });
    expect(without.benchmarks.market).toBeNull();
    expect(without.equity).toEqual(result.equity);
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
