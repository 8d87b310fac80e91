import { server } from '@tradebot/api-contract';
import { botSchedulerId } from '@tradebot/jobs';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectRefused, expectUnauthenticated } from './caller.js';

/** The user trades on the demo market (its simulated broker); no worker runs the ticks. */
const s = callerSuite('botr', { demoMarket: true });

describe('bot router', () => {
  it('refuses to start on an empty Final Trading List, writing nothing', async () => {
    await expectRefused(s.user.call.bot.start(), server.botNeedsStocks);
    expect(await s.api.runtime.db.botState.count()).toBe(0);
  });

  it('starts and stops the caller’s bot on the demo market; another user’s stays stopped', async () => {
    const { db, deps } = s.api.runtime;
    await db.finalTradingListEntry.create({
      data: { userId: s.user.userId, symbol: 'DMA', parameters: {} },
    });
    const started = await s.user.call.bot.start();
    expect(started.message).toBe(server.botStarted('demo'));
    expect(started.status).toMatchObject({ status: 'running', mode: 'demo', halted: false });
    expect(await db.botState.findUniqueOrThrow({ where: { userId: s.user.userId } })).toMatchObject(
      { running: true, market: 'demo', mode: 'demo' },
    );
    expect(await deps.botQueue.getJobScheduler(botSchedulerId(s.user.userId))).toBeDefined();
    expect((await s.user.call.bot.status()).status).toBe('running');
    expect((await s.admin.call.bot.status()).status).toBe('stopped');
    expect(await s.user.call.bot.positions()).toEqual([]);

    const stopped = await s.user.call.bot.stop();
    expect(stopped).toMatchObject({ message: server.botStopped, status: { status: 'stopped' } });
    expect(await deps.botQueue.getJobScheduler(botSchedulerId(s.user.userId))).toBeUndefined();
  });

  it('refuses a Quick Sell of a non-ticker and of a stock the caller does not hold', async () => {
    await expectRefused(s.user.call.bot.manualSell({ symbol: 'no way!' }), server.symbolRequired);
    await expectRefused(s.user.call.bot.manualSell({ symbol: 'DMA' }), server.notHolding('DMA'));
    await expectUnauthenticated(s.anonymous.bot.status());
  });
});
