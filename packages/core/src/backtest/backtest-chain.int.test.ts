import { DEFAULT_BACKTEST_SETTINGS, ZBacktestResult } from '@tradebot/api-contract';
import { createBacktestRun } from '@tradebot/db';
import {
  AlpacaMarketData,
  dayFromIso,
  DAY_MS,
  isoFromDay,
  newYorkInstant,
  sessionsBetween,
} from '@tradebot/market';
import type { Bars } from '@tradebot/strategy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ALPACA_KEY, type FakeAlpaca } from '../../../../e2e/fake-alpaca.js';
import { alpacaPaperUser, alpacaTestRuntime } from '../../test/alpaca-runtime.js';
import { testUser } from '../../test/test-user.js';
import { botEngineService, type BotEngineOptions } from '../bot/engine/tick.js';
import { botMarketFor } from '../bot/market.js';
import { loadAlpacaUniverse } from '../market-universe/alpaca-universe-load.js';
import type { CoreRuntime } from '../runtime.js';
import { backtestJobsService } from './backtest-jobs.service.js';

/**
 * The chain from Alpaca's bars to the bot's decision, against the project's Alpaca-compatible
 * test server: the universe is loaded from it (assets, multi-symbol bars) a session behind, a
 * backtest job of one symbol tops the cache up to the last session and optimises on it, then the
 * bot of the same user on paper keys pointed at the same server decides on exactly those bars.
 */
const SYMBOL = 'CHNA';
/** The session the universe load reaches, then the one the backtest and the bot reach. */
const BEFORE = '2024-03-06';
const LAST = '2024-03-07';
/** 20:00 New York: after the close, and after 19:00 when the fake takes `opg` orders again. */
const evening = (date: string) => newYorkInstant(dayFromIso(date), 20 * 60);

let fake: FakeAlpaca;
let runtime: CoreRuntime;
let close: () => Promise<void>;

/** A seeded walk of daily bars from 2021 to LAST (enough for the universe's two years). */
function history() {
  let close = 80;
  let state = 7;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  const cents = (x: number) => Math.round(x * 100) / 100;
  return sessionsBetween(dayFromIso('2021-01-04'), dayFromIso(LAST)).map((s) => {
    const o = cents(close * (1 + (next() - 0.5) * 0.01));
    const c = cents(Math.max(1, o * (1 + (next() - 0.5) * 0.05)));
    close = c;
    return {
      date: isoFromDay(s.day),
      o,
      h: cents(Math.max(o, c) * (1 + next() * 0.01)),
      l: cents(Math.min(o, c) * (1 - next() * 0.01)),
      c,
    };
  });
}

beforeAll(async () => {
  ({ fake, runtime, close } = await alpacaTestRuntime(evening(BEFORE)));
  fake.market.setAssets([{ symbol: SYMBOL, name: 'Chain Corporation', exchange: 'NASDAQ' }]);
  fake.market.setBars(SYMBOL, history());
});
afterAll(() => close());

const dateOf = (ms: number) => isoFromDay(Math.floor(ms / DAY_MS));

