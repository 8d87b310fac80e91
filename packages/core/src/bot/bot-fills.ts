import {
  botFillsOf,
  firstBotOrderTime,
  insertBotFills,
  insertBotTrades,
  insertNotifications,
  intentsByBrokerOrder,
  lastBotFillTime,
  lockBotFills,
  touchBotActivity,
  type BotFillRow,
  type Db,
} from '@tradebot/db';
import type { BrokerFill, BrokerPort } from '@tradebot/market';
import { roundTrips, type TradeFill } from './round-trips.js';

export interface SyncedFills {
  /** Fills new since the last sync (stored once each in bot_fills). */
  newFills: number;
  /** Round trips closed by those fills (stored in bot_trades). */
  closedTrades: number;
}

/** Re-read this much before the newest stored fill: a broker may report a fill late. */
const OVERLAP_MS = 86_400_000;

/**
 * Copies the broker's fills since the last stored one into bot_fills (once each, keyed by the
 * broker's fill id) and records the round trips they close in bot_trades, with a notification
 * per new fill, all in one transaction under a per-user lock (the tick and a read may sync at
 * once). The first sync reads the account's whole history, so a position opened before it is
 * replayed from its first fill. Called by every tick and by the reads that show trades.
 */
export async function syncFills(db: Db, broker: BrokerPort, userId: number): Promise<SyncedFills> {
  const last = await lastBotFillTime(db, userId);
  const since = last === null ? 0 : last.getTime() - OVERLAP_MS;
  const fills = await broker.getFills(since);
  if (fills.length === 0) return { newFills: 0, closedTrades: 0 };
  return db.$transaction(
    async (tx) => {
      await lockBotFills(tx, userId);
      const fresh = await insertBotFills(tx, userId, fills.map(toRow));
      if (fresh.length === 0) return { newFills: 0, closedTrades: 0 };
      const symbols = [...new Set(fresh.map((f) => f.symbol))];
      const stored = await botFillsOf(tx, userId, symbols);
      const intents = await intentsByBrokerOrder(tx, userId, [
        ...new Set(stored.map((f) => f.brokerOrderId)),
      ]);
      let closedTrades = 0;
      for (const symbol of symbols) {
        const ofSymbol = stored
          .filter((f) => f.symbol === symbol)
          .map((f) => toTradeFill(f, intents.get(f.brokerOrderId)));
        const trades = roundTrips(ofSymbol).map((t) => ({ ...t, symbol }));
        closedTrades += await insertBotTrades(tx, userId, trades);
      }
      // Fills from before the bot's first order are the account's history, not news.
      const first = await firstBotOrderTime(tx, userId);
      const news = first === null ? [] : fresh.filter((f) => f.time >= first);
      await insertNotifications(tx, userId, news.map(fillNotification));
      const newest = fresh.reduce((a, f) => (f.time > a ? f.time : a), fresh[0]!.time);
      await touchBotActivity(tx, userId, newest);
      return { newFills: fresh.length, closedTrades };
    },
    { timeout: 30_000 },
  );
}

function toRow(fill: BrokerFill): BotFillRow {
  return {
    brokerFillId: fill.id,
    brokerOrderId: fill.orderId,
    symbol: fill.symbol,
    side: fill.side,
    qty: fill.qty,
    price: fill.price,
    commission: fill.commission ?? 0,
    reason: fill.reason ?? null,
    time: new Date(fill.time),
  };
}

type Intent = { purpose: string; request: unknown } | undefined;

/**
 * Why a fill happened: the protective level the broker reports, else the purpose of our intent
 * behind its order (an exit is the strategy's signal, or the drawdown halt when its request says
 * so). A fill of an order we did not place (an Alpaca bracket leg) has no known reason.
 */
export function fillReason(fill: Pick<BotFillRow, 'reason'>, intent: Intent): string | null {
  if (fill.reason !== null) return fill.reason;
  if (intent === undefined) return null;
  switch (intent.purpose) {
    case 'exit': {
      const request = intent.request as { reason?: unknown } | null;
      // The tick stores why it exits: signal, max_drawdown or trailing_stop (watched at Alpaca).
      return request?.reason === 'max_drawdown' || request?.reason === 'trailing_stop'
        ? request.reason
        : 'signal';
    }
    case 'manual_sell':
    case 'flatten':
      return intent.purpose;
    case 'entry':
      return 'signal';
    default:
      return null;
  }
}

function toTradeFill(fill: BotFillRow, intent: Intent): TradeFill {
  return {
    id: fill.brokerFillId,
    side: fill.side,
    qty: fill.qty,
    price: fill.price,
    commission: fill.commission,
    time: fill.time,
    reason: fillReason(fill, intent),
  };
}

/** "Bought 12 AAPL at 187.20". */
function fillNotification(fill: BotFillRow) {
  const verb = fill.side === 'buy' ? 'Bought' : 'Sold';
  return {
    message: `${verb} ${formatQty(fill.qty)} ${fill.symbol} at ${fill.price.toFixed(2)}`,
    status: 'info',
  };
}

const formatQty = (qty: number) => (Number.isInteger(qty) ? String(qty) : qty.toFixed(4));
