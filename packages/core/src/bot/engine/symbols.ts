import {
  botTick,
  decisionWhy,
  type ExplainParams,
  type TBacktestSettings,
  type TTradingSettings,
} from '@tradebot/api-contract';
import {
  decideStart,
  orderIntentStatuses,
  upsertBotSymbols,
  type BotSymbolRow,
  type Db,
} from '@tradebot/db';
import {
  BrokerError,
  dayFromIso,
  isoFromDay,
  lastCompletedTradingDay,
  nextTradingDay,
  sessionOf,
  type TradingSession,
  type BrokerOrder,
  type BrokerPosition,
} from '@tradebot/market';
import { DIP_WINDOW, entryGate, levelMultiples, type StockParams } from '@tradebot/strategy';
import { configOf, seedOf } from '../../backtest/backtest-optimize.js';
import { storedParameters } from '../../stock-lists/stored-parameters.js';
import { decidingBars, prepareBars } from './bars.js';
import { decideAtClose } from './decide.js';
import { botOrderId } from '../orders/order-ids.js';
import type { LogLevel, TickJournal } from './journal.js';
import type { BotMarket } from '../market.js';
import { logPlaced, openAfterDecision } from './reconcile.js';
import { placeOrder, type PlaceOutcome } from '../orders/place-order.js';
import { logIgnored } from '../log-ignored.js';

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
  /** When the bot was started (market time): bars completed before it are not traded. */
  startedAt: number | null;
  positions: readonly BrokerPosition[];
  /** The open orders read with the positions, when the broker gave them in one snapshot. */
  openOrders?: readonly BrokerOrder[] | null;
  /** How long before the open an `opg` order must be in (Alpaca: 9:28). */
  opgCutoffMs: number;
}

/** Bars one tick decides per symbol at most: older ones pass unchecked. */
export const MAX_CATCH_UP = 60;

/**
 * The completed bars a symbol still needs decided, oldest first: every trading day after its last
 * decided bar up to `lastDay` (only `lastDay` when it was never decided), less those that
 * completed before the bot started (`stopped`: they are never traded, only counted).
 */
export function barsToDecide(
  lastDecidedOn: string | null,
  lastDay: number,
  startedAt: number | null,
): { days: number[]; stopped: number[] } {
  if (lastDecidedOn === null) return { days: [lastDay], stopped: [] };
  const days: number[] = [];
  const stopped: number[] = [];
  let day = nextTradingDay(dayFromIso(lastDecidedOn));
  while (day <= lastDay) {
    const close = (sessionOf(day) as TradingSession).close;
    // The last completed bar is always decided: it may still make its next open.
    if (day !== lastDay && startedAt !== null && close < startedAt) stopped.push(day);
    else days.push(day);
    day = nextTradingDay(day);
  }
  return { days: days.slice(-MAX_CATCH_UP), stopped };
}

/**
 * Design "The tick" step 4: each Final Trading List symbol decides every completed daily bar once,
 * in order (bars after bot_symbols.last_decided_on up to the last completed session, so a tick that
 * comes two sessions late decides both), with the stored per-stock parameters (risk per trade from
 * the trading settings' risk_percentage) and the backtest job's options. An entry goes out as a
 * market `opg` order with its bracket (so it fills at the next open, as the backtest assumes); an
 * exit first cancels the symbol's open orders (its protective legs), then sells (or buys back) at
 * the next open. A bar decided after its next open has begun (an older bar caught up, or a late
 * tick) is only recorded and logged: acting on it would fill a session late. Bars that completed
 * while the bot was stopped are not decided; the log counts them once. Each decision's log line
 * says why (the rules' own tests) and is keyed by symbol and bar, so it is written once. The
 * symbol's row is written after its orders, so a tick that dies in between decides the bar again
 * and finds its intent by id.
 */
