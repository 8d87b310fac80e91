import { botTick, type TBacktestSettings, type TTradingSettings } from '@tradebot/api-contract';
import { upsertBotSymbols, type BotSymbolRow, type Db } from '@tradebot/db';
import {
  BrokerError,
  isoFromDay,
  lastCompletedTradingDay,
  type BrokerOrder,
  type BrokerPosition,
} from '@tradebot/market';
import { levelMultiples, type StockParams } from '@tradebot/strategy';
import { configOf, seedOf } from '../../backtest/backtest-optimize.js';
import { storedParameters } from '../../stock-lists/stored-parameters.js';
import { decidingBars, prepareBars } from './bars.js';
import { decideAtClose } from './decide.js';
import { botOrderId } from '../orders/order-ids.js';
import type { TickJournal } from './journal.js';
import type { BotMarket } from '../market.js';
import { openAfterDecision } from './reconcile.js';
import { placeOrder, type PlaceOutcome } from '../orders/place-order.js';

export { WARM_UP_DAYS } from './bars.js';

export interface DecideContext {
  db: Db;
  bot: BotMarket;
  userId: number;
  now: number;
  journal: TickJournal;
  settings: TTradingSettings;
  backtest: TBacktestSettings;
  account: { equity: number; buyingPower: number };
  /** The account's peak equity: the Decider's drawdown reference (its initial_balance). */
  peak: number;
  /** The account-level drawdown halt: no new entries. */
  halted: boolean;
  positions: readonly BrokerPosition[];
  /** The open orders read with the positions, when the broker gave them in one snapshot. */
  openOrders?: readonly BrokerOrder[] | null;
  /** How long before the open an `opg` order must be in (Alpaca: 9:28). */
  opgCutoffMs: number;
}

/**
 * Design "The tick" step 4: each Final Trading List symbol is decided once per completed daily
 * bar (last completed session > bot_symbols.last_decided_on), with the stored per-stock parameters
 * (risk per trade from the trading settings' risk_percentage) and the backtest job's options. An
 * entry goes out as a market `opg` order with its bracket (so it fills at the next open, as the
 * backtest assumes); an exit first cancels the symbol's open orders (its protective legs), then
 * sells (or buys back) at the next open. A bar decided after the next open has begun is only
 * recorded: acting on it would fill a session late. The symbol's row is written after its orders,
 * so a tick that dies in between decides the bar again and finds its intent by id.
 */
export async function decideSymbols(ctx: DecideContext): Promise<void> {
  const { db, userId, now } = ctx;
  const lastDay = lastCompletedTradingDay(now);
  const date = isoFromDay(lastDay);
  const inTime = now < openAfterDecision(date) - ctx.opgCutoffMs;
  const entries = await db.finalTradingListEntry.findMany({
    where: { userId },
    select: { symbol: true, parameters: true },
    orderBy: { symbol: 'asc' },
  });
  const decided = new Map(
    (
      await db.botSymbol.findMany({
        where: { userId },
        select: { symbol: true, lastDecidedOn: true },
      })
    ).map((row) => [row.symbol, row.lastDecidedOn]),
  );
  await prepareBars(
    ctx.bot,
    entries.map((e) => e.symbol).filter((s) => (decided.get(s) ?? '') < date),
    now,
  );
  let openOrders: readonly BrokerOrder[] | null = ctx.openOrders ?? null;
  const ordersOf = async (symbol: string) => {
    openOrders ??= await ctx.bot.broker.listOpenOrders();
    return openOrders.filter((o) => o.symbol === symbol);
  };
  const buyingPower = ctx.account.buyingPower;
  // Symbols being closed already (an exit, a Quick Sell, the kill switch): left to that order.
  const closing = new Set(
    (
      await db.botOrder.findMany({
        where: {
          userId,
          purpose: { in: ['exit', 'manual_sell', 'flatten'] },
          status: { in: ['pending', 'sent', 'unknown', 'new', 'partially_filled'] },
        },
        select: { symbol: true },
      })
    ).map((row) => row.symbol),
  );

  // A tick that died before storing its decisions left their intents: read them in one query.
  // The ids are per symbol, so orders this loop records cannot change an answer it gives later.
  let recorded: Promise<Set<string>> | null = null;
  const ids = entries.flatMap((e) => [
    botOrderId(userId, e.symbol, date, 'e'),
    botOrderId(userId, e.symbol, date, 'x'),
  ]);
  const loop: TickLoop = {
    date,
    lastDay,
    inTime,
    decided,
    closing,
    ordersOf,
    buyingPower,
    recorded: () =>
      (recorded ??= db.botOrder
        .findMany({
          where: { userId, clientOrderId: { in: ids } },
          select: { clientOrderId: true },
        })
        .then((rows) => new Set(rows.map((r) => r.clientOrderId)))),
  };
  // Decided symbols, written in one statement when the loop ends (or stops on a broker error).
  const rows = new Map<string, BotSymbolRow>();
  try {
    for (const entry of entries) {
      const row = await decideOne(ctx, loop, entry);
      if (row !== null) rows.set(row.symbol, row);
    }
  } finally {
    await upsertBotSymbols(db, userId, [...rows.values()]);
  }
}

/** One symbol's decision and orders; the bot_symbols row to store, or null when not decided. */
/** What one tick's symbol loop shares: the deciding bar, the orders, the buying power left. */
interface TickLoop {
  date: string;
  lastDay: number;
  inTime: boolean;
  decided: Map<string, string | null>;
  closing: Set<string>;
  ordersOf: (symbol: string) => Promise<BrokerOrder[]>;
  buyingPower: number;
  /** Client order ids of this bar's entries and exits already recorded (read once, when asked). */
  recorded: () => Promise<Set<string>>;
}

