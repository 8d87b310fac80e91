import type { Prisma } from '../generated/prisma/client.js';
import type { Queryable } from '../client.js';

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

const orderSelect = {
  id: true,
  clientOrderId: true,
  symbol: true,
  purpose: true,
  side: true,
  qty: true,
  request: true,
  decidedOn: true,
  status: true,
  brokerOrderId: true,
  filledQty: true,
  filledAvgPrice: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
} as const;

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

/** Inserts the intent as `pending`, or returns the row already stored under its client order id. */
export async function recordOrderIntent(db: Queryable, order: NewBotOrder): Promise<BotOrderRow> {
  await db.botOrder.createMany({ data: [{ ...order, status: 'pending' }], skipDuplicates: true });
  const row = await db.botOrder.findUniqueOrThrow({
    where: { userId_clientOrderId: { userId: order.userId, clientOrderId: order.clientOrderId } },
    select: orderSelect,
  });
  return row as BotOrderRow;
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

export async function updateOrderIntent(
  db: Queryable,
  userId: number,
  clientOrderId: string,
  change: BotOrderChange,
): Promise<void> {
  const { attempted, ...rest } = change;
  await db.botOrder.update({
    where: { userId_clientOrderId: { userId, clientOrderId } },
    data: { ...rest, ...(attempted ? { attempts: { increment: 1 } } : {}) },
  });
}

/** Intents not yet settled (UNSETTLED_ORDER_STATUSES), oldest first. */
export async function unsettledOrderIntents(db: Queryable, userId: number): Promise<BotOrderRow[]> {
  const rows = await db.botOrder.findMany({
    where: { userId, status: { in: [...UNSETTLED_ORDER_STATUSES] } },
    orderBy: { id: 'asc' },
    select: orderSelect,
  });
  return rows as BotOrderRow[];
}

export async function findOrderIntent(
  db: Queryable,
  userId: number,
  clientOrderId: string,
): Promise<BotOrderRow | null> {
  const row = await db.botOrder.findUnique({
    where: { userId_clientOrderId: { userId, clientOrderId } },
    select: orderSelect,
  });
  return row as BotOrderRow | null;
}

/** The broker's view of an order, as stored on its intent. */
export interface BrokerOrderState {
  clientOrderId: string;
  status: BotOrderStatus;
  brokerOrderId: string;
  filledQty: number;
  filledAvgPrice: number | null;
}

/** Stores the broker's view of an order on its intent (none stored for it: nothing changes). */
export async function recordBrokerOrderState(
  db: Queryable,
  userId: number,
  order: BrokerOrderState,
): Promise<void> {
  // One statement: updating no row is the "no intent" case.
  await db.botOrder.updateMany({
    where: { userId, clientOrderId: order.clientOrderId },
    data: {
      status: order.status,
      brokerOrderId: order.brokerOrderId,
      filledQty: order.filledQty,
      filledAvgPrice: order.filledAvgPrice,
    },
  });
}

/**
 * Client order ids of intents recorded as `pending`, never sent, and written within the last
 * `withinMs` of wall time: another process is sending them now. Measured on this process's wall
 * clock, the one that stamps updated_at (this is about processes, not the market).
 */
export async function inFlightOrderIntents(
  db: Queryable,
  userId: number,
  withinMs: number,
): Promise<Set<string>> {
  const rows = await db.botOrder.findMany({
    where: {
      userId,
      status: 'pending',
      attempts: 0,
      updatedAt: { gt: new Date(Date.now() - withinMs) },
    },
    select: { clientOrderId: true },
  });
  return new Set(rows.map((row) => row.clientOrderId));
}

/** The stored status of each of `clientOrderIds` that has an intent. */
export async function orderIntentStatuses(
  db: Queryable,
  userId: number,
  clientOrderIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db.botOrder.findMany({
    where: { userId, clientOrderId: { in: [...clientOrderIds] } },
    select: { clientOrderId: true, status: true },
  });
  return new Map(rows.map((row) => [row.clientOrderId, row.status]));
}

/** Symbols (of `symbols`, or all) with an unsettled closing intent: a close is under way. */
export async function closingSymbols(
  db: Queryable,
  userId: number,
  symbols?: readonly string[],
): Promise<Set<string>> {
  const rows = await db.botOrder.findMany({
    where: {
      userId,
      ...(symbols === undefined ? {} : { symbol: { in: [...symbols] } }),
      status: { in: [...UNSETTLED_ORDER_STATUSES] },
      purpose: { in: [...CLOSING_ORDER_PURPOSES] },
    },
    select: { symbol: true },
  });
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