export async function decideSymbols(ctx: DecideContext): Promise<void> {
  const { db, userId, now } = ctx;
  const lastDay = lastCompletedTradingDay(now);
  const date = isoFromDay(lastDay);
  const entries = await decideStart(db, userId);
  const decided = new Map(entries.map((e) => [e.symbol, e.lastDecidedOn]));
  // Symbols being closed already (an exit, a Quick Sell, the kill switch): left to that order.
  const closing = new Set(entries.filter((e) => e.closing).map((e) => e.symbol));
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
    inTime: false,
    closing,
    ordersOf,
    buyingPower,
    recorded: () =>
      (recorded ??= orderIntentStatuses(db, userId, ids).then((rows) => new Set(rows.keys()))),
  };
  // Decided symbols, written in one statement when the loop ends (or stops on a broker error).
  const rows = new Map<string, BotSymbolRow>();
  const plans = entries.map((e) =>
    barsToDecide(decided.get(e.symbol) ?? null, lastDay, ctx.startedAt),
  );
  const stopped = new Set(plans.flatMap((p) => p.stopped));
  if (stopped.size > 0)
    ctx.journal.log(
      'info',
      botTick.stoppedSessions(stopped.size, isoFromDay(Math.max(...stopped))),
      `stopped:${ctx.startedAt ?? 0}`,
    );
  try {
    for (const [k, entry] of entries.entries()) {
      for (const day of (plans[k] as { days: number[] }).days) {
        loop.lastDay = day;
        loop.date = isoFromDay(day);
        loop.inTime = now < openAfterDecision(loop.date) - ctx.opgCutoffMs;
        const row = await decideOne(ctx, loop, entry);
        if (row !== null) rows.set(row.symbol, row);
      }
    }
  } finally {
    await upsertBotSymbols(db, userId, [...rows.values()]);
  }
}

/** What one tick's symbol loop shares: the deciding bar, the orders, the buying power left. */
interface TickLoop {
  /** The bar being decided (ISO date and day number). */
  date: string;
  lastDay: number;
  /** Whether that bar's next open can still be made. */
  inTime: boolean;
  closing: Set<string>;
  ordersOf: (symbol: string) => Promise<BrokerOrder[]>;
  buyingPower: number;
  /** Client order ids of the last bar's entries and exits already recorded (read when asked). */
  recorded: () => Promise<Set<string>>;
}

