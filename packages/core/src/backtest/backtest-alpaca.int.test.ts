import { DEFAULT_BACKTEST_SETTINGS, server, ZBacktestResult } from '@tradebot/api-contract';
import { createBacktestRun } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import {
  AlpacaInvalidKeysError,
  dayFromIso,
  isoFromDay,
  lastCompletedTradingDay,
} from '@tradebot/market';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  listing,
  storeBars,
  tradingDaysTo,
  walkBars,
  type TestBar,
} from '../../test/cached-bars.js';
import { coreEnvShape, parseEnv } from '../env.js';
import { createCoreRuntime } from '../runtime.js';
import type { AlpacaBarsFeed } from './alpaca-bars.js';
import { backtestJobsService } from './backtest-jobs.service.js';
import { testUser } from '../../test/test-user.js';

/**
 * A backtest of an Alpaca user reads the Alpaca cache (`daily_bars` of source `alpaca`), topped up
 * to the last completed session first, not the csv import of the same symbol; the result names
 * the data it used.
 */
const NOW = new Date('2026-11-25T23:00:00Z');
const LAST = lastCompletedTradingDay(NOW.getTime());
const runtime = await createCoreRuntime(
  {
    ...parseEnv(
      coreEnvShape,
      { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL },
      'test',
    ),
    ENCRYPTION_KEY: 'a'.repeat(64),
  },
  { now: () => NOW },
);
const db = runtime.db;
const SYMBOL = 'ACME';
const BUDGET = { evaluations: 20, timeMs: 3_000 };
/** The cache's bars up to the last session; the cache starts one session behind. */
const ALPACA = walkBars(tradingDaysTo(LAST, 900), 50, 11);
/** The csv import of the same symbol: other prices, ending in 2021. */
const CSV = walkBars(tradingDaysTo(dayFromIso('2021-04-21'), 900), 400, 5);

/** A supplier that stores the missing sessions from ALPACA and records what it was asked. */
function supplier(fail?: Error): AlpacaBarsFeed & { calls: [string[], number][] } {
  const calls: [string[], number][] = [];
  return {
    feed: 'iex',
    calls,
    async topUp(symbols, now) {
      const toDay = lastCompletedTradingDay(now);
      calls.push([[...symbols], toDay]);
      if (fail) throw fail;
      const id = (
        await db.company.findFirstOrThrow({ where: { source: 'alpaca', symbol: SYMBOL } })
      ).id;
      const have = await db.dailyBar.count({ where: { companyId: id } });
      await storeBars(
        db,
        id,
        ALPACA.slice(have).filter((b) => b.day <= toDay),
      );
    },
  };
}

let userId: number;
beforeAll(async () => {
  await resetDatabase(db);
});
beforeEach(async () => {
  await resetDatabase(db);
  userId = await testUser(db, 'alpacabt');
  await storeBars(db, await listing(db, 'alpaca', SYMBOL), ALPACA.slice(0, -1));
  // The csv history is split-adjusted by half: its adjusted closes are what a csv backtest reads.
  await storeBars(db, await listing(db, 'csv', SYMBOL), CSV, 0.5);
});
afterAll(async () => runtime.close());

async function runBacktest(feed: AlpacaBarsFeed | null, options: { final?: boolean } = {}) {
  const { run } = await createBacktestRun(db, {
    userId,
    symbol: SYMBOL,
    universe: 'alpaca',
    settings: DEFAULT_BACKTEST_SETTINGS,
  });
  const service = backtestJobsService(runtime.deps, { universeFor: () => 'alpaca' });
  return service.process(run.id, { budget: BUDGET, alpacaBars: async () => feed, ...options });
}

const storedResult = async () =>
  ZBacktestResult.parse(
    (await db.backtestResult.findFirstOrThrow({ where: { userId, symbol: SYMBOL } })).result,
  );

const close = (b: TestBar) => Math.round(b.close * 10_000) / 10_000;

describe('a backtest on the Alpaca universe', () => {
  it('tops the cache up to the last session, reads the alpaca rows and names its data', async () => {
    const feed = supplier();
    expect(await runBacktest(feed)).toMatchObject({ symbol: SYMBOL, status: 'completed' });
    expect(feed.calls).toEqual([[[SYMBOL], LAST]]);

    const result = await storedResult();
    expect(result.universe).toBe('alpaca');
    // The tested window's closes are the cache's, up to the session topped up.
    const tested = ALPACA.slice(-result.dates.length);
    expect(result.dates.at(-1)).toBe(isoFromDay(LAST));
    expect(result.bars.close).toEqual(tested.map(close));
    expect(result.bars.close).not.toContain(close(CSV.at(-1) as TestBar));
    expect(result.data).toEqual({
      source: 'alpaca',
      feed: 'iex',
      from: expect.any(String),
      to: isoFromDay(LAST),
      tested_from: result.dates[0],
      tested_to: isoFromDay(LAST),
    });
    // Warm-up and training before the tested window, all from the cache.
    const from = dayFromIso(result.data?.from ?? '');
    expect(ALPACA.some((b) => b.day === from)).toBe(true);
    expect(from).toBeLessThan(dayFromIso(result.dates[0] as string) - 365);
  }, 60_000);

  it('asks Alpaca nothing when the cache already holds the last session', async () => {
    const id = (await db.company.findFirstOrThrow({ where: { source: 'alpaca' } })).id;
    await storeBars(db, id, ALPACA.slice(-1));
    const feed = supplier();
    expect(await runBacktest(feed)).toMatchObject({ status: 'completed' });
    expect(feed.calls).toEqual([]);
    expect((await storedResult()).data?.to).toBe(isoFromDay(LAST));
  }, 60_000);

  it('fails the run with a clear reason when Alpaca refuses the keys', async () => {
    const feed = supplier(new AlpacaInvalidKeysError('GET /v2/stocks/bars'));
    expect(await runBacktest(feed)).toMatchObject({ status: 'failed' });
    const run = await db.backtestRun.findFirstOrThrow({ where: { userId } });
    expect(run.error).toBe(
      server.backtestTopUpFailed('Alpaca rejected the API keys (401) on GET /v2/stocks/bars'),
    );
    expect(await db.backtestResult.count()).toBe(0);
  });

  it('the csv universe reads the imported rows, labelled offline', async () => {
    const { run } = await createBacktestRun(db, {
      userId,
      symbol: SYMBOL,
      universe: 'csv',
      settings: DEFAULT_BACKTEST_SETTINGS,
    });
    const service = backtestJobsService(runtime.deps, { universeFor: () => 'csv' });
    const feed = supplier();
    await service.process(run.id, { budget: BUDGET, alpacaBars: async () => feed });
    expect(feed.calls).toEqual([]);
    const result = await storedResult();
    expect(result.data).toMatchObject({ source: 'csv', feed: null, to: '2021-04-21' });
    // Adjusted closes of the import (half the raw ones).
    expect(result.bars.close.at(-1)).toBeCloseTo((CSV.at(-1) as TestBar).close * 0.5, 4);
  }, 60_000);
});
