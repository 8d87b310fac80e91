import { DEFAULT_STOCK_PARAMETERS } from '@tradebot/api-contract';
import type { BrokerFill, BrokerOrder, BrokerPort } from '@tradebot/market';
import { BACKTEST_SETTINGS_DEFAULTS } from '@tradebot/strategy';
import { describe, expect, it } from 'vitest';
import {
  afterClose,
  botUser,
  clock,
  db,
  engine,
  iso,
  realBroker,
  runtime,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import type { BotDeps } from '../account.js';
import { botOrders } from '../control/manual-orders.js';
import { placeOrder } from '../orders/place-order.js';
import type { ActiveMarketService } from '../../active-market/active-market.js';
import type { SessionInfo } from '../../types.js';

/**
 * Protection on the simulated broker (demo users): a bracket entry's exit is one order holding the
 * stop-loss and the take-profit; the tick's check replaces one of the wrong size or one that is
 * missing with an OCO that fills by the same rules inside each bar, and a refused Quick Sell puts
 * it back at once.
 */
useBotFixture('2025-05-30');

const DAYS = tradingDays('2025-06-02', 40);
const D0 = DAYS[0] as number;
/** Levels in percent: wide ones are not reached for weeks, tight ones within days. */
const WIDE = 15;
const TIGHT = 3;
let pct = WIDE;
const M = () => ({ stop: 1 - pct / 100, target: 1 + pct / 100 });

async function simUser(name: string, symbol: string) {
  const userId = await botUser(name, {
    symbols: [symbol],
    parameters: {
      ...DEFAULT_STOCK_PARAMETERS,
      stop_loss_percentage: pct,
      take_profit_percentage: pct,
    },
    backtest: { ...BACKTEST_SETTINGS_DEFAULTS, trailing_stop_pct: 0, partial_fill_probability: 0 },
  });
  // Decisions are out of the way: only the protection check acts.
  await db.botSymbol.create({ data: { userId, symbol, lastDecidedOn: '2099-12-31' } });
  return userId;
}

/** The bot's entry as bot-symbols sends it: a market opg buy with its bracket. */
async function enter(userId: number, broker: BrokerPort, symbol: string, qty = 24) {
  await placeOrder(db, broker, {
    userId,
    purpose: 'entry',
    decidedOn: iso(D0),
    at: new Date(clock.now()),
    request: {
      symbol,
      qty,
      side: 'buy',
      type: 'market',
      timeInForce: 'opg',
      bracket: { stopLossAt: M().stop, takeProfitAt: M().target, trail: 0, referencePrice: 1 },
      clientOrderId: `tb${userId}-${symbol}-${iso(D0).replaceAll('-', '')}-e`,
    },
  });
}

const exitsOf = async (broker: BrokerPort, symbol: string): Promise<BrokerOrder[]> =>
  (await broker.listOpenOrders()).filter((o) => o.symbol === symbol && o.side === 'sell');

describe('protection on the simulated broker', () => {
  it('a bracket exit of the right size is left alone; one of the wrong size is replaced by an OCO', async () => {
    pct = WIDE;
    const symbol = stockSymbols(1)[0] as string;
    const userId = await simUser('sima', symbol);
    const broker = await realBroker(userId);
    const tick = engine().tick;
    await enter(userId, broker, symbol);
    afterClose(D0);
    expect((await tick(userId)).orders_sent).toBe(0);
    const [position] = await broker.getPositions();
    if (position === undefined) return expect.unreachable('the entry filled at the open');
    const [exit] = await exitsOf(broker, symbol);
    expect(exit).toMatchObject({ qty: 24, clientOrderId: expect.stringMatching(/-e:exit$/) });
    // 10 shares sold by hand: 14 held, the exit still for 24.
    await broker.submitOrder({
      symbol,
      qty: 10,
      side: 'sell',
      type: 'market',
      timeInForce: 'opg',
      clientOrderId: 'by-hand-1',
    });
    afterClose(DAYS[1] as number);
    const held = (await broker.getPositions())[0];
    expect(held?.qty).toBe(14);
    if (held === undefined) return;
    expect((await tick(userId)).orders_sent).toBe(1);
    const exits = await exitsOf(broker, symbol);
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatchObject({
      qty: 14,
      clientOrderId: `tb${userId}-${symbol}-p14-${iso(DAYS[1] as number).replaceAll('-', '')}`,
      stopPrice: held.avgEntryPrice * M().stop,
      limitPrice: held.avgEntryPrice * M().target,
    });
  });

  it('an OCO fills as the bracket exit it replaces would have: same bar, price and reason', async () => {
    pct = TIGHT;
    const symbols = stockSymbols(6);
    const pairs: { symbol: string; a: BrokerPort; b: BrokerPort; replaced: number }[] = [];
    for (const symbol of symbols) {
      const kept = await simUser(`simk${symbol}`.toLowerCase(), symbol);
      const replaced = await simUser(`simr${symbol}`.toLowerCase(), symbol);
      const a = await realBroker(kept);
      const b = await realBroker(replaced);
      await enter(kept, a, symbol);
      await enter(replaced, b, symbol);
      pairs.push({ symbol, a, b, replaced });
    }
    afterClose(D0);
    const compared: string[] = [];
    for (const { symbol, b, replaced } of pairs) {
      const [exit] = await exitsOf(b, symbol);
      if (exit === undefined) continue; // exited on its fill bar already
      // The exit is lost (cancelled by hand, a restart finds none): a new engine protects again.
      await b.cancelOrder(exit.id);
      expect((await engine().tick(replaced)).orders_sent).toBe(1);
      const [oco] = await exitsOf(b, symbol);
      expect(oco).toMatchObject({
        qty: 24,
        stopPrice: exit.stopPrice,
        limitPrice: exit.limitPrice,
      });
      compared.push(symbol);
    }
    for (const day of DAYS.slice(1)) afterClose(day);
    const last = (fills: BrokerFill[]) => fills.at(-1)!;
    for (const { symbol, a, b } of pairs.filter((p) => compared.includes(p.symbol))) {
      const fa = last(await a.getFills(0));
      const fb = last(await b.getFills(0));
      expect([fb.side, fb.qty, fb.price, fb.time, fb.reason], symbol).toEqual([
        fa.side,
        fa.qty,
        fa.price,
        fa.time,
        fa.reason,
      ]);
      expect(['stop_loss', 'take_profit']).toContain(fb.reason);
      expect(await b.getPositions()).toEqual([]);
      expect(await b.listOpenOrders()).toEqual([]);
    }
    expect(compared.length).toBeGreaterThan(0);
  });

  it('a refused Quick Sell puts the cancelled exit back at once and tells the user', async () => {
    const symbol = stockSymbols(1)[0] as string;
    pct = WIDE;
    const userId = await simUser('simq', symbol);
    // The demo market refuses the next order (its symbol "not traded"): the Quick Sell.
    let refuse = 0;
    const demo = runtime.deps.market.demo;
    const data = demo.market;
    const refusing = Object.create(data) as typeof data;
    refusing.getLatestTrade = (s: string) =>
      refuse-- > 0 ? Promise.resolve(null) : data.getLatestTrade(s);
    const deps = {
      ...runtime.deps,
      market: { ...runtime.deps.market, demo: { ...demo, market: refusing } },
    } as unknown as BotDeps;
    const broker = await realBroker(userId);
    await enter(userId, broker, symbol);
    afterClose(D0);
    const [exit] = await exitsOf(broker, symbol);
    if (exit === undefined) return expect.unreachable('the exit is still open');
    const orders = botOrders(deps, {} as ActiveMarketService, async () => true);
    refuse = 1;
    await expect(orders.manualSell({ userId } as SessionInfo, symbol)).rejects.toMatchObject({
      message: expect.stringContaining('not traded'),
    });
    const exits = await exitsOf(broker, symbol);
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatchObject({
      qty: 24,
      stopPrice: exit.stopPrice,
      limitPrice: exit.limitPrice,
      clientOrderId: expect.stringMatching(new RegExp(`^tb${userId}-${symbol}-p24-`)),
    });
    expect(exits[0]!.id).not.toBe(exit.id);
    const notes = await db.notification.findMany({ where: { userId } });
    expect(notes.map((n) => n.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('refused to close the position')]),
    );
  });
});