async function decideOne(
  ctx: DecideContext,
  loop: TickLoop,
  entry: { symbol: string; parameters: unknown },
): Promise<BotSymbolRow | null> {
  const { db, userId, now } = ctx;
  const { date, lastDay, inTime, decided, closing, ordersOf } = loop;
  const symbol = entry.symbol;
  const last = decided.get(symbol);
  if (last !== undefined && last !== null && last >= date) return null;
  const bars = await decidingBars(ctx.bot, symbol, lastDay);
  if (bars === null) return null;

  const params: StockParams = {
    ...storedParameters(entry.parameters),
    risk_per_trade: ctx.settings.risk_percentage,
  };
  const options = {
    ...configOf(
      ctx.backtest,
      { shortAtrThreshold: ctx.settings.short_atr_threshold },
      seedOf(symbol),
    ),
    initial_balance: ctx.peak,
  };
  const held = ctx.positions.find((p) => p.symbol === symbol) ?? null;
  const { decision, inputs } = decideAtClose(bars, params, options, held, ctx.account.equity);
  const intent = decision.intent;

  if (intent === null) ctx.journal.log('info', botTick.decidedNothing(symbol, date));
  else if (!inTime) ctx.journal.log('warn', botTick.missedOpen(symbol, date));
  else if (intent.kind === 'enter') {
    const cost = intent.quantity * inputs.close;
    if (ctx.halted) ctx.journal.log('warn', botTick.entryHalted(symbol));
    else if (held === null && (await ordersOf(symbol)).length > 0)
      ctx.journal.log('warn', botTick.entryBusy(symbol));
    else if (cost > loop.buyingPower)
      ctx.journal.log('warn', botTick.entryTooBig(symbol, cost, loop.buyingPower));
    else if ((await loop.recorded()).has(botOrderId(userId, symbol, date, 'e'))) {
      // Recorded by a tick that died before it stored the decision: reconcile settles it.
    } else {
      const m = levelMultiples(params);
      const id = botOrderId(userId, symbol, date, 'e');
      const long = intent.side === 1;
      const side = long ? 'buy' : 'sell';
      const outcome = await placeOrder(db, ctx.bot.broker, {
        userId,
        purpose: 'entry',
        decidedOn: date,
        at: new Date(now),
        request: {
          symbol,
          qty: intent.quantity,
          side,
          type: 'market',
          timeInForce: 'opg',
          bracket: {
            stopLossAt: long ? m.longStopAt : m.shortStopAt,
            takeProfitAt: long ? m.longTargetAt : m.shortTargetAt,
            trail: ctx.backtest.trailing_stop_pct,
            referencePrice: inputs.close,
          },
          clientOrderId: id,
        },
      });
      if (report(ctx, symbol, id, outcome, botTick.entrySent(side, intent.quantity, symbol, date)))
        loop.buyingPower -= cost;
    }
  } else if (held !== null && closing.has(symbol)) {
    ctx.journal.log('info', botTick.exitUnderWay(symbol));
  } else if (held !== null) {
    const clientOrderId = botOrderId(userId, symbol, date, 'x');
    if (!(await loop.recorded()).has(clientOrderId)) {
      for (const o of await ordersOf(symbol)) await cancelQuietly(ctx, o.id);
      const qty = Math.abs(held.qty);
      const outcome = await placeOrder(db, ctx.bot.broker, {
        userId,
        purpose: 'exit',
        decidedOn: date,
        at: new Date(now),
        // `reason` rides along in the stored request: the trade's reason (signal or drawdown).
        request: Object.assign(
          {
            symbol,
            qty,
            side: held.qty > 0 ? ('sell' as const) : ('buy' as const),
            type: 'market' as const,
            timeInForce: 'opg' as const,
            clientOrderId,
          },
          { reason: intent.reason },
        ),
      });
      // Refused after the legs were cancelled: the tick's protection check puts them back.
      report(
        ctx,
        symbol,
        clientOrderId,
        outcome,
        botTick.exitSent(qty, symbol, intent.reason),
        true,
      );
    }
  }

  return {
    symbol,
    lastDecidedOn: date,
    lastPrice: inputs.close,
    rsi: inputs.rsi,
    atr: inputs.atr,
    macd: inputs.macd,
  };
}

/** Logs an order's outcome (a refused close as such); true when the broker has it. */
function report(
  ctx: DecideContext,
  symbol: string,
  clientOrderId: string,
  outcome: PlaceOutcome,
  sent: string,
  closing = false,
): boolean {
  if (outcome.kind === 'placed') {
    ctx.journal.sent();
    ctx.journal.log('info', sent);
    return true;
  }
  if (outcome.kind === 'refused') {
    const message = closing
      ? botTick.closeRefused(symbol, outcome.error.message)
      : botTick.orderRejected(symbol, outcome.error.message);
    ctx.journal.log('warn', message);
    ctx.journal.notify(message, 'failed');
    return false;
  }
  // The answer was lost: the order may be at the broker (the next tick looks it up).
  ctx.journal.log('warn', botTick.orderLost(symbol, clientOrderId));
  return true;
}

async function cancelQuietly(ctx: DecideContext, orderId: string): Promise<void> {
  try {
    await ctx.bot.broker.cancelOrder(orderId);
  } catch (error) {
    // Already filled or gone: the exit below still closes what is held.
    if (!(error instanceof BrokerError)) throw error;
  }
}
