import { botTick } from '@tradebot/api-contract';
import {
  appendBotLogs,
  botFillsOf,
  firstBotOrderTime,
  insertBotFills,
  insertNotifications,
  intentsByBrokerOrder,
  lastFilledEntries,
  lockBotFills,
  readFillSyncStart,
  replaceBotTrades,
  touchBotActivity,
  unsettledOrderIntents,
  type BotFillRow,
  type Db,
} from '@tradebot/db';
import {
  BrokerError,
  newYorkDayOf,
  type BrokerFill,
  type BrokerOrder,
  type BrokerPort,
} from '@tradebot/market';
import { recordBrokerState } from '../orders/place-order.js';
import { roundTrips, type RoundTrip, type TradeFill } from './round-trips.js';
import { logIgnored } from '../log-ignored.js';

export interface SyncedFills {
  /** Fills new since the last sync (stored once each in bot_fills). */
  newFills: number;
  /** Round trips closed by those fills (stored in bot_trades). */
  closedTrades: number;
}

/** Re-read this much before the newest stored fill: a broker may report a fill late. */
const OVERLAP_MS = 86_400_000;

/**
 * Where a fill sync starts: from when (ms) the broker's fills are read, a little before the last
 * stored one, and the symbols whose stored trades wait for their reason (readFillSyncStart).
 */
export interface FillSyncStart {
  since: number;
  repair: string[];
}

export async function fillSyncStart(db: Db, userId: number): Promise<FillSyncStart> {
  const { lastFillTime, reasonToFill } = await readFillSyncStart(db, userId);
  return {
    since: lastFillTime === null ? 0 : lastFillTime.getTime() - OVERLAP_MS,
    repair: reasonToFill,
  };
}

/**
 * Copies the broker's fills since the last stored one into bot_fills (once each, keyed by the
 * broker's fill id, with the broker's order among fills of one millisecond) and makes each
 * touched symbol's trades the replay of all its fills, with a notification per new fill, all in
 * one transaction under a per-user lock (the tick and a read may sync at once). Orders whose
 * answer was lost are identified first (by client order id), so a fill of ours gets its reason;
 * a trade stored without one takes it once its order is identified. The first sync reads the
 * account's whole history, so a position opened before it is replayed from its first fill.
 * Called by every tick and by the reads that show trades.
 */
export async function syncFills(
  db: Db,
  broker: BrokerPort,
  userId: number,
  options: {
    identified?: boolean;
    /** The sync's start and the broker's fills since then, already read (the tick's snapshot). */
    read?: { start: FillSyncStart; fills: readonly BrokerFill[] };
  } = {},
): Promise<SyncedFills> {
  // The tick's reconcile step has just looked up every unsettled intent (`identified`).
  if (!options.identified) await identifyLostOrders(db, broker, userId);
  const { repair, since } = options.read?.start ?? (await fillSyncStart(db, userId));
  const fills = options.read?.fills ?? (await broker.getFills(since));
  if (fills.length === 0 && repair.length === 0) return { newFills: 0, closedTrades: 0 };
  return db.$transaction(
    async (tx) => {
      await lockBotFills(tx, userId);
      const { fresh, resequenced } = await insertBotFills(tx, userId, fills.map(toRow));
      const symbols = [...new Set([...fresh.map((f) => f.symbol), ...resequenced, ...repair])];
      if (symbols.length === 0) return { newFills: 0, closedTrades: 0 };
      const stored = await botFillsOf(tx, userId, symbols);
      const intents = await intentsByBrokerOrder(tx, userId, [
        ...new Set(stored.map((f) => f.brokerOrderId)),
      ]);
      let closedTrades = 0;
      // The P&L of each round trip, by the fill that closed it (its notification says so).
      const closedBy = new Map<string, number>();
      const freshIds = new Set(fresh.map((f) => f.brokerFillId));
      const sameSession: (RoundTrip & { symbol: string })[] = [];
      for (const symbol of symbols) {
        const ofSymbol = stored
          .filter((f) => f.symbol === symbol)
          .map((f) => toTradeFill(f, intents.get(f.brokerOrderId)));
        const trades = roundTrips(ofSymbol).map((t) => ({ ...t, symbol }));
        for (const trade of trades) closedBy.set(trade.exitFillId, trade.pnl);
        closedTrades += await replaceBotTrades(tx, userId, symbol, trades);
        for (const t of trades)
          if (freshIds.has(t.exitFillId) && isSameSession(t)) sameSession.push(t);
      }
      if (fresh.length === 0) return { newFills: 0, closedTrades };
      // A trade opened and closed between two reads was never a position: the log says so.
      await appendBotLogs(
        tx,
        userId,
        sameSession.map((t) => ({
          at: t.exitAt,
          level: 'info' as const,
          message: botTick.sameSession(t),
          eventKey: `same-session:${t.exitFillId}`,
        })),
      );
      // Fills from before the bot's first order are the account's history, not news.
      const first = await firstBotOrderTime(tx, userId);
      const news = first === null ? [] : fresh.filter((f) => f.time >= first);
      await insertNotifications(
        tx,
        userId,
        news.map((f) => fillNotification(f, closedBy.get(f.brokerFillId))),
      );
      await logProtectiveExits(tx, userId, news, intents);
      const newest = fresh.reduce((a, f) => (f.time > a ? f.time : a), fresh[0]!.time);
      await touchBotActivity(tx, userId, newest);
      return { newFills: fresh.length, closedTrades };
    },
    { timeout: 30_000 },
  );
}

