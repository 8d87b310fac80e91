import { DemoClock, DemoMarket } from '@tradebot/market';
import { BACKTEST_SETTINGS_DEFAULTS } from '@tradebot/strategy';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import {
  SEED,
  SIZE,
  afterClose,
  botUser,
  clock,
  db,
  engine,
  events,
  iso,
  realBroker,
  session,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import { decideAtClose } from './decide.js';
import { placeOrder } from '../orders/place-order.js';

/**
 * The bot's tick on the simulated broker, session by session on a paused demo clock: entries and
 * exits are decided once per completed bar and sent once, re-runs send nothing, the account-level
 * drawdown halt stops entries and notifies once, and a stopped bot only settles.
 */
useBotFixture('2025-05-30');

const DAYS = tradingDays('2025-06-02', 60);
/** The demo market seen from the end of the run: every bar the tests will reveal. */
const future = new DemoMarket({
  seed: SEED,
  size: SIZE,
  clock: new DemoClock({ start: Date.parse('2027-06-01T00:00:00Z'), speed: 0 }),
});

describe('the bot tick on the demo market', () => {
  it('decides each completed bar once: opg bracket entries, exits that cancel first, re-runs send nothing', async () => {
    const symbols = stockSymbols(3);
    const userId = await botUser('ticker', { symbols, parameters: BUSY_PARAMS });
    const tick = engine().tick;
    const broker = await realBroker(userId);
    let exitsChecked = 0;
    for (const day of DAYS) {
      // In session: the day's bar is not complete, yesterday's was decided: nothing new.
      clock.advanceTo(Math.max(clock.now(), session(day).open + 3_600_000));
      const before = await db.botOrder.count();
      const midday = await tick(userId);
      expect(midday.outcome).toBe('ran');
      if (day !== DAYS[0]) expect(await db.botOrder.count()).toBe(before);

      afterClose(day);
      const first = await tick(userId);
      expect(first.outcome).toBe('ran');
      const orders = await db.simOrder.count();
      const intents = await db.botOrder.count();
      // The same bar again: nothing new is sent or recorded.
      const again = await tick(userId);
      expect(again).toEqual({ outcome: 'ran', orders_sent: 0, market_open: false });
      expect(await db.simOrder.count()).toBe(orders);
      expect(await db.botOrder.count()).toBe(intents);

      for (const exit of await db.botOrder.findMany({
        where: { userId, purpose: 'exit', decidedOn: iso(day) },
      })) {
        // The exit's symbol has no other open order left (its bracket legs were canceled).
        const open = (await broker.listOpenOrders()).filter((o) => o.symbol === exit.symbol);
        expect(open.map((o) => o.clientOrderId)).toEqual([exit.clientOrderId]);
        expect(exit.request).toMatchObject({ type: 'market', timeInForce: 'opg' });
        exitsChecked += 1;
      }
    }
    const entries = await db.botOrder.findMany({ where: { userId, purpose: 'entry' } });
    expect(entries.length).toBeGreaterThan(3);
    expect(exitsChecked).toBeGreaterThan(0);
    for (const e of entries) {
      expect(e.clientOrderId).toBe(`tb${userId}-${e.symbol}-${e.decidedOn!.replaceAll('-', '')}-e`);
      expect(e.request).toMatchObject({
        type: 'market',
        timeInForce: 'opg',
        bracket: { stopLossAt: expect.any(Number), takeProfitAt: expect.any(Number) },
      });
      // Exactly one broker order under the intent's id.
      expect(await db.simOrder.count({ where: { clientOrderId: e.clientOrderId } })).toBe(1);
    }
    const last = iso(DAYS[DAYS.length - 1] as number);
    const rows = await db.botSymbol.findMany({ where: { userId } });
    expect(rows.map((r) => [r.symbol, r.lastDecidedOn])).toEqual(
      [...symbols].sort().map((s) => [s, last]),
    );
    expect(rows.every((r) => r.lastPrice !== null && r.rsi !== null && r.atr !== null)).toBe(true);
    const state = await db.botState.findUniqueOrThrow({ where: { userId } });
    expect(state.lastTickAt?.getTime()).toBe(clock.now());
    expect(state.equity).not.toBeNull();
    expect(state.lastActivity).not.toBeNull();
    expect(await db.botLog.count({ where: { userId } })).toBeGreaterThan(DAYS.length);
    const updates = events.filter((e) => e.userId === userId && e.message.type === 'update');
    expect(updates.length).toBe(DAYS.length * 3);
    // The last update's tracked symbols are the stored rows, A to Z.
    const lastUpdate = updates.at(-1)?.message as { data: { trackedSymbols: unknown[] } };
    expect(lastUpdate.data.trackedSymbols).toEqual(
      [...rows]
        .sort((a, b) => a.symbol.localeCompare(b.symbol))
        .map((r) =>
          expect.objectContaining({
            symbol: r.symbol,
            last_price: r.lastPrice,
            rsi: r.rsi,
            atr: r.atr,
            macd: r.macd,
          }),
        ),
    );
  }, 180_000);

  it('the account drawdown halt stops entries, keeps deciding, and notifies once', async () => {
    const symbols = stockSymbols(3);
    const userId = await botUser('halted', {
      symbols,
      parameters: BUSY_PARAMS,
      trading: { max_drawdown: 0.005 },
    });
    // A peak 1 % above the opening 10,000: past the account's 0.5 % limit, within the stocks' 20 %.
    await db.botState.update({ where: { userId }, data: { peakEquity: 10_100 } });
    const tick = engine().tick;
    for (const day of DAYS.slice(0, 40)) {
      afterClose(day);
      expect((await tick(userId)).outcome).toBe('ran');
    }
    const state = await db.botState.findUniqueOrThrow({ where: { userId } });
    expect(state.halted).toBe(true);
    expect(state.haltReason).toContain('0.5 %');
    expect(await db.botOrder.count({ where: { userId, purpose: 'entry' } })).toBe(0);
    const skipped = await db.botLog.count({
      where: { userId, message: { contains: 'halted by the maximum drawdown' } },
    });
    expect(skipped).toBeGreaterThan(0);
    const notes = await db.notification.findMany({
      where: { userId, message: { startsWith: 'Trading halted' } },
    });
    expect(notes).toHaveLength(1);
    // Written with the tick's log, at the market time of the line that says so (stored as UTC).
    const line = await db.botLog.findFirstOrThrow({
      where: { userId, message: notes[0]!.message },
    });
    expect(notes[0]!.createdAt.toISOString()).toBe(line.at.toISOString());
    expect(notes[0]!.kind).toBe('halt');
    expect((await db.botSymbol.findMany({ where: { userId } })).length).toBe(3);
  });

  it('a stopped bot decides nothing but settles an intent left unsent', async () => {
    const symbols = stockSymbols(2);
    const userId = await botUser('stopped', {
      symbols,
      parameters: BUSY_PARAMS,
      running: false,
    });
    // A Quick Sell recorded, then the process died before sending it.
    const clientOrderId = `tb${userId}-${symbols[0]}-qs-1`;
    await db.botOrder.create({
      data: {
        userId,
        clientOrderId,
        symbol: symbols[0] as string,
        purpose: 'manual_sell',
        side: 'buy',
        qty: 3,
        request: {
          symbol: symbols[0],
          qty: 3,
          side: 'buy',
          type: 'market',
          timeInForce: 'day',
          clientOrderId,
        },
        status: 'pending',
        createdAt: new Date(clock.now()),
      },
    });
    const tick = engine().tick;
    afterClose(DAYS[0] as number);
    // Just recorded (the API is sending it now): left alone.
    await db.botOrder.update({
      where: { userId_clientOrderId: { userId, clientOrderId } },
      data: { status: 'pending' },
    });
    expect((await tick(userId)).orders_sent).toBe(0);
    expect(await db.simOrder.count()).toBe(0);
    await db.$executeRaw`UPDATE bot_orders SET updated_at = now() - interval '1 minute'`;
    const result = await tick(userId);
    expect(result).toEqual({ outcome: 'stopped', orders_sent: 1, market_open: false });
    expect(await db.simOrder.count({ where: { clientOrderId } })).toBe(1);
    expect((await db.botOrder.findFirstOrThrow({ where: { clientOrderId } })).status).toBe('new');
    // Settled once: a second stopped tick sends nothing.
    expect((await tick(userId)).orders_sent).toBe(0);
    expect(await db.simOrder.count()).toBe(1);
    expect(await db.botSymbol.count()).toBe(0);
    const state = await db.botState.findUniqueOrThrow({ where: { userId } });
    expect(state.lastTickAt).toBeNull();
    // No tick update: only the stopped status, pushed while its intent was at the broker.
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.userId).toBe(userId);
      expect(event.message).toMatchObject({ type: 'update' });
      expect(event.message).not.toHaveProperty('data.logs');
    }
  });

  it('two ticks of one user never overlap: the second is busy', async () => {
    const userId = await botUser('busy', { symbols: stockSymbols(3), parameters: BUSY_PARAMS });
    afterClose(DAYS[0] as number);
    const tick = engine().tick;
    const results = await Promise.all([tick(userId), tick(userId), tick(userId)]);
    const outcomes = results.map((r) => r.outcome).sort();
    expect(outcomes.filter((o) => o === 'busy').length).toBeGreaterThanOrEqual(1);
    expect(outcomes).toContain('ran');
    // The lock is released after the tick: the next one runs.
    expect((await tick(userId)).outcome).toBe('ran');
  });
});

