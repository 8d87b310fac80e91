import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import {
  afterClose,
  botUser,
  db,
  engine,
  runtime,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import type { SessionInfo } from '../../types.js';

/**
 * The dashboard's Open orders on the simulated broker: the entries the tick sent for the next
 * open are listed as cancelable, a cancel goes through the broker port and is the owner's alone,
 * and once an entry fills its position's protective exits are listed with their levels.
 */
useBotFixture('2025-05-30');

const DAYS = tradingDays('2025-06-02', 30);
const demoSession = (userId: number) =>
  ({ userId, account: { market: 'demo', alpacaEnvironment: 'paper' } }) as SessionInfo;
const bot = () => runtime.services.bot;

/** Ticks after each close until the bot has sent entries for the next open. */
async function untilEntries(userId: number) {
  const tick = engine().tick;
  for (const day of DAYS) {
    afterClose(day);
    await tick(userId);
    const { orders } = await bot().openOrders(demoSession(userId));
    if (orders.some((o) => o.kind === 'entry')) return { day, orders };
  }
  throw new Error('no entry sent');
}

describe('open orders', () => {
  it('lists waiting entries as cancelable, and only their owner cancels one', async () => {
    const userId = await botUser('openown', { symbols: stockSymbols(4), parameters: BUSY_PARAMS });
    const other = await botUser('openother', { symbols: [], parameters: BUSY_PARAMS });
    const { orders } = await untilEntries(userId);
    const entry = orders.find((o) => o.kind === 'entry');
    expect(entry).toMatchObject({ status: 'new', time_in_force: 'opg', cancelable: true });
    const id = entry!.client_order_id;

    // Another user sees none of it and cannot cancel it.
    expect((await bot().openOrders(demoSession(other))).orders).toEqual([]);
    await expect(bot().cancelOpenOrder(demoSession(other), id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await db.simOrder.findFirstOrThrow({ where: { clientOrderId: id } })).status).toBe(
      'new',
    );

    const answer = await bot().cancelOpenOrder(demoSession(userId), id);
    expect(answer.message).toContain('canceled');
    expect((await db.simOrder.findFirstOrThrow({ where: { clientOrderId: id } })).status).toBe(
      'canceled',
    );
    expect(
      (await db.botOrder.findFirstOrThrow({ where: { userId, clientOrderId: id } })).status,
    ).toBe('canceled');
    const after = await bot().openOrders(demoSession(userId));
    expect(after.orders.map((o) => o.client_order_id)).not.toContain(id);
    // Twice: nothing left to cancel.
    await expect(bot().cancelOpenOrder(demoSession(userId), id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await db.botLog.count({ where: { userId, message: answer.message } })).toBe(1);
  });

  it("shows a filled entry's protective exits with their levels, not cancelable", async () => {
    const userId = await botUser('openprot', { symbols: stockSymbols(4), parameters: BUSY_PARAMS });
    const { day } = await untilEntries(userId);
    // The next session's bar: the entries fill at its open and their exits start working.
    const next = DAYS[DAYS.indexOf(day) + 1] as number;
    afterClose(next);
    await engine().tick(userId);
    const { orders } = await bot().openOrders(demoSession(userId));
    const exits = orders.filter((o) =>
      ['stop_loss', 'take_profit', 'trailing_stop', 'protective'].includes(o.kind),
    );
    expect(exits.length).toBeGreaterThan(0);
    for (const exit of exits) {
      expect(exit.cancelable).toBe(false);
      expect(exit.stop_price ?? exit.limit_price).toEqual(expect.any(Number));
    }
  });
});
