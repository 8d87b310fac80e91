import { listFinalListVersions, recordFinalListVersion } from '@tradebot/db';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { BACKTEST_SETTINGS_DEFAULTS } from '@tradebot/strategy';
import { describe, expect, it } from 'vitest';
import {
  afterClose,
  botUser,
  clock,
  db,
  engine,
  realBroker,
  runtime,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import type { SessionInfo } from '../../types.js';

/**
 * The live twin on the demo market: a bot left alone on a Final Trading List, which changes in
 * the middle, makes exactly the twin's trades (every one matched, a gap of 0); a Quick Sell shows
 * as that trade missed for the reason manual sell. The list's versions are stored as they are
 * saved, at the market's time.
 */
useBotFixture('2025-05-30');

const START = '2025-05-30';
const FIRST = '2025-06-02';
const demoSession = (userId: number) =>
  ({ userId, account: { market: 'demo', alpacaEnvironment: 'paper' } }) as unknown as SessionInfo;
const trading = { risk_percentage: 0.1, max_drawdown: 0.2 };
const backtest = { ...BACKTEST_SETTINGS_DEFAULTS, partial_fill_probability: 0.3 };

async function startedBot(name: string, symbols: string[]) {
  const userId = await botUser(name, { symbols, parameters: BUSY_PARAMS, trading, backtest });
  // What Start does: store the list the bot starts on, and tick at once.
  await recordFinalListVersion(db, userId, new Date(clock.now()));
  expect((await engine().tick(userId)).outcome).toBe('ran');
  return userId;
}

async function tickEach(userId: number, days: readonly number[]) {
  const tick = engine().tick;
  for (const day of days) {
    afterClose(day);
    expect((await tick(userId)).outcome).toBe('ran');
  }
}

describe('Final Trading List versions', () => {
  it('each change of the list or the trading settings is stored once, at the market time', async () => {
    const symbols = stockSymbols(3);
    const userId = await startedBot('twinver', symbols.slice(0, 2));
    const s = demoSession(userId);
    await recordFinalListVersion(db, userId, new Date(clock.now()));
    expect(await listFinalListVersions(db, userId)).toHaveLength(1);
    await db.optimizedParameter.create({
      data: { userId, symbol: symbols[2]!, parameters: BUSY_PARAMS },
    });
    clock.advanceTo(clock.now() + 3_600_000);
    await runtime.services.stockLists.selectForTrading(s, { symbols: [symbols[2]!] });
    await runtime.services.tradingSettings.update(s, { risk_percentage: 0.05 });
    // Saved again unchanged: no new version.
    await runtime.services.tradingSettings.update(s, { risk_percentage: 0.05 });
    const versions = await listFinalListVersions(db, userId);
    expect(versions.map((v) => v.entries.map((e) => e.symbol))).toEqual([
      symbols.slice(0, 2).sort(),
      [...symbols].sort(),
      [...symbols].sort(),
    ]);
    expect(versions[1]!.at.getTime()).toBe(clock.now());
    expect(
      versions.map((v) => (v.settings as { risk_percentage: number }).risk_percentage),
    ).toEqual([0.1, 0.1, 0.05]);
  });
});

describe('the live twin on the demo market', () => {
  it('a bot left alone, with a stock added in the middle: every trade matched, a gap of 0', async () => {
    const symbols = stockSymbols(6).sort();
    const added = symbols[2]!;
    const userId = await startedBot(
      'twinalone',
      symbols.filter((x) => x !== added),
    );
    await db.optimizedParameter.create({
      data: { userId, symbol: added, parameters: BUSY_PARAMS },
    });
    const days = tradingDays(FIRST, 50);
    await tickEach(userId, days.slice(0, 25));
    await runtime.services.stockLists.selectForTrading(demoSession(userId), { symbols: [added] });
    await tickEach(userId, days.slice(25));

    const twin = await runtime.services.bot.twin(demoSession(userId), {});
    const live = await db.botTrade.count({ where: { userId } });
    expect(twin.from).toBe(START);
    expect(twin.versions).toBe(2);
    expect(live).toBeGreaterThan(10);
    expect(twin.rows).toHaveLength(live);
    expect(twin.rows.filter((r) => r.status !== 'matched')).toEqual([]);
    expect(twin.totals).toMatchObject({ matched: live, missed: 0, extra: 0 });
    expect(twin.totals.gap).toEqual({ entry: 0, exit: 0, quantity: 0, fees: 0, total: 0 });
    expect(twin.totals.live_net_pnl).toBe(twin.totals.twin_net_pnl);
    const late = twin.rows.filter((r) => r.symbol === added);
    expect(late.length).toBeGreaterThan(0);
    expect(Math.min(...late.map((r) => Date.parse(r.entry_date)))).toBeGreaterThan(
      days[24]! * 86_400_000,
    );
    for (const r of twin.rows) {
      expect([r.entry_diff, r.exit_diff]).toEqual([0, 0]);
      expect(r.live!.qty).toBe(r.twin!.qty);
    }
  }, 300_000);

  it('a Quick Sell: that trade is missed with the reason manual sell', async () => {
    const symbols = stockSymbols(4).sort();
    const userId = await startedBot('twinqs', symbols);
    const s = demoSession(userId);
    const days = tradingDays(FIRST, 40);
    let k = 0;
    let sold: string | null = null;
    while (sold === null && k < 30) {
      await tickEach(userId, [days[k]!]);
      k++;
      const held = (await (await realBroker(userId)).getPositions())[0];
      if (held !== undefined && k > 2) {
        await runtime.services.bot.manualSell(s, held.symbol);
        sold = held.symbol;
      }
    }
    expect(sold).not.toBeNull();
    await tickEach(userId, days.slice(k));
    const twin = await runtime.services.bot.twin(s, {});
    const sale = twin.rows.filter((r) => r.live?.exit_reason === 'manual_sell');
    expect(sale).toHaveLength(1);
    const row = sale[0]!;
    expect(row).toMatchObject({ symbol: sold, status: 'missed', reason: 'manual_sell' });
    // Trades entered before the Quick Sell are the twin's; later differences carry its reason.
    const before = twin.rows.filter((r) => r.entry_date < row.entry_date);
    expect(before.every((r) => r.status === 'matched')).toBe(true);
    const differ = twin.rows.filter((r) => r.status !== 'matched');
    expect(differ.length).toBeGreaterThan(0);
    expect(differ.every((r) => r.reason === 'manual_sell')).toBe(true);
    expect(twin.totals.gap.total).not.toBe(0);
  }, 300_000);
});
