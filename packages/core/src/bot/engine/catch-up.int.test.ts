import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import {
  afterClose,
  botUser,
  clock,
  db,
  engine,
  iso,
  session,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import { openAfterDecision } from './reconcile.js';

/**
 * Every completed bar is decided exactly once, in order, however irregularly the ticks come: a
 * tick two sessions late decides both bars (the older one only logged, never traded late), a
 * re-run decides nothing again, and bars that completed while the bot was stopped are counted once
 * in the log, not decided.
 */
useBotFixture('2025-05-30');

const DAYS = tradingDays('2025-06-02', 30);

/** Per symbol, the bars whose decision was logged, in log order. */
async function decisionsBySymbol(userId: number): Promise<Map<string, string[]>> {
  const rows = await db.botLog.findMany({
    where: { userId, eventKey: { startsWith: 'decide:' } },
    orderBy: { id: 'asc' },
    select: { eventKey: true, message: true },
  });
  const out = new Map<string, string[]>();
  for (const row of rows) {
    const [, symbol, date] = (row.eventKey as string).split(':') as [string, string, string];
    // Each decision's line names its symbol and bar.
    expect(row.message).toContain(symbol);
    expect(row.message).toContain(date);
    out.set(symbol, [...(out.get(symbol) ?? []), date]);
  }
  return out;
}

describe('no completed bar is skipped', () => {
  it('30 sessions with ticks at irregular times: 30 decisions per symbol, in order, none twice', async () => {
    const symbols = stockSymbols(3);
    const userId = await botUser('catchup', { symbols, parameters: BUSY_PARAMS });
    const tick = engine().tick;
    // The first tick decides the bar completed before the start (its next open is still ahead).
    expect((await tick(userId)).outcome).toBe('ran');
    let late = 0;
    for (let i = 0; i < DAYS.length; i++) {
      const day = DAYS[i] as number;
      afterClose(day);
      // Some sessions pass with no tick: the next tick comes two sessions later.
      if (i % 4 === 1) continue;
      const next = DAYS[i + 1];
      // Some ticks come only once the next session has opened: that bar is decided late.
      if (i % 4 === 2 && next !== undefined) {
        clock.advanceTo(session(next).open + 3_600_000);
        late += 1;
      }
      expect((await tick(userId)).outcome).toBe('ran');
      // A re-run decides nothing again.
      if (i % 4 === 3) expect((await tick(userId)).outcome).toBe('ran');
    }
    // The last session passed with no tick: the next one decides it.
    expect((await tick(userId)).outcome).toBe('ran');
    expect(late).toBeGreaterThan(0);
    const expected = ['2025-05-30', ...DAYS.map((d) => iso(d))];
    const decided = await decisionsBySymbol(userId);
    expect([...decided.keys()].sort()).toEqual([...symbols].sort());
    for (const symbol of symbols) expect(decided.get(symbol)).toEqual(expected);

    // Catching up never sends an order after the open it was decided for.
    const orders = await db.botOrder.findMany({
      where: { userId, purpose: { in: ['entry', 'exit'] } },
      select: { decidedOn: true, createdAt: true },
    });
    expect(orders.length).toBeGreaterThan(0);
    for (const o of orders)
      expect(o.createdAt.getTime()).toBeLessThan(openAfterDecision(o.decidedOn as string));
    // The bars decided after their open are logged as such.
    const missed = await db.botLog.count({
      where: { userId, message: { contains: 'was not decided before the next open' } },
    });
    const signals = await db.botLog.count({
      where: { userId, eventKey: { startsWith: 'decide:' }, message: { contains: 'no signal' } },
    });
    expect(missed + signals).toBeGreaterThan(0);
  }, 240_000);

  it('bars that completed while the bot was stopped are not traded, and the log says so once', async () => {
    const symbols = stockSymbols(2);
    const userId = await botUser('restarted', { symbols, parameters: BUSY_PARAMS });
    const tick = engine().tick;
    afterClose(DAYS[0] as number);
    await tick(userId);
    await db.botState.update({ where: { userId }, data: { running: false } });
    for (const day of DAYS.slice(1, 5)) {
      afterClose(day);
      await tick(userId);
    }
    // Started again after the close of DAYS[4]: DAYS[1..3] passed while stopped.
    await db.botState.update({
      where: { userId },
      data: { running: true, startedAt: new Date(clock.now()) },
    });
    await tick(userId);
    await tick(userId);
    afterClose(DAYS[5] as number);
    await tick(userId);
    const lines = await db.botLog.findMany({
      where: { userId, message: { contains: 'while the bot was stopped' } },
    });
    expect(lines.map((l) => l.message)).toEqual([
      `3 sessions passed while the bot was stopped (through ${iso(DAYS[3] as number)}); not traded.`,
    ]);
    const decided = await decisionsBySymbol(userId);
    for (const symbol of symbols)
      expect(decided.get(symbol)).toEqual([DAYS[0], DAYS[4], DAYS[5]].map((d) => iso(d as number)));
  }, 120_000);
});
