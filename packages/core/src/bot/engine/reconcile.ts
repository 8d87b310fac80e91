import { botTick } from '@tradebot/api-contract';
import {
  inFlightOrderIntents,
  isUnconfirmedStatus,
  isWorkingStatus,
  settleableOrderIntents,
  updateOrderIntent,
  type BotOrderRow,
  type Db,
} from '@tradebot/db';
import {
  BrokerError,
  dayFromIso,
  isMarketOpenAt,
  newYorkDayOf,
  nextOpenAfter,
  sessionOf,
  type BrokerOrder,
  type BrokerPort,
  type OrderRequest,
  type TradingSession,
} from '@tradebot/market';
import type { TickJournal } from './journal.js';
import { recordBrokerState, settleOrderIntent } from '../orders/place-order.js';
import { logIgnored } from '../log-ignored.js';

/** The trading settings that govern orders after they are recorded. */
export interface OrderPolicy {
  /** Seconds (market time) an order may stay unfilled once the broker could fill it. */
  order_timeout: number;
  partial_fill_handling: 'cancel' | 'accept';
  /** Sends after the first one for an order whose send failed transiently. */
  max_order_retries: number;
  /** Seconds (market time) between two sends of one order. */
  retry_delay: number;
}

/**
 * When the broker can first fill an order: a market order sent in session at once, an `opg`
 * order (or one sent outside a session) at the next open. The simulated broker fills from the
 * first session opening after the order and shows the fill only at that session's close (its
 * bar completes then), so there the clock starts at that close: the timeout never cancels an
 * order the demo market had no chance to fill.
 */
export function fillableFrom(
  order: Pick<BrokerOrder, 'submittedAt' | 'timeInForce'>,
  fillsAtClose: boolean,
): number {
  const open = nextOpenAfter(order.submittedAt);
  if (fillsAtClose) return (sessionOf(newYorkDayOf(open)) as TradingSession).close;
  if (order.timeInForce !== 'opg' && isMarketOpenAt(order.submittedAt)) return order.submittedAt;
  return open;
}

/** The open an entry or exit decided at the close of `decidedOn` (YYYY-MM-DD) is meant for. */
export function openAfterDecision(decidedOn: string): number {
  const session = sessionOf(dayFromIso(decidedOn));
  return nextOpenAfter(session === null ? dayFromIso(decidedOn) * 86_400_000 : session.close);
}

/** When the next send of an intent is due: one retry_delay after each earlier attempt. */
export function retryDueAt(row: Pick<BotOrderRow, 'createdAt' | 'attempts'>, retryDelay: number) {
  return row.createdAt.getTime() + row.attempts * retryDelay * 1000;
}

/** Wall time an intent recorded but not yet sent is left to the process that recorded it. */
export const IN_FLIGHT_MS = 30_000;

/**
 * Client order ids of intents another process (the API's Quick Sell or kill switch) has just
 * recorded and is sending now: a tick that sent them too would race it to the broker. Wall
 * time (the row's updated_at), as this is about processes, not the market.
 */
export function inFlightIntents(db: Db, userId: number): Promise<Set<string>> {
  return inFlightOrderIntents(db, userId, IN_FLIGHT_MS);
}

interface ReconcileContext {
  db: Db;
  broker: BrokerPort;
  userId: number;
  now: number;
  policy: OrderPolicy;
  fillsAtClose: boolean;
  journal: TickJournal;
}

/**
 * Reconcile first (design "The tick" step 2): every unsettled intent is looked up at the broker by
 * its client order id. Known to the broker → its state is stored, and an order left unfilled past
 * the time-out is canceled (a partial fill's rest only with partial_fill_handling 'cancel').
 * Unknown to the broker → sent again under the same id once retry_delay has passed, up to
 * max_order_retries, or dropped when the open it was decided for has passed. A lookup that fails
 * leaves the intent for the next tick: nothing is ever sent without asking first. An intent
 * another process recorded moments ago and is still sending is left to it.
 */
