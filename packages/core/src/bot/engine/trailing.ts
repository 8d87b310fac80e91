import { botTick } from '@tradebot/api-contract';
import { closingSymbols, findOrderIntent, latestFilledEntry, type Db } from '@tradebot/db';
import {
  BrokerError,
  dayFromIso,
  isMarketOpenAt,
  isoFromDay,
  newYorkDayOf,
  nextTradingDay,
  type BrokerPosition,
} from '@tradebot/market';
import { botOrderId } from '../orders/order-ids.js';
import type { TickJournal } from './journal.js';
import type { BotMarket } from '../market.js';
import { placeOrder } from '../orders/place-order.js';
import { logIgnored } from '../log-ignored.js';

export interface TrailingContext {
  db: Db;
  bot: BotMarket;
  userId: number;
  now: number;
  journal: TickJournal;
  positions: readonly BrokerPosition[];
  /** The backtest settings' trailing_stop_pct (a fraction). */
  trail: number;
}

/** The trailing level from the best price since the fill: below it (long) or above it (short). */
export function trailingLevel(side: 1 | -1, extreme: number, trail: number): number {
  return side === 1 ? extreme * (1 - trail) : extreme * (1 + trail);
}

/**
 * Design "The tick" step 5 on Alpaca, whose bracket legs hold the stop-loss and take-profit but
 * not a trailing stop beside them: in session, each position the bot entered is checked against
 * its trailing level (the best high, or low, of the bars since the entry and the latest trade);
 * a hit cancels the symbol's open orders and closes the position at market, once per day
 * (`-t` id of the New York date). The simulated broker checks trailing stops inside the bars itself.
 */
export async function watchTrailingStops(ctx: TrailingContext): Promise<void> {
  const { db, bot, userId, now } = ctx;
  if (!isMarketOpenAt(now)) return;
  const today = isoFromDay(newYorkDayOf(now));
  for (const p of ctx.positions) {
    const entry = await latestFilledEntry(db, userId, p.symbol);
    if (entry?.decidedOn == null) continue;
    // A close under way: left to that order.
    if ((await closingSymbols(db, userId, [p.symbol])).size > 0) continue;
    const side = p.qty > 0 ? 1 : -1;
    const bars = await bot.data.getDailyBars(p.symbol, {
      from: isoFromDay(nextTradingDay(dayFromIso(entry.decidedOn))),
      to: today,
    });
    const latest = await bot.data.getLatestTrade(p.symbol);
    if (latest === null) continue;
    let extreme = entry.filledAvgPrice ?? p.avgEntryPrice;
    const seen = side === 1 ? [...bars.high, latest.price] : [...bars.low, latest.price];
    for (const x of seen) extreme = side === 1 ? Math.max(extreme, x) : Math.min(extreme, x);
    const level = trailingLevel(side, extreme, ctx.trail);
    if (side === 1 ? latest.price > level : latest.price < level) continue;
    const clientOrderId = botOrderId(userId, p.symbol, today, 't');
    // One trailing exit per symbol and day: a canceled one is not sent again under its id.
    if ((await findOrderIntent(db, userId, clientOrderId)) !== null) continue;

    const hit = botTick.trailingStop(p.symbol, latest.price, level);
    ctx.journal.log('warn', hit, `${clientOrderId}:trailing`);
    for (const o of (await bot.broker.listOpenOrders()).filter((o) => o.symbol === p.symbol)) {
      await bot.broker.cancelOrder(o.id).catch((error: unknown) => {
        if (!(error instanceof BrokerError)) throw error;
        logIgnored(userId, `cancel of ${o.clientOrderId} before the trailing exit refused`, error);
      });
    }
    const outcome = await placeOrder(db, bot.broker, {
      userId,
      purpose: 'exit',
      decidedOn: null,
      at: new Date(now),
      request: Object.assign(
        {
          symbol: p.symbol,
          qty: Math.abs(p.qty),
          side: side === 1 ? ('sell' as const) : ('buy' as const),
          type: 'market' as const,
          timeInForce: 'day' as const,
          clientOrderId,
        },
        { reason: 'trailing_stop' },
      ),
    });
    if (outcome.kind === 'placed') ctx.journal.sent();
    else if (outcome.kind === 'refused') {
      // The legs are cancelled: the tick's protection check (after this watch) puts them back.
      const message = botTick.closeRefused(p.symbol, outcome.error.message);
      ctx.journal.log('warn', message, `${clientOrderId}:rejected`);
      ctx.journal.notify(message, 'failed', { eventKey: `${clientOrderId}:rejected` });
    } else
      ctx.journal.log('warn', botTick.orderLost(p.symbol, clientOrderId), `${clientOrderId}:lost`);
  }
}