/**
 * Looks up, by client order id, every unsettled intent the broker has not been matched with yet
 * (its answer was lost): found → the broker order is recorded on it, so its fills are known to be
 * ours. Read only: nothing is sent (the tick decides about intents the broker never saw). A
 * failed lookup leaves the intent as it was.
 */
export async function identifyLostOrders(
  db: Db,
  broker: BrokerPort,
  userId: number,
): Promise<void> {
  const rows = (await unsettledOrderIntents(db, userId)).filter((r) => r.brokerOrderId === null);
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.clientOrderId);
  let found: (BrokerOrder | null)[];
  try {
    found =
      broker.getOrdersByClientIds !== undefined && ids.length > 1
        ? [...(await broker.getOrdersByClientIds(ids)).values()]
        : await Promise.all(ids.map((id) => broker.getOrderByClientId(id)));
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    logIgnored(userId, 'lookup of orders whose answer was lost left for later', error);
    return;
  }
  for (const order of found) if (order !== null) await recordBrokerState(db, userId, order);
}

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/**
 * A stop-loss, take-profit or trailing-stop fill in the bot's log, once per broker fill, with its
 * level: the protective order's own (stop or limit price), or a bracket leg's from the entry's
 * fill price × the bracket multiple it was sent with (a trailing stop's level moves: its fill
 * price is shown).
 */
async function logProtectiveExits(
  tx: Tx,
  userId: number,
  fills: readonly BotFillRow[],
  intents: Map<string, { purpose: string; request: unknown }>,
): Promise<void> {
  const exits = fills.filter((f) => f.reason !== null);
  if (exits.length === 0) return;
  const entries = await lastFilledEntries(tx, userId, [...new Set(exits.map((f) => f.symbol))]);
  const lines = exits.map((f) => {
    const reason = f.reason as 'stop_loss' | 'take_profit' | 'trailing_stop';
    const own = intents.get(f.brokerOrderId)?.request as {
      oco?: { stopPrice?: number; limitPrice?: number };
    } | null;
    const entry = entries.get(f.symbol);
    const bracket = (entry?.request as { bracket?: { stopLossAt?: number; takeProfitAt?: number } })
      ?.bracket;
    const multiple = reason === 'stop_loss' ? bracket?.stopLossAt : bracket?.takeProfitAt;
    const level =
      reason === 'trailing_stop'
        ? null
        : ((reason === 'stop_loss' ? own?.oco?.stopPrice : own?.oco?.limitPrice) ??
          (multiple !== undefined && entry?.filledAvgPrice
            ? entry.filledAvgPrice * multiple
            : null));
    return {
      at: f.time,
      level: 'info' as const,
      message: botTick.protectiveExit(f.symbol, reason, f.side, f.qty, f.price, level),
      eventKey: `fill:${f.brokerFillId}`,
    };
  });
  await appendBotLogs(tx, userId, lines);
}

/** Opened and closed on one New York trading date. */
function isSameSession(t: RoundTrip): boolean {
  return newYorkDayOf(t.entryAt.getTime()) === newYorkDayOf(t.exitAt.getTime());
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
    seq: fill.sequence ?? null,
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
    seq: fill.seq,
  };
}

/** "Bought 12 AAPL at 187.20". */
/** "Sold 60 AAA at 13.00", with the round trip's P&L when the fill closed one (an alert event). */
function fillNotification(fill: BotFillRow, pnl: number | undefined) {
  const verb = fill.side === 'buy' ? 'Bought' : 'Sold';
  const closed =
    pnl === undefined ? '' : ` (trade closed, P&L ${pnl >= 0 ? '+' : ''}${pnl.toFixed(2)})`;
  return {
    message: `${verb} ${formatQty(fill.qty)} ${fill.symbol} at ${fill.price.toFixed(2)}${closed}`,
    status: 'info',
    kind: 'fill',
  };
}

const formatQty = (qty: number) => (Number.isInteger(qty) ? String(qty) : qty.toFixed(4));
