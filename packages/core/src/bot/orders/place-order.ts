import {
  isUnconfirmedStatus,
  recordBrokerOrderState,
  recordOrderIntent,
  updateOrderIntent,
} from '@tradebot/db';
import type { BotOrderPurpose, BotOrderRow, Db } from '@tradebot/db';
import {
  BrokerError,
  type BrokerOrder,
  type BrokerPort,
  type OrderRequest,
} from '@tradebot/market';
import { ordersSent } from '../../observability/metrics.js';
import { logIgnored } from '../log-ignored.js';

/**
 * Nothing lost, nothing twice: every order the bot (or Quick Sell, or the kill switch) sends is
 * first recorded in `bot_orders` under its deterministic client order id, then sent once. When
 * the answer is lost (`unknown_outcome`, a timeout, a crash before the answer was stored) the
 * intent stays `unknown`/`pending`, and `settleOrderIntent` later asks the broker for the order by
 * that id: found → its state is recorded; not found → it is sent again under the same id (the
 * broker refuses a second order with one client order id, so even a race cannot fill twice).
 */
export interface OrderIntent {
  userId: number;
  purpose: BotOrderPurpose;
  request: OrderRequest;
  /** Trading date (YYYY-MM-DD) whose bar decided it; null for manual orders. */
  decidedOn: string | null;
  /** Market time of the decision. */
  at: Date;
}

export type PlaceOutcome =
  | { kind: 'placed'; order: BrokerOrder }
  /** The answer was lost: the next tick looks it up (never sent again blindly). */
  | { kind: 'unknown' }
  /** The broker refused it (buying power, PDT, rejected, not permitted): recorded as failed. */
  | { kind: 'refused'; error: BrokerError };

/** Records the intent (once per client order id) and sends it unless it was sent before. */
export async function placeOrder(
  db: Db,
  broker: BrokerPort,
  intent: OrderIntent,
): Promise<PlaceOutcome> {
  const { request } = intent;
  const row = await recordOrderIntent(db, {
    userId: intent.userId,
    clientOrderId: request.clientOrderId,
    symbol: request.symbol,
    purpose: intent.purpose,
    side: request.side,
    qty: request.qty,
    request: JSON.parse(JSON.stringify(request)) as object,
    decidedOn: intent.decidedOn,
    createdAt: intent.at,
  });
  if (row.status !== 'pending') return settleOrderIntent(db, broker, intent.userId, row);
  return send(db, broker, intent.userId, row, request);
}

/**
 * Brings one unsettled intent up to date with the broker: a pending or unknown one is looked up by
 * its client order id first and only sent when the broker has never seen it.
 */
export async function settleOrderIntent(
  db: Db,
  broker: BrokerPort,
  userId: number,
  row: BotOrderRow,
): Promise<PlaceOutcome> {
  let order: BrokerOrder | null;
  try {
    order = await broker.getOrderByClientId(row.clientOrderId);
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    logIgnored(userId, `lookup of ${row.clientOrderId} failed, its outcome stays unknown`, error);
    return { kind: 'unknown' };
  }
  if (order !== null) {
    await recordBrokerState(db, userId, order);
    return { kind: 'placed', order };
  }
  if (isUnconfirmedStatus(row.status))
    return send(db, broker, userId, row, row.request as OrderRequest);
  return { kind: 'unknown' };
}

/** Sends the intent once and counts how the send ended (tradebot_orders_total). */
async function send(
  db: Db,
  broker: BrokerPort,
  userId: number,
  row: BotOrderRow,
  request: OrderRequest,
): Promise<PlaceOutcome> {
  try {
    const outcome = await sendOnce(db, broker, userId, row, request);
    ordersSent.inc({ purpose: row.purpose, outcome: outcome.kind });
    return outcome;
  } catch (error) {
    ordersSent.inc({ purpose: row.purpose, outcome: 'error' });
    throw error;
  }
}

async function sendOnce(
  db: Db,
  broker: BrokerPort,
  userId: number,
  row: BotOrderRow,
  request: OrderRequest,
): Promise<PlaceOutcome> {
  try {
    const order = await broker.submitOrder(request);
    // The send and the broker's view of the order, in one write.
    await updateOrderIntent(db, userId, row.clientOrderId, {
      attempted: true,
      sentAt: new Date(order.submittedAt),
      lastError: null,
      status: order.status,
      brokerOrderId: order.id,
      filledQty: order.filledQty,
      filledAvgPrice: order.filledAvgPrice,
    });
    return { kind: 'placed', order };
  } catch (error) {
    if (!(error instanceof BrokerError)) {
      // A fault of ours or the network outside the adapter: treat as a lost answer.
      await updateOrderIntent(db, userId, row.clientOrderId, {
        attempted: true,
        status: 'unknown',
        lastError: 'The order may have reached the broker; it will be looked up.',
      });
      throw error;
    }
    if (
      error.code === 'unknown_outcome' ||
      error.code === 'unavailable' ||
      error.code === 'rate_limited'
    ) {
      await updateOrderIntent(db, userId, row.clientOrderId, {
        attempted: true,
        status: 'unknown',
        lastError: error.message,
      });
      return { kind: 'unknown' };
    }
    await updateOrderIntent(db, userId, row.clientOrderId, {
      attempted: true,
      status: 'failed',
      lastError: error.message,
    });
    return { kind: 'refused', error };
  }
}

/** Stores the broker's view of an order on its intent (none stored for it: nothing to do). */
export async function recordBrokerState(db: Db, userId: number, order: BrokerOrder): Promise<void> {
  await recordBrokerOrderState(db, userId, {
    clientOrderId: order.clientOrderId,
    status: order.status,
    brokerOrderId: order.id,
    filledQty: order.filledQty,
    filledAvgPrice: order.filledAvgPrice,
  });
}
