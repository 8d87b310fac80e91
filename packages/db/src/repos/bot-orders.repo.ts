import type { Prisma } from '../generated/prisma/client.js';
import type { Db, Queryable } from '../client.js';
import { poolRows } from '../pool-query.js';

/**
 * The bot's order intents (migration 20261124000200_bot), the safety-critical part of its storage:
 * `recordOrderIntent` inserts once per (user, client order id) and returns the stored row when it
 * exists, so a re-run tick finds its earlier intent instead of making a second one.
 */
export type BotOrderStatus =
  | 'pending'
  | 'sent'
  | 'unknown'
  | 'new'
  | 'partially_filled'
  | 'filled'
  | 'canceled'
  | 'expired'
  | 'rejected'
  | 'failed';

export type BotOrderPurpose = 'entry' | 'exit' | 'protective' | 'manual_sell' | 'flatten';

/**
 * Intent states the broker has not confirmed: recorded and not sent yet, sent without an answer
 * yet, or sent with the answer lost. Such an intent is looked up by its client order id and sent
 * (again, under that id) only when the broker has never seen it.
 */
export const UNCONFIRMED_ORDER_STATUSES = [
  'pending',
  'sent',
  'unknown',
] as const satisfies readonly BotOrderStatus[];

/** Order states of an order working at the broker (accepted, not ended). */
export const WORKING_ORDER_STATUSES = [
  'new',
  'partially_filled',
] as const satisfies readonly BotOrderStatus[];

/** Intent states still at (or on their way to) the broker: not settled yet. */
export const UNSETTLED_ORDER_STATUSES = [
  ...UNCONFIRMED_ORDER_STATUSES,
  ...WORKING_ORDER_STATUSES,
] as const satisfies readonly BotOrderStatus[];

/** Purposes of the intents that close a position (a second close waits for one unsettled). */
export const CLOSING_ORDER_PURPOSES = [
  'exit',
  'manual_sell',
  'flatten',
] as const satisfies readonly BotOrderPurpose[];

/** Whether an intent in `status` is still at (or on its way to) the broker. */
export const isUnsettledStatus = (status: string): boolean =>
  (UNSETTLED_ORDER_STATUSES as readonly string[]).includes(status);

/** Whether an intent in `status` is one the broker has not confirmed. */
export const isUnconfirmedStatus = (status: string): boolean =>
  (UNCONFIRMED_ORDER_STATUSES as readonly string[]).includes(status);

/** Whether an order in `status` is working at the broker. */
export const isWorkingStatus = (status: string): boolean =>
  (WORKING_ORDER_STATUSES as readonly string[]).includes(status);

/** Whether an intent of `purpose` closes a position. */
export const isClosingPurpose = (purpose: string): boolean =>
  (CLOSING_ORDER_PURPOSES as readonly string[]).includes(purpose);