describe('Alpaca bars from the universe load to the backtest to the bot', () => {
  it("the bot's Decider reads exactly the bars the backtest used", async () => {
    const { db } = runtime.deps;
    // The universe is loaded from the server up to BEFORE (the session then completed).
    const port = new AlpacaMarketData({
      keyId: E2E_ALPACA_KEY,
      secret: 'loader-secret',
      env: runtime.deps.market.alpacaEnv,
      wallTime: () => fake.market.now(),
    });
    const report = await loadAlpacaUniverse(db, port, BEFORE, new Date(fake.market.now()));
    expect(report.symbolsTotal).toBe(1);
    const listing = await db.company.findFirstOrThrow({
      where: { source: 'alpaca', symbol: SYMBOL },
    });
    const lastLoaded = await db.dailyBar.findFirstOrThrow({
      where: { companyId: listing.id },
      orderBy: { date: 'desc' },
    });
    expect(dateOf(lastLoaded.date.getTime())).toBe(BEFORE);

    // A session later, the user's backtest tops the cache up to LAST and optimises on it.
    fake.market.setTime(evening(LAST));
    const requests: string[] = [];
    fake.server.on('request', (req: { method?: string; url?: string }) => {
      requests.push(`${req.method} ${new URL(req.url ?? '/', 'http://fake').pathname}`);
    });
    const userId = await alpacaPaperUser(runtime, 'chain');
    const { run } = await createBacktestRun(db, {
      userId,
      symbol: SYMBOL,
      universe: 'alpaca',
      settings: DEFAULT_BACKTEST_SETTINGS,
    });
    const backtests = backtestJobsService(runtime.deps, { universeFor: () => 'alpaca' });
    const outcome = await backtests.process(run.id, {
      budget: { evaluations: 20, timeMs: 3_000 },
    });
    expect(outcome).toMatchObject({ symbol: SYMBOL, status: 'completed' });
    const result = ZBacktestResult.parse(
      (await db.backtestResult.findFirstOrThrow({ where: { userId, symbol: SYMBOL } })).result,
    );
    expect(result.data).toMatchObject({ source: 'alpaca', feed: 'iex', to: LAST });
    const fed = history();
    expect(result.bars.close.at(-1)).toBe(fed.at(-1)?.c);
    // The top-up: one multi-symbol bars request.
    expect(requests.filter((r) => r.includes('/bars'))).toEqual(['GET /v2/stocks/bars']);
    requests.length = 0;

    // The bot of the same user, on the backtest's parameters, on paper keys at the same server.
    await db.finalTradingListEntry.create({
      data: { userId, symbol: SYMBOL, parameters: result.parameters },
    });
    await db.botState.create({
      data: {
        userId,
        running: true,
        market: 'alpaca',
        mode: 'paper',
        sleepInterval: 60,
        startedAt: new Date(fake.market.now()),
      },
    });
    const seen: Bars[] = [];
    const marketFor: NonNullable<BotEngineOptions['marketFor']> = async (deps, id, m, mode) => {
      const real = await botMarketFor(deps, id, m, mode);
      const getDailyBars: typeof real.data.getDailyBars = async (symbol, range) => {
        const bars = await real.data.getDailyBars(symbol, range);
        seen.push(bars);
        return bars;
      };
      return { ...real, data: { ...real.data, getDailyBars } };
    };
    const engine = botEngineService(runtime.deps, {
      marketFor,
    });
    expect((await engine.tick(userId)).outcome).toBe('ran');

    // The bot read the cache, already at LAST: no bars request at all.
    expect(requests.some((r) => r.includes('/bars'))).toBe(false);
    expect(requests).toContain('GET /v2/clock');
    // The Decider's bars: the same last session and, over the tested window, the same closes.
    expect(seen).toHaveLength(1);
    const bars = seen[0] as Bars;
    const n = bars.close.length;
    expect(dateOf(bars.time[n - 1] as number)).toBe(result.data?.to);
    const tested = result.dates.length;
    expect(n).toBeGreaterThanOrEqual(tested);
    expect(Array.from(bars.close.subarray(n - tested))).toEqual(result.bars.close);
    expect(Array.from(bars.time.subarray(n - tested), dateOf)).toEqual(result.dates);
    const decided = await db.botSymbol.findFirstOrThrow({ where: { userId, symbol: SYMBOL } });
    expect(decided.lastDecidedOn).toBe(LAST);
    expect(decided.lastPrice).toBe(result.bars.close.at(-1));
    expect((await db.botState.findUniqueOrThrow({ where: { userId } })).lastError).toBeNull();
  }, 120_000);

  it('without saved keys the backtest tops the cache up with the deployment data key', async () => {
    const { db } = runtime.deps;
    fake.market.setTime(evening(LAST));
    fake.market.setBars('CHNB', history());
    const userId = await testUser(db, 'nokeys');
    const backtests = backtestJobsService(runtime.deps, { universeFor: () => 'alpaca' });
    const backtest = async () => {
      const { run } = await createBacktestRun(db, {
        userId,
        symbol: 'CHNB',
        universe: 'alpaca',
        settings: DEFAULT_BACKTEST_SETTINGS,
      });
      return backtests.process(run.id, { budget: { evaluations: 20, timeMs: 3_000 } });
    };
    // No key at all: the cache is read as it is, and it holds nothing of CHNB.
    runtime.deps.universe.alpacaDataKey = undefined;
    expect(await backtest()).toMatchObject({ status: 'failed' });
    // The deployment's data key fills it.
    runtime.deps.universe.alpacaDataKey = {
      keyId: E2E_ALPACA_KEY,
      secret: 'data-secret',
      mode: 'paper',
    };
    expect(await backtest()).toMatchObject({ status: 'completed' });
    const stored = await db.backtestResult.findFirstOrThrow({ where: { userId } });
    const result = ZBacktestResult.parse(stored.result);
    expect(result.data).toMatchObject({ source: 'alpaca', feed: 'iex', to: LAST });
    expect(result.bars.close.at(-1)).toBe(history().at(-1)?.c);
  }, 120_000);
});
