import { sameSessionLine } from '@tradebot/api-contract';
import { recordOrderIntent } from '@tradebot/db';
import { DemoClock, DemoMarket, type BrokerPort, type OrderRequest } from '@tradebot/market';
import { describe, expect, it } from 'vitest';
import {
  afterClose,
  botUser,
  clock,
  db,
  engine,
  events,
  iso,
  market,
  realBroker,
  runtime,
  SEED,
  session,
  SIZE,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import type { SessionInfo } from '../../types.js';
import { placeOrder } from '../orders/place-order.js';
import { readBotStatus } from '../reads/status.js';

/**
 * The dashboard's figures on the simulated broker are the broker's: a market order during the
 * session fills at the last trade, one after the close at the next open as soon as the clock
 * passes it; the kill switch leaves no entry waiting and the stopped status equity = cash; a
 * trade opened and stopped out in one bar shows everywhere; one equity series for the curve and
 * both drawdowns; the Final Trading List shows the bot's position.
 */
useBotFixture('2025-05-30');

const [D0, D1, D2, D3, D4] = tradingDays('2025-06-02', 5) as [
  number,
  number,
  number,
  number,
  number,
];
/** The demo market seen from after the run: the bars the tests will reveal. */
const future = new DemoMarket({
  seed: SEED,
  size: SIZE,
  clock: new DemoClock({ start: Date.parse('2027-06-01T00:00:00Z'), speed: 0 }),
});

const sessionOf = (userId: number) =>
  ({ userId, account: { market: 'demo', alpacaEnvironment: 'paper' } }) as unknown as SessionInfo;

const buy = (symbol: string, qty: number, id: string): OrderRequest => ({
  symbol,
  qty,
  side: 'buy',
  type: 'market',
  timeInForce: 'opg',
  clientOrderId: id,
});

async function slippage(userId: number): Promise<number> {
  return (await runtime.services.backtestSettings.forUser(userId)).slippage_percent / 100;
}

/** A stopped bot's user holding 10 shares of `symbol`, bought at the open of D1. */
async function holder(name: string, running = false) {
  const symbol = stockSymbols(1)[0] as string;
  const userId = await botUser(name, { symbols: [symbol], parameters: {}, running });
  const sim = await realBroker(userId);
  afterClose(D0);
  await sim.submitOrder(buy(symbol, 10, `${name}-setup`));
  return { userId, symbol, sim, bot: runtime.services.bot, session: sessionOf(userId) };
}

async function expectEquityIsCash(userId: number, sim: BrokerPort) {
  const status = await runtime.services.bot.status(userId);
  const account = await sim.getAccount();
  expect(await sim.getPositions()).toEqual([]);
  expect(status.cash).toBeCloseTo(account.cash, 6);
  expect(status.equity).toBeCloseTo(account.cash, 6);
}

describe('market orders on the simulated broker', () => {
  it('a Quick Sell during the session fills at once at the last trade with slippage', async () => {
    const { userId, symbol, sim, bot, session: s } = await holder('qsnow');
    // An hour into D1: the opg buy filled at the open without waiting for the bar.
    clock.advanceTo(session(D1).open + 3_600_000);
    expect((await sim.getPositions()).map((p) => p.qty)).toEqual([10]);
    const last = (await market.getLatestTrade(symbol))!.price;
    events.length = 0;
    const reply = await bot.manualSell(s, symbol);
    const intent = await db.botOrder.findFirst({ where: { clientOrderId: reply.client_order_id } });
    expect(intent).toMatchObject({ status: 'filled', filledQty: 10 });
    expect(intent!.filledAvgPrice).toBeCloseTo(last * (1 - (await slippage(userId))), 9);
    await expectEquityIsCash(userId, sim);
    // The open dashboards were told the new figures (no tick runs while stopped).
    const pushed = events.filter((e) => e.userId === userId && e.message.type === 'update');
    expect(pushed.at(-1)?.message).toMatchObject({
      data: { equity: (await sim.getAccount()).cash },
    });
  });

  it('after the close it waits for the next open, shown as closing, and settles at that open', async () => {
    const { userId, symbol, sim, bot, session: s } = await holder('qslate');
    afterClose(D1);
    await bot.manualSell(s, symbol);
    const positions = await bot.positions(s);
    expect(positions).toEqual([
      expect.objectContaining({ symbol, qty: 10, closing_at_next_open: true }),
    ]);
    // One minute after the next open (its bar far from complete): sold at that open.
    clock.advanceTo(session(D2).open + 60_000);
    await expectEquityIsCash(userId, sim);
    const open = (await future.getDailyBars(symbol, { from: iso(D2), to: iso(D2) })).open[0]!;
    const fills = await sim.getFills(0);
    expect(fills.at(-1)).toMatchObject({ side: 'sell', qty: 10, time: session(D2).open });
    expect(fills.at(-1)!.price).toBeCloseTo(open * (1 - (await slippage(userId))), 9);
  });
});

describe('the kill switch', () => {
  it('cancels the entries waiting for the next open, sent or not; the status is the broker’s', async () => {
    const { userId, sim, bot, session: s } = await holder('killer', true);
    afterClose(D1);
    const [, other, third] = stockSymbols(3) as [string, string, string];
    // An entry at the broker for the next open, and one recorded but never sent.
    await placeOrder(db, sim, {
      userId,
      purpose: 'entry',
      decidedOn: iso(D1),
      at: new Date(clock.now()),
      request: buy(other, 5, 'entry-sent'),
    });
    await recordOrderIntent(db, {
      userId,
      clientOrderId: 'entry-unsent',
      symbol: third,
      purpose: 'entry',
      side: 'buy',
      qty: 5,
      request: JSON.parse(JSON.stringify(buy(third, 5, 'entry-unsent'))),
      decidedOn: iso(D1),
      createdAt: new Date(clock.now()),
    });
    const reply = await bot.killSwitch(s);
    expect(reply.canceled_orders).toBe(2);
    const entries = await db.botOrder.findMany({
      where: { userId, purpose: 'entry' },
      orderBy: { clientOrderId: 'asc' },
    });
    expect(entries.map((e) => [e.clientOrderId, e.status])).toEqual([
      ['entry-sent', 'canceled'],
      ['entry-unsent', 'canceled'],
    ]);
    // A stopped bot's tick settles what is unsettled: no entry is sent.
    await engine().tick(userId);
    expect(await sim.getOrderByClientId('entry-unsent')).toBeNull();
    clock.advanceTo(session(D2).open + 60_000);
    await expectEquityIsCash(userId, sim);
    expect((await sim.getFills(0)).filter((f) => f.side === 'buy')).toHaveLength(1);
  });

  it('its closing orders fill at the next open and the stopped tick shows it without a read', async () => {
    const { userId, sim, bot, session: s } = await holder('flattener', true);
    afterClose(D1);
    await bot.killSwitch(s);
    clock.advanceTo(session(D2).open + 60_000);
    events.length = 0;
    // No dashboard read: the stopped bot's tick alone syncs the fill, the figures and the push.
    await engine().tick(userId);
    const cash = (await sim.getAccount()).cash;
    expect(await sim.getPositions()).toEqual([]);
    const stored = await readBotStatus(db, userId);
    expect(stored.equity).toBeCloseTo(cash, 6);
    expect(stored.cash).toBeCloseTo(cash, 6);
    const pushed = events.filter((e) => e.userId === userId && e.message.type === 'update');
    expect(pushed.at(-1)?.message).toMatchObject({ data: { equity: stored.equity } });
    const trades = await db.botTrade.count({ where: { userId } });
    expect(trades).toBe(1);
  });
});

describe('a trade opened at an open and stopped out in the same bar', () => {
  it('is in the trades log, the bot log, the notifications and the chart; the line says what happened', async () => {
    // A stock whose D1 bar falls from its open: a stop halfway down is hit inside the bar.
    const symbol = (await (async () => {
      for (const sym of stockSymbols(20)) {
        const b = await future.getDailyBars(sym, { from: iso(D1), to: iso(D1) });
        if (b.low[0]! < b.open[0]! * 0.99) return sym;
      }
      return null;
    })()) as string;
    expect(symbol).not.toBeNull();
    const b = await future.getDailyBars(symbol, { from: iso(D1), to: iso(D1) });
    const userId = await botUser('sameday', { symbols: [symbol], parameters: {} });
    // The stop halfway between the fill (the open with slippage) and the bar's low.
    const fill = b.open[0]! * (1 + (await slippage(userId)));
    const stopAt = (fill + b.low[0]!) / 2 / fill;
    const sim = await realBroker(userId);
    afterClose(D0);
    await placeOrder(db, sim, {
      userId,
      purpose: 'entry',
      decidedOn: iso(D0),
      at: new Date(clock.now()),
      request: {
        ...buy(symbol, 20, 'same-e'),
        bracket: { stopLossAt: stopAt, takeProfitAt: 10, trail: 0, referencePrice: b.open[0]! },
      },
    });
    afterClose(D1);
    const s = sessionOf(userId);
    expect(await runtime.services.bot.positions(s)).toEqual([]);
    const perf = await runtime.services.bot.historicalPerformance(s);
    expect(perf.trades).toEqual([
      expect.objectContaining({ symbol, qty: 20, side: 'long', reason: 'stop_loss' }),
    ]);
    const trade = perf.trades[0]!;
    const line = sameSessionLine({
      symbol,
      side: 'long',
      qty: 20,
      entryPrice: trade.entry_price,
      exitPrice: trade.exit_price,
      reason: 'stop_loss',
    });
    expect(line).toMatch(new RegExp(`^${symbol}: bought 20 at \\$.*, stopped out at \\$.*`));
    const logs = (await runtime.services.bot.logs(userId)).logs.map((l) => l.message);
    expect(logs).toContain(line);
    const notes = (await db.notification.findMany({ where: { userId } })).map((n) => n.message);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Bought 20 ${symbol}`)),
        expect.stringMatching(new RegExp(`^Sold 20 ${symbol}`)),
      ]),
    );
    const chart = await runtime.services.bot.chart(s, symbol);
    expect(chart.fills.map((f) => [f.side, f.reason])).toEqual([
      ['buy', null],
      ['sell', 'stop_loss'],
    ]);
  });
});

describe('one equity series', () => {
  it('the historical max drawdown is never below the current one, both from the marked equity', async () => {
    const symbols = stockSymbols(8);
    // A stock that closes lower on D4 than on D3: held, the equity falls below its peak.
    let symbol: string | null = null;
    for (const sym of symbols) {
      const b = await future.getDailyBars(sym, { from: iso(D2), to: iso(D4) });
      if (b.close[2]! < b.close[1]! * 0.995 && b.close[1]! > b.close[0]!) symbol = sym;
    }
    expect(symbol).not.toBeNull();
    const userId = await botUser('curve', { symbols: [], parameters: {} });
    // Start stores the equity it started from: the curve's base.
    await db.botState.update({ where: { userId }, data: { startEquity: 10_000 } });
    const sim = await realBroker(userId);
    afterClose(D0);
    await sim.submitOrder(buy(symbol!, 60, 'curve-buy'));
    const tick = engine().tick;
    for (const day of [D1, D2, D3, D4]) {
      afterClose(day);
      expect((await tick(userId)).outcome).toBe('ran');
    }
    const s = sessionOf(userId);
    const status = await runtime.services.bot.status(userId);
    const perf = await runtime.services.bot.historicalPerformance(s);
    expect(status.drawdown_pct).toBeGreaterThan(0);
    expect(perf.max_drawdown).toBeGreaterThanOrEqual(status.drawdown_pct!);
    // The curve is the same marked equity: its last point is the status's equity.
    const points = await db.botEquityPoint.findMany({ where: { userId }, orderBy: { id: 'asc' } });
    expect(points.at(-1)!.equity).toBeCloseTo(status.equity!, 6);
    expect(perf.equity_curve.at(-1)!.cumulative_pnl).toBeCloseTo(status.equity! - 10_000, 2);
    expect(perf.equity_curve).toHaveLength(points.length);
    expect(perf.trades_count).toBe(0);
  });
});

describe('the Final Trading List', () => {
  it('shows the bot’s position and the monitored symbols’ figures', async () => {
    const { userId, symbol, session: s } = await holder('finallist');
    afterClose(D1);
    const [entry] = await runtime.services.stockLists.finalTradingConfig(s);
    const [position] = await runtime.services.bot.positions(s);
    const tracked = (await runtime.services.bot.trackedSymbols(s)).find((t) => t.symbol === symbol);
    expect(entry).toMatchObject({
      symbol,
      qty: 10,
      avg_price: position!.avg_entry_price,
      unrealized_pl: position!.unrealized_pl,
      close: tracked!.last_price,
      rsi: tracked!.rsi,
      atr: tracked!.atr,
      macd: tracked!.macd,
    });
    expect(entry!.unrealized_pl).not.toBeNull();
    expect(userId).toBeGreaterThan(0);
  });
});
