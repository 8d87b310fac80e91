import {
  AppError,
  openOrderTexts,
  type TOpenOrder,
  type TOpenOrdersOutput,
} from '@tradebot/api-contract';
import {
  appendBotLogs,
  findEncryptedCredential,
  findOrderIntent,
  isUnconfirmedStatus,
  unsettledOrderIntents,
  type BotOrderRow,
} from '@tradebot/db';
import type { BrokerOrder } from '@tradebot/market';
import type { ActiveMarketService } from '../../active-market/active-market.js';
import type { SessionInfo } from '../../types.js';
import { brokerAppError, dashboardAccount, openBotMarket, type BotDeps } from '../account.js';
import type { BotMarket } from '../market.js';
import { recordBrokerState } from '../orders/place-order.js';

type Kind = TOpenOrder['kind'];

/** What a broker order without an intent of its own is for (bracket exits, protective legs). */
function kindOfType(order: BrokerOrder): Kind {
  if (order.type === 'trailing_stop') return 'trailing_stop';
  if (order.type === 'stop' || order.type === 'stop_limit') return 'stop_loss';
  if (order.type === 'limit') return order.stopPrice !== null ? 'protective' : 'take_profit';
  return 'other';
}

/** An entry not filled at all, waiting for the next open: the one kind the user may cancel. */
const waitingEntry = (kind: Kind, order: BrokerOrder) =>
  kind === 'entry' && order.status === 'new' && order.filledQty === 0;

function row(order: BrokerOrder, intent: BotOrderRow | undefined, parent: string | null) {
  const kind: Kind = intent ? intent.purpose : kindOfType(order);
  return {
    client_order_id: order.clientOrderId,
    symbol: order.symbol,
    kind,
    side: order.side,
    qty: order.qty,
    filled_qty: order.filledQty,
    type: order.type,
    time_in_force: order.timeInForce,
    limit_price: order.limitPrice,
    stop_price: order.stopPrice,
    status: order.status,
    submitted_at: new Date(order.submittedAt).toISOString(),
    parent,
    cancelable: parent === null && waitingEntry(kind, order),
  } satisfies TOpenOrder;
}

/** An intent the broker has not answered for yet (not sent, or its answer lost). */
function intentRow(intent: BotOrderRow): TOpenOrder {
  const request = (intent.request ?? {}) as Record<string, unknown>;
  const price = (key: string) => (typeof request[key] === 'number' ? request[key] : null);
  return {
    client_order_id: intent.clientOrderId,
    symbol: intent.symbol,
    kind: intent.purpose,
    side: intent.side,
    qty: intent.qty,
    filled_qty: intent.filledQty,
    type: typeof request.type === 'string' ? request.type : 'market',
    time_in_force: typeof request.timeInForce === 'string' ? request.timeInForce : null,
    limit_price: price('limitPrice'),
    stop_price: price('stopPrice'),
    status: intent.status,
    submitted_at: (intent.sentAt ?? intent.createdAt).toISOString(),
    parent: null,
    cancelable: false,
  };
}

/**
 * The dashboard's Open orders (GET /api/bot/open-orders) and the cancel of an entry waiting for
 * the next open (POST /api/bot/open-orders/cancel). The broker's open orders are the truth (the
 * simulated broker's or Alpaca's), each named by the bot's recorded intent under its client
 * order id; bracket legs and a position's protective exits follow their type. Intents the broker
 * has not confirmed yet are listed with their own state. Everything is the session user's.
 */
export function openOrdersService(deps: BotDeps, market: ActiveMarketService) {
  const { db } = deps;

  async function openRead(session: SessionInfo): Promise<BotMarket | null> {
    const account = await dashboardAccount(deps, market, session);
    if (
      account.mode !== 'demo' &&
      !(await findEncryptedCredential(db, session.userId, account.mode))
    )
      return null;
    return openBotMarket(deps, session.userId, account, true);
  }

  async function brokerOpenOrders(m: BotMarket | null): Promise<BrokerOrder[]> {
    if (m === null) return [];
    try {
      return await m.broker.listOpenOrders();
    } catch (error) {
      throw brokerAppError(error);
    }
  }

  return {
    async openOrders(session: SessionInfo): Promise<TOpenOrdersOutput> {
      const userId = session.userId;
      const broker = await brokerOpenOrders(await openRead(session));
      const intents = await unsettledOrderIntents(db, userId);
      const byId = new Map(intents.map((i) => [i.clientOrderId, i]));
      const orders: TOpenOrder[] = [];
      const seen = new Set<string>();
      for (const order of broker) {
        seen.add(order.clientOrderId);
        orders.push(row(order, byId.get(order.clientOrderId), null));
        for (const leg of order.legs ?? []) {
          seen.add(leg.clientOrderId);
          orders.push(row(leg, byId.get(leg.clientOrderId), order.clientOrderId));
        }
      }
      for (const intent of intents)
        if (!seen.has(intent.clientOrderId) && isUnconfirmedStatus(intent.status))
          orders.push(intentRow(intent));
      orders.sort(
        (a, b) =>
          a.symbol.localeCompare(b.symbol) ||
          (a.submitted_at ?? '').localeCompare(b.submitted_at ?? ''),
      );
      return { orders };
    },

    /**
     * Cancels the user's entry waiting for the next open, through the broker's port. Another
     * user's id, an exit, a leg or an entry already (partly) filled is "not waiting": nothing
     * is canceled.
     */
    async cancelOpenOrder(session: SessionInfo, clientOrderId: string) {
      const userId = session.userId;
      const intent = await findOrderIntent(db, userId, clientOrderId);
      if (intent === null || intent.purpose !== 'entry')
        throw new AppError('NOT_FOUND', openOrderTexts.notWaiting);
      const m = await openRead(session);
      if (m === null) throw new AppError('NOT_FOUND', openOrderTexts.notWaiting);
      try {
        const order = await m.broker.getOrderByClientId(clientOrderId);
        if (order === null || !waitingEntry('entry', order))
          throw new AppError('NOT_FOUND', openOrderTexts.notWaiting);
        await m.broker.cancelOrder(order.id);
        const after = await m.broker.getOrderByClientId(clientOrderId);
        if (after !== null) await recordBrokerState(db, userId, after);
      } catch (error) {
        throw brokerAppError(error);
      }
      const message = openOrderTexts.canceled(intent.symbol);
      await appendBotLogs(db, userId, [{ at: new Date(m.clock.now()), level: 'info', message }]);
      return { message };
    },
  };
}
