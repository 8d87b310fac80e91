import type { TStockParameters } from '@tradebot/api-contract';
import { decideAtClose, upsertBotScheduler } from '@tradebot/core';
import { botSchedulerId } from '@tradebot/jobs';
import { dayFromIso, isoFromDay, nextTradingDay, sessionOf, DAY_MS } from '@tradebot/market';
import { BACKTEST_SETTINGS_DEFAULTS } from '@tradebot/strategy';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import { botTestHooks, botTestRuntime } from './bot-helpers.js';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process.js';

/**
 * The bot in a real worker process: Start's writes (a running bot_states row and the Job
 * Scheduler) make the worker tick and place the entry the bar calls for; a Redis flush loses the
 * scheduler and the worker puts it back from PostgreSQL; clearing the running flag stops the bot
 * and the worker removes its scheduler.
 */
const runtime = await botTestRuntime();
const db = runtime.db;
let worker: WorkerProcess | undefined;
const PARAMS = BUSY_PARAMS as unknown as TStockParameters;

/** The first session close from `from` on at which one of the demo stocks has an entry signal. */
async function findEntry(from: string): Promise<{ day: number; symbol: string; qty: number }> {
  const market = runtime.demo.market;
  const stocks = market
    .listings()
    .filter((c) => c.profile.asset_type === 'stock')
    .slice(0, 10)
    .map((c) => c.profile.symbol);
  for (let day = dayFromIso(from), k = 0; k < 30; k++, day = nextTradingDay(day)) {
    for (const symbol of stocks) {
      const bars = await market.getDailyBars(symbol, {
        from: isoFromDay(day - 400),
        to: isoFromDay(day),
      });
      if (bars.time[bars.time.length - 1] !== day * DAY_MS) continue;
      const { decision } = decideAtClose(
        bars,
        BUSY_PARAMS,
        { ...BACKTEST_SETTINGS_DEFAULTS, shortAtrThreshold: 1.5 },
        null,
        BACKTEST_SETTINGS_DEFAULTS.initial_balance,
      );
      if (decision.intent?.kind === 'enter') return { day, symbol, qty: decision.intent.quantity };
    }
  }
  throw new Error('no entry signal found');
}

botTestHooks(runtime, () => worker, 'SIGTERM');

describe('the bot in the worker process', () => {
  it('ticks a started bot, heals its scheduler after a Redis flush, and stops when stopped', async () => {
    // The demo clock of both processes starts two hours after a close whose bar calls for an entry.
    const entry = await findEntry('2025-09-02');
    const start = new Date(sessionOf(entry.day)!.close + 2 * 3_600_000).toISOString();
    const user = await db.user.create({
      data: {
        username: 'botworker',
        email: 'botworker@example.com',
        passwordHash: 'x',
        country: 'US',
        tosAcceptedAt: new Date(),
      },
    });
    await db.finalTradingListEntry.create({
      data: { userId: user.id, symbol: entry.symbol, parameters: PARAMS },
    });
    worker = await startWorkerProcess({
      DEMO_TRADING_DAYS_PER_MINUTE: '0',
      DEMO_CLOCK_START: start,
    });
    const fail = (error: Error) => {
      throw new Error(`${error.message}\n${worker?.output.join('')}`);
    };

    // Start: the running row, then the scheduler (every second).
    await db.botState.create({
      data: { userId: user.id, running: true, market: 'demo', mode: 'demo', sleepInterval: 1 },
    });
    await upsertBotScheduler(runtime.deps.botQueue, user.id, 1);
    // The broker's order first, then its state on our intent (a moment later, same tick).
    await waitFor(
      async () =>
        (await db.simOrder.count({ where: { userId: user.id } })) > 0 &&
        (await db.botOrder.count({ where: { userId: user.id, status: 'new' } })) > 0,
      30_000,
      'the worker to place the entry',
    ).catch(fail);
    const intent = await db.botOrder.findFirstOrThrow({ where: { userId: user.id } });
    expect(intent).toMatchObject({
      symbol: entry.symbol,
      purpose: 'entry',
      qty: entry.qty,
      decidedOn: isoFromDay(entry.day),
      status: 'new',
    });
    const order = await db.simOrder.findFirstOrThrow({ where: { userId: user.id } });
    expect(order).toMatchObject({ clientOrderId: intent.clientOrderId, timeInForce: 'opg' });
    await waitFor(
      async () =>
        (await db.botState.findUniqueOrThrow({ where: { userId: user.id } })).lastTickAt !== null,
      30_000,
      'the tick to record itself',
    ).catch(fail);

    // Redis flushed: the scheduler is gone, and the worker restores it from PostgreSQL.
    await runtime.redis.flushdb();
    expect(await runtime.deps.botQueue.getJobScheduler(botSchedulerId(user.id))).toBeUndefined();
    await waitFor(
      async () =>
        (await runtime.deps.botQueue.getJobScheduler(botSchedulerId(user.id))) !== undefined,
      45_000,
      'the scheduler to be healed',
    ).catch(fail);
    const healed = (await db.botState.findUniqueOrThrow({ where: { userId: user.id } })).updatedAt;
    await waitFor(
      async () =>
        (await db.botState.findUniqueOrThrow({ where: { userId: user.id } })).updatedAt > healed,
      30_000,
      'a tick after the flush',
    ).catch(fail);

    // Stop: the flag off; the worker's ticks stop trading and its scheduler goes.
    await db.botState.update({ where: { userId: user.id }, data: { running: false } });
    await waitFor(
      async () =>
        (await runtime.deps.botQueue.getJobScheduler(botSchedulerId(user.id))) === undefined,
      45_000,
      'the scheduler to be removed',
    ).catch(fail);
    // The tick that removed it may still be storing the stopped bot's figures.
    await waitFor(
      async () => (await runtime.deps.botQueue.getActiveCount()) === 0,
      30_000,
      'the last tick to finish',
    ).catch(fail);
    const ticked = (await db.botState.findUniqueOrThrow({ where: { userId: user.id } })).updatedAt;
    await new Promise((done) => setTimeout(done, 2_500));
    expect((await db.botState.findUniqueOrThrow({ where: { userId: user.id } })).updatedAt).toEqual(
      ticked,
    );
    // Still exactly one order: no tick ever sent it twice.
    expect(await db.simOrder.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.botOrder.count({ where: { userId: user.id } })).toBe(1);
  }, 240_000);
});