export interface BotOrderRow {
  id: number;
  clientOrderId: string;
  symbol: string;
  purpose: BotOrderPurpose;
  side: 'buy' | 'sell';
  qty: number;
  request: unknown;
  decidedOn: string | null;
  status: BotOrderStatus;
  brokerOrderId: string | null;
  filledQty: number;
  filledAvgPrice: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** A BotOrderRow's columns in SQL, named as it names them. */
const ORDER_COLUMNS = `id, client_order_id AS "clientOrderId", symbol, purpose, side, qty, request,
  decided_on AS "decidedOn", status, broker_order_id AS "brokerOrderId", filled_qty AS "filledQty",
  filled_avg_price AS "filledAvgPrice", attempts, last_error AS "lastError",
  created_at AS "createdAt", sent_at AS "sentAt"`;

export interface NewBotOrder {
  userId: number;
  clientOrderId: string;
  symbol: string;
  purpose: BotOrderPurpose;
  side: 'buy' | 'sell';
  qty: number;
  request: Prisma.InputJsonValue;
  decidedOn: string | null;
  /** Market time of the decision. */
  createdAt: Date;
}

const RECORD_INTENT = {
  name: 'bot_orders.record_intent',
  text: `WITH inserted AS (
      INSERT INTO bot_orders (user_id, client_order_id, symbol, purpose, side, qty, request,
        decided_on, status, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10)
      ON CONFLICT (user_id, client_order_id) DO NOTHING
      RETURNING ${ORDER_COLUMNS})
    SELECT * FROM inserted
    UNION ALL
    SELECT ${ORDER_COLUMNS} FROM bot_orders
    WHERE user_id = $1 AND client_order_id = $2 AND NOT EXISTS (SELECT 1 FROM inserted)`,
};

/**
 * Inserts the intent as `pending`, or returns the row already stored under its client order id
 * (one statement: the row it inserted, else the one that was there).
 */
export async function recordOrderIntent(db: Db, order: NewBotOrder): Promise<BotOrderRow> {
  const [row] = await poolRows<BotOrderRow>(db, RECORD_INTENT, [
    order.userId,
    order.clientOrderId,
    order.symbol,
    order.purpose,
    order.side,
    order.qty,
    JSON.stringify(order.request),
    order.decidedOn,
    order.createdAt,
    // updated_at on this process's wall clock, as every write of an intent (inFlightOrderIntents).
    new Date(),
  ]);
  if (row === undefined) throw new Error(`order intent ${order.clientOrderId} was not stored`);
  return row;
}

export interface BotOrderChange {
  status?: BotOrderStatus;
  brokerOrderId?: string | null;
  filledQty?: number;
  filledAvgPrice?: number | null;
  lastError?: string | null;
  sentAt?: Date;
  /** Adds one to `attempts` (a send was tried). */
  attempted?: boolean;
}

const UPDATE_INTENT = {
  name: 'bot_orders.update_intent',
  // A field whose "given" flag is false keeps its stored value.
  text: `UPDATE bot_orders SET
      status = CASE WHEN $3 THEN $4 ELSE status END,
      broker_order_id = CASE WHEN $5 THEN $6 ELSE broker_order_id END,
      filled_qty = CASE WHEN $7 THEN $8::float8 ELSE filled_qty END,
      filled_avg_price = CASE WHEN $9 THEN $10::float8 ELSE filled_avg_price END,
      last_error = CASE WHEN $11 THEN $12 ELSE last_error END,
      sent_at = CASE WHEN $13 THEN $14::timestamptz ELSE sent_at END,
      attempts = attempts + $15,
      updated_at = $16
    WHERE user_id = $1 AND client_order_id = $2
    RETURNING id`,
};

export async function updateOrderIntent(
  db: Db,
  userId: number,
  clientOrderId: string,
  change: BotOrderChange,
): Promise<void> {
  const given = (value: unknown) => [value !== undefined, value ?? null];
  const rows = await poolRows(db, UPDATE_INTENT, [
    userId,
    clientOrderId,
    ...given(change.status),
    ...given(change.brokerOrderId),
    ...given(change.filledQty),
    ...given(change.filledAvgPrice),
    ...given(change.lastError),
    ...given(change.sentAt),
    change.attempted ? 1 : 0,
    new Date(),
  ]);
  if (rows.length === 0) throw new Error(`no order intent ${clientOrderId} to update`);
}

const UNSETTLED_INTENTS = {
  name: 'bot_orders.unsettled',
  text: `SELECT ${ORDER_COLUMNS} FROM bot_orders
    WHERE user_id = $1 AND status = ANY($2::text[]) ORDER BY id`,
};

/** Intents not yet settled (UNSETTLED_ORDER_STATUSES), oldest first. */
export async function unsettledOrderIntents(db: Db, userId: number): Promise<BotOrderRow[]> {
  return poolRows<BotOrderRow>(db, UNSETTLED_INTENTS, [userId, UNSETTLED_ORDER_STATUSES]);
}

/** An intent in flight: recorded as pending, never sent, written after `since` (wall time). */
const inFlightSql = (since: string) =>
  `status = 'pending' AND attempts = 0 AND updated_at > ${since}`;

const SETTLEABLE_INTENTS = {
  name: 'bot_orders.settleable',
  text: `SELECT ${ORDER_COLUMNS} FROM bot_orders
    WHERE user_id = $1 AND status = ANY($2::text[]) AND NOT (${inFlightSql('$3')})
    ORDER BY id`,
};

/**
 * The unsettled intents (oldest first) less those in flight: recorded as pending, never sent,
 * within the last `inFlightMs` of wall time (see inFlightOrderIntents). One read.
 */
export async function settleableOrderIntents(
  db: Db,
  userId: number,
  inFlightMs: number,
): Promise<BotOrderRow[]> {
  return poolRows<BotOrderRow>(db, SETTLEABLE_INTENTS, [
    userId,
    UNSETTLED_ORDER_STATUSES,
    new Date(Date.now() - inFlightMs),
  ]);
}

const FIND_INTENT = {
  name: 'bot_orders.find_intent',
  text: `SELECT ${ORDER_COLUMNS} FROM bot_orders WHERE user_id = $1 AND client_order_id = $2`,
};

export async function findOrderIntent(
  db: Db,
  userId: number,
  clientOrderId: string,
): Promise<BotOrderRow | null> {
  const [row] = await poolRows<BotOrderRow>(db, FIND_INTENT, [userId, clientOrderId]);
  return row ?? null;
}

/** The broker's view of an order, as stored on its intent. */
export interface BrokerOrderState {
  clientOrderId: string;
  status: BotOrderStatus;
  brokerOrderId: string;
  filledQty: number;
  filledAvgPrice: number | null;
}

const BROKER_ORDER_STATE = {
  name: 'bot_orders.broker_state',
  // Updating no row is the "no intent" case.
  text: `UPDATE bot_orders SET status = $3, broker_order_id = $4, filled_qty = $5,
      filled_avg_price = $6, updated_at = $7
    WHERE user_id = $1 AND client_order_id = $2`,
};

/** Stores the broker's view of an order on its intent (none stored for it: nothing changes). */
export async function recordBrokerOrderState(
  db: Db,
  userId: number,
  order: BrokerOrderState,
): Promise<void> {
  await poolRows(db, BROKER_ORDER_STATE, [
    userId,
    order.clientOrderId,
    order.status,
    order.brokerOrderId,
    order.filledQty,
    order.filledAvgPrice,
    new Date(),
  ]);
}

const IN_FLIGHT_INTENTS = {
  name: 'bot_orders.in_flight',
  text: `SELECT client_order_id AS "clientOrderId" FROM bot_orders
    WHERE user_id = $1 AND ${inFlightSql('$2')}`,
};

/**
 * Client order ids of intents recorded as `pending`, never sent, and written within the last
 * `withinMs` of wall time: another process is sending them now. Measured on this process's wall
 * clock, the one that stamps updated_at (this is about processes, not the market).
 */
export async function inFlightOrderIntents(
  db: Db,
  userId: number,
  withinMs: number,
): Promise<Set<string>> {
  const rows = await poolRows<{ clientOrderId: string }>(db, IN_FLIGHT_INTENTS, [
    userId,
    new Date(Date.now() - withinMs),
  ]);
  return new Set(rows.map((row) => row.clientOrderId));
}

const INTENT_STATUSES = {
  name: 'bot_orders.statuses',
  text: `SELECT client_order_id AS "clientOrderId", status FROM bot_orders
    WHERE user_id = $1 AND client_order_id = ANY($2::text[])`,
};

/** The stored status of each of `clientOrderIds` that has an intent. */
export async function orderIntentStatuses(
  db: Db,
  userId: number,
  clientOrderIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await poolRows<{ clientOrderId: string; status: string }>(db, INTENT_STATUSES, [
    userId,
    clientOrderIds,
  ]);
  return new Map(rows.map((row) => [row.clientOrderId, row.status]));
}

const CLOSING_SYMBOLS = {
  name: 'bot_orders.closing_symbols',
  // $2 null: every symbol.
  text: `SELECT DISTINCT symbol FROM bot_orders
    WHERE user_id = $1 AND ($2::text[] IS NULL OR symbol = ANY($2::text[]))
      AND status = ANY($3::text[]) AND purpose = ANY($4::text[])`,
};

/** Symbols (of `symbols`, or all) with an unsettled closing intent: a close is under way. */
export async function closingSymbols(
  db: Db,
  userId: number,
  symbols?: readonly string[],
): Promise<Set<string>> {
  const rows = await poolRows<{ symbol: string }>(db, CLOSING_SYMBOLS, [
    userId,
    symbols ?? null,
    UNSETTLED_ORDER_STATUSES,
    CLOSING_ORDER_PURPOSES,
  ]);
  return new Set(rows.map((row) => row.symbol));
}

/**
 * Per symbol, the request of the newest entry intent that filled (as last seen) or is not
 * settled yet (a fill the next reconcile records): the position's bracket.
 */
export async function entryRequests(
  db: Queryable,
  userId: number,
  symbols: readonly string[],
): Promise<Map<string, unknown>> {
  const rows = await db.botOrder.findMany({
    where: {
      userId,
      symbol: { in: [...symbols] },
      purpose: 'entry',
      OR: [{ filledQty: { gt: 0 } }, { status: { in: [...UNSETTLED_ORDER_STATUSES] } }],
    },
    orderBy: { id: 'desc' },
    select: { symbol: true, request: true },
  });
  const entry = new Map<string, unknown>();
  for (const row of rows) if (!entry.has(row.symbol)) entry.set(row.symbol, row.request);
  return entry;
}

/** The newest entry intent of `symbol` with shares filled: its bar and fill price. */
export async function latestFilledEntry(db: Queryable, userId: number, symbol: string) {
  return db.botOrder.findFirst({
    where: { userId, symbol, purpose: 'entry', filledQty: { gt: 0 } },
    orderBy: { id: 'desc' },
    select: { decidedOn: true, filledAvgPrice: true },
  });
}