export async function reconcileIntents(ctx: ReconcileContext): Promise<void> {
  const rows = await settleableOrderIntents(ctx.db, ctx.userId, IN_FLIGHT_MS);
  const looked = await lookUpAll(ctx.broker, ctx.userId, rows);
  for (const row of rows) {
    let order: BrokerOrder | null;
    try {
      const known = looked.get(row.clientOrderId);
      order = known !== undefined ? known : await ctx.broker.getOrderByClientId(row.clientOrderId);
    } catch (error) {
      if (!(error instanceof BrokerError)) throw error;
      logIgnored(ctx.userId, `lookup of ${row.clientOrderId} left for the next tick`, error);
      continue;
    }
    if (order !== null) await known(ctx, row, order);
    else await unseen(ctx, row);
  }
}

/**
 * Every intent's order in one read where the broker offers it (each intent's client order id is
 * its own, so settling one never changes another's answer); empty when it does not or fails (each
 * is then looked up alone).
 */
async function lookUpAll(
  broker: BrokerPort,
  userId: number,
  rows: readonly BotOrderRow[],
): Promise<Map<string, BrokerOrder | null>> {
  if (broker.getOrdersByClientIds === undefined || rows.length < 2) return new Map();
  try {
    return await broker.getOrdersByClientIds(rows.map((row) => row.clientOrderId));
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    logIgnored(userId, 'one-read lookup of the intents failed, each is looked up alone', error);
    return new Map();
  }
}

/** Only what a tick can do about it: the broker is the truth once it has the order. */
async function known(ctx: ReconcileContext, row: BotOrderRow, order: BrokerOrder): Promise<void> {
  const { db, broker, userId, journal, policy } = ctx;
  // The event is logged (once: keyed by order id and event) before the new state is stored, so a
  // tick that dies in between logs it on its re-run, and never twice.
  if (logOrderEvent(journal, row, order)) await journal.flush(db, userId);
  await recordBrokerState(db, userId, order);
  if (!isWorkingStatus(order.status)) return;
  // Protective orders work until a level is reached: no time-out (bot-protect.ts owns them).
  if (row.purpose === 'protective') return;
  const deadline = fillableFrom(order, ctx.fillsAtClose) + policy.order_timeout * 1000;
  if (ctx.now < deadline) return;
  if (order.status === 'partially_filled' && policy.partial_fill_handling === 'accept') return;
  try {
    await broker.cancelOrder(order.id);
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    logIgnored(userId, `time-out cancel of ${row.clientOrderId} left for the next tick`, error);
    return;
  }
  journal.log(
    'warn',
    botTick.orderTimedOut(row.symbol, row.clientOrderId, order.filledQty, order.qty),
    `${row.clientOrderId}:canceled`,
  );
  await journal.flush(db, userId);
  const after = await broker.getOrderByClientId(row.clientOrderId).catch((error: unknown) => {
    logIgnored(
      userId,
      `state of ${row.clientOrderId} after its cancel left for the next tick`,
      error,
    );
    return null;
  });
  if (after !== null) await recordBrokerState(db, userId, after);
}

/** The broker's answer to an order just sent: accepted (or already further along). */
export function logPlaced(
  journal: TickJournal,
  symbol: string,
  clientOrderId: string,
  order: BrokerOrder,
): void {
  if (order.status === 'new')
    journal.log('info', botTick.orderAccepted(symbol, clientOrderId), `${clientOrderId}:accepted`);
}

/** The deciding close an entry's or exit's fill is measured against (stored with its request). */
function referencePrice(row: BotOrderRow): number | null {
  const request = row.request as {
    referencePrice?: unknown;
    bracket?: { referencePrice?: unknown };
  } | null;
  const price = request?.bracket?.referencePrice ?? request?.referencePrice;
  return typeof price === 'number' ? price : null;
}

/**
 * Logs what changed between the stored intent and the broker's order: accepted, each partial
 * fill ("61 of 85"), filled (price, slippage against the deciding close), canceled or expired
 * (why), rejected (the broker's message, notified). A protective order's fill is logged with its
 * fill as a stop-loss or take-profit exit (fills.ts). Whether a line was logged.
 */