describe('many users at once', () => {
  it('more concurrent ticks than the pool has connections all finish (locks have their own)', async () => {
    const users: number[] = [];
    for (let u = 0; u < 14; u++)
      users.push(await botUser(`many${u}`, { symbols: stockSymbols(2), parameters: BUSY_PARAMS }));
    afterClose(DAYS[0] as number);
    const tick = engine().tick;
    const results = await Promise.all(users.map((u) => tick(u)));
    expect(results.map((r) => r.outcome)).toEqual(users.map(() => 'ran'));
    expect(await db.botSymbol.count({ where: { lastDecidedOn: iso(DAYS[0] as number) } })).toBe(28);
  }, 120_000);
});

describe('an exit signal while a Quick Sell is under way', () => {
  it('leaves the Quick Sell alone: nothing canceled, no second exit', async () => {
    // A close at which a held long gets an exit signal (found on the bars themselves).
    const options = { ...BACKTEST_SETTINGS_DEFAULTS, shortAtrThreshold: 1.5 };
    let found: { day: number; symbol: string } | null = null;
    for (let k = 2; k < DAYS.length && found === null; k++) {
      const day = DAYS[k] as number;
      for (const symbol of stockSymbols(5)) {
        const bars = await future.getDailyBars(symbol, { from: iso(day - 400), to: iso(day) });
        const last = bars.close[bars.close.length - 1] as number;
        const { decision } = decideAtClose(
          bars,
          BUSY_PARAMS,
          options,
          { qty: 10, avgEntryPrice: last },
          10_000,
        );
        if (decision.intent?.kind === 'exit') {
          found = { day, symbol };
          break;
        }
      }
    }
    expect(found).not.toBeNull();
    const { day, symbol } = found!;
    const k = DAYS.indexOf(day);
    const userId = await botUser('quicksell', { symbols: [], parameters: BUSY_PARAMS });
    const broker = await realBroker(userId);
    afterClose(DAYS[k - 2] as number);
    await placeOrder(db, broker, {
      userId,
      purpose: 'entry',
      decidedOn: iso(DAYS[k - 2] as number),
      at: new Date(clock.now()),
      request: {
        symbol,
        qty: 10,
        side: 'buy',
        type: 'market',
        timeInForce: 'opg',
        clientOrderId: 'held',
      },
    });
    // After the close of the deciding day: the user's Quick Sell (it fills at the next open).
    afterClose(day);
    expect((await broker.getPositions()).map((p) => p.qty)).toEqual([10]);
    await placeOrder(db, broker, {
      userId,
      purpose: 'manual_sell',
      decidedOn: null,
      at: new Date(clock.now()),
      request: {
        symbol,
        qty: 10,
        side: 'sell',
        type: 'market',
        timeInForce: 'day',
        clientOrderId: 'qs',
      },
    });
    await db.finalTradingListEntry.create({ data: { userId, symbol, parameters: BUSY_PARAMS } });
    await db.botSymbol.create({
      data: { userId, symbol, lastDecidedOn: iso(DAYS[k - 1] as number) },
    });
    expect((await engine().tick(userId)).outcome).toBe('ran');
    expect(await db.botOrder.count({ where: { userId, purpose: 'exit' } })).toBe(0);
    expect((await broker.getOrderByClientId('qs'))?.status).toBe('new');
    expect(
      await db.botLog.count({ where: { userId, message: { contains: 'already under way' } } }),
    ).toBe(1);
  });
});