/** One symbol's decision of one bar and its orders; the bot_symbols row to store, or null. */
async function decideOne(
  ctx: DecideContext,
  loop: TickLoop,
  entry: { symbol: string; parameters: unknown },
): Promise<BotSymbolRow | null> {
  const { db, userId, now } = ctx;
  const { date, lastDay, inTime, closing, ordersOf } = loop;
  const symbol = entry.symbol;
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
  const { decision, inputs, facts } = decideAtClose(
    bars,
    params,
    options,
    held,
    ctx.account.equity,
    true,
  );
  const intent = decision.intent;
  // The decision's one line: written once per symbol and bar, however often the bar is re-run.
  const key = `decide:${symbol}:${date}`;
  const log = (level: LogLevel, message: string) => ctx.journal.log(level, message, key);

  if (intent === null) {
    const why = decisionWhy(facts!, explainParams(params, ctx.settings), DIP_WINDOW);
    log(
      'info',
      facts!.entry !== null && facts!.entry.signal !== 0 && !facts!.halted
        ? botTick.signalSizedToZero(symbol, date, why)
        : botTick.decidedNothing(symbol, date, why),
    );
  } else if (!inTime) log('warn', botTick.missedOpen(symbol, date));
  else if (intent.kind === 'enter') {
    const cost = intent.quantity * inputs.close;
    const busy = !ctx.halted && held === null && (await ordersOf(symbol)).length > 0;
    const gate = entryGate(ctx.halted, busy, cost, loop.buyingPower);
    if (gate === 'halted') log('warn', botTick.entryHalted(symbol));
    else if (gate === 'busy') log('warn', botTick.entryBusy(symbol));
    else if (gate === 'too_big') log('warn', botTick.entryTooBig(symbol, cost, loop.buyingPower));
    else if ((await loop.recorded()).has(botOrderId(userId, symbol, date, 'e'))) {
      // Recorded by a tick that died before it stored the decision: reconcile settles it.
      log(
        'info',
        botTick.entrySent(
          intent.side === 1 ? 'buy' : 'sell',
          intent.quantity,
          symbol,
          date,
          ENTRY_ORDER,
        ),
      );
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
          ...ENTRY_ORDER,
          bracket: {
            stopLossAt: long ? m.longStopAt : m.shortStopAt,
            takeProfitAt: long ? m.longTargetAt : m.shortTargetAt,
            trail: ctx.backtest.trailing_stop_pct,
            referencePrice: inputs.close,
          },
          clientOrderId: id,
        },
      });
      const sent = botTick.entrySent(side, intent.quantity, symbol, date, ENTRY_ORDER);
      if (report(ctx, symbol, id, outcome, sent, key)) loop.buyingPower -= cost;
    }
  } else if (held !== null && closing.has(symbol)) {
    log('info', botTick.exitUnderWay(symbol));
  } else if (held !== null) {
    const clientOrderId = botOrderId(userId, symbol, date, 'x');
    const side = held.qty > 0 ? ('sell' as const) : ('buy' as const);
    const qty = Math.abs(held.qty);
    const sent = botTick.exitSent(qty, symbol, intent.reason, date, { side, ...ENTRY_ORDER });
    if ((await loop.recorded()).has(clientOrderId)) log('info', sent);
    else {
      for (const o of await ordersOf(symbol)) await cancelQuietly(ctx, o.id);
      const outcome = await placeOrder(db, ctx.bot.broker, {
        userId,
        purpose: 'exit',
        decidedOn: date,
        at: new Date(now),
        // `reason` rides along in the stored request: the trade's reason (signal or drawdown);
        // `referencePrice`, the deciding close its fill's slippage is logged against.
        request: Object.assign(
          { symbol, qty, side, ...ENTRY_ORDER, clientOrderId },
          { reason: intent.reason, referencePrice: inputs.close },
        ),
      });
      // Refused after the legs were cancelled: the tick's protection check puts them back.
      report(ctx, symbol, clientOrderId, outcome, sent, key, true);
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
  key: string,
  closing = false,
): boolean {
  if (outcome.kind === 'placed') {
    ctx.journal.sent();
    ctx.journal.log('info', sent, key);
    logPlaced(ctx.journal, symbol, clientOrderId, outcome.order);
    return true;
  }
  if (outcome.kind === 'refused') {
    const message = closing
      ? botTick.closeRefused(symbol, outcome.error.message)
      : botTick.orderRejected(symbol, outcome.error.message);
    ctx.journal.log('warn', message, key);
    ctx.journal.notify(message, 'failed', { eventKey: key });
    return false;
  }
  // The answer was lost: the order may be at the broker (the next tick looks it up).
  ctx.journal.log('info', sent, key);
  ctx.journal.log('warn', botTick.orderLost(symbol, clientOrderId), `${clientOrderId}:lost`);
  return true;
}

/** Entries and exits: market orders for the next open's auction. */
const ENTRY_ORDER = { type: 'market', timeInForce: 'opg' } as const;

/** The names and values a decision's explanation quotes. */
function explainParams(params: StockParams, settings: TTradingSettings): ExplainParams {
  return {
    rsiPeriod: params.rsi_period,
    rsiBuy: params.rsi_buy_threshold,
    rsiSell: params.rsi_sell_threshold,
    smaPeriod: params.sma_period,
    risk: params.risk_per_trade,
    shortAtrThreshold: settings.short_atr_threshold,
  };
}

async function cancelQuietly(ctx: DecideContext, orderId: string): Promise<void> {
  try {
    await ctx.bot.broker.cancelOrder(orderId);
  } catch (error) {
    // Already filled or gone: the exit below still closes what is held.
    if (!(error instanceof BrokerError)) throw error;
    logIgnored(ctx.userId, `cancel of order ${orderId} before the exit refused`, error);
  }
}