export function logOrderEvent(journal: TickJournal, row: BotOrderRow, order: BrokerOrder): boolean {
  const id = row.clientOrderId;
  const moved = order.status !== row.status || order.filledQty !== row.filledQty;
  if (!moved) return false;
  const key = (event: string) => `${id}:${event}`;
  const ended = order.status === 'canceled' || order.status === 'expired';
  // Shares filled since the last look, on an order that then ended: that fill is an event too.
  if (ended && order.filledQty > row.filledQty)
    journal.log(
      'info',
      botTick.orderPartlyFilled(
        row.symbol,
        id,
        order.filledQty,
        order.qty,
        order.filledAvgPrice ?? 0,
      ),
      key(`partial:${order.filledQty}`),
    );
  switch (order.status) {
    case 'new':
      journal.log('info', botTick.orderAccepted(row.symbol, id), key('accepted'));
      return true;
    case 'partially_filled':
      journal.log(
        'info',
        botTick.orderPartlyFilled(
          row.symbol,
          id,
          order.filledQty,
          order.qty,
          order.filledAvgPrice ?? 0,
        ),
        key(`partial:${order.filledQty}`),
      );
      return true;
    case 'filled':
      if (row.purpose === 'protective') return false;
      journal.log(
        'info',
        botTick.orderFilled(
          row.symbol,
          id,
          order.side,
          order.filledQty,
          order.filledAvgPrice ?? 0,
          referencePrice(row),
        ),
        key('filled'),
      );
      return true;
    case 'canceled':
    case 'expired': {
      const why =
        order.status === 'expired'
          ? order.timeInForce === 'opg'
            ? 'the opening auction it was sent for did not fill it'
            : 'its time in force ran out'
          : 'canceled at the broker';
      journal.log(
        'warn',
        botTick.orderEnded(row.symbol, id, order.status, order.filledQty, order.qty, why),
        key('canceled'),
      );
      return true;
    }
    case 'rejected': {
      const message = botTick.orderRejected(row.symbol, order.brokerStatus);
      journal.log('warn', message, key('rejected'));
      journal.notify(message, 'failed', { eventKey: key('rejected') });
      return true;
    }
    default:
      journal.log('info', botTick.orderState(row.symbol, id, order.status), key(order.status));
      return true;
  }
}

async function unseen(ctx: ReconcileContext, row: BotOrderRow): Promise<void> {
  const { db, broker, userId, journal, policy, now } = ctx;
  // Accepted once, then gone: nothing safe to do but wait and look again.
  if (!isUnconfirmedStatus(row.status)) return;
  // A protective order is sent again only by the protection check, which looks at the position.
  if (row.purpose === 'protective') return;
  const request = row.request as OrderRequest;
  if (request.timeInForce === 'opg' && row.decidedOn !== null) {
    if (now >= openAfterDecision(row.decidedOn)) {
      await fail(
        ctx,
        row,
        'too late for its open',
        botTick.orderTooLate(row.symbol, row.clientOrderId),
      );
      return;
    }
  }
  if (row.attempts >= 1 + policy.max_order_retries) {
    await fail(
      ctx,
      row,
      'out of retries',
      botTick.orderFailed(row.symbol, row.clientOrderId, row.attempts),
    );
    return;
  }
  if (row.attempts > 0 && now < retryDueAt(row, policy.retry_delay)) return;
  const outcome = await settleOrderIntent(db, broker, userId, row);
  const id = row.clientOrderId;
  const attempt = `${id}:sent:${row.attempts + 1}`;
  if (outcome.kind === 'placed') {
    journal.sent();
    journal.log(
      'info',
      row.attempts === 0
        ? botTick.orderSent(row.symbol, id, request)
        : botTick.orderResent(row.symbol, id, row.attempts + 1),
      attempt,
    );
    logPlaced(journal, row.symbol, id, outcome.order);
  } else if (outcome.kind === 'refused') {
    const message = botTick.orderRejected(row.symbol, outcome.error.message);
    journal.log('warn', message, `${id}:rejected`);
    journal.notify(message, 'failed', { eventKey: `${id}:rejected` });
  } else journal.log('warn', botTick.orderLost(row.symbol, id), `${attempt}:lost`);
}

async function fail(ctx: ReconcileContext, row: BotOrderRow, why: string, message: string) {
  await updateOrderIntent(ctx.db, ctx.userId, row.clientOrderId, {
    status: 'failed',
    lastError: why,
  });
  ctx.journal.log('error', message);
  ctx.journal.notify(message, 'failed');
}
