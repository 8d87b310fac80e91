import { botTick } from '@tradebot/api-contract';
import {
  closingSymbols,
  entryRequests,
  finalListParameters,
  findOrderIntent,
  isUnsettledStatus,
  isWorkingStatus,
  orderIntentStatuses,
  type Db,
} from '@tradebot/db';
import {
  BrokerError,
  isoFromDay,
  newYorkDayOf,
  type BrokerOrder,
  type BrokerPort,
  type BrokerPosition,
} from '@tradebot/market';
import { levelMultiples } from '@tradebot/strategy';
import { storedParameters } from '../../stock-lists/stored-parameters.js';
import { protectOrderId } from '../orders/order-ids.js';
import type { TickJournal } from './journal.js';
import { placeOrder } from '../orders/place-order.js';
import { logIgnored } from '../log-ignored.js';

/** Tries per position, quantity and New York day (each a fresh id after a refusal). */
const MAX_TRIES = 5;

export interface ProtectContext {
  db: Db;
  broker: BrokerPort;
  userId: number;
  /** Market time. */
  now: number;
  journal: TickJournal;
}

/** A held position's stop-loss and take-profit as prices, and where the multiples came from. */
export interface ProtectiveLevels {
  stop: number;
  target: number;
  /** Levels a bracket set from its reference price (Alpaca's legs), also accepted as they are. */
  alsoAccepted: { stop: number; target: number } | null;
}

/** Alpaca's increments: whole cents at $1 and above, 4 decimals below (half a step either way). */
function tolerance(price: number): number {
  return price >= 1 ? 0.0051 : 0.000051;
}

function near(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= tolerance(expected);
}

/** Every open order and every leg it carries, once each. */
function flatten(orders: readonly BrokerOrder[]): BrokerOrder[] {
  const seen = new Map<string, BrokerOrder>();
  for (const o of orders) for (const x of [o, ...(o.legs ?? [])]) seen.set(x.id, x);
  return [...seen.values()];
}

const isOpen = (o: BrokerOrder) => isWorkingStatus(o.status);

/**
 * What protects `position` now: the closing-side orders other than market orders (a bracket's
 * legs, an OCO, the simulated broker's one exit holding both levels), and whether they are right:
 * exactly one stop-loss and one take-profit, each for the whole position, at the levels.
 * Null when the position is "busy": an order on its opening side (an entry still filling, whose
 * bracket protects once it has filled) or a closing market order (it holds the shares and will
 * close the position).
 */
export function protectionOf(
  position: Pick<BrokerPosition, 'symbol' | 'qty'>,
  openOrders: readonly BrokerOrder[],
  levels: ProtectiveLevels,
): { ok: boolean; why: string; protective: BrokerOrder[] } | null {
  const closing = position.qty > 0 ? 'sell' : 'buy';
  const held = Math.abs(position.qty);
  const mine = flatten(openOrders).filter((o) => o.symbol === position.symbol && isOpen(o));
  if (mine.some((o) => o.side !== closing || o.type === 'market')) return null;
  const stops = mine.filter((o) => o.stopPrice !== null);
  // A take-profit: a limit order, or the simulated broker's one exit holding both levels (a stop
  // or trailing stop with a limit); a stop-limit's limit is its stop's, not a target.
  const targets = mine.filter(
    (o) =>
      o.limitPrice !== null &&
      (o.type === 'limit' || (o.stopPrice !== null && o.type !== 'stop_limit')),
  );
  if (stops.length === 0 || targets.length === 0)
    return { ok: false, why: botTick.protectionMissing, protective: mine };
  if (stops.length > 1 || targets.length > 1 || mine.some((o) => o.qty - o.filledQty !== held))
    return { ok: false, why: botTick.protectionWrongQty(held), protective: mine };
  const stop = stops[0] as BrokerOrder;
  const target = targets[0] as BrokerOrder;
  const stopOk = (expected: number) =>
    stop.type === 'trailing_stop'
      ? // A trailing stop only ever tightens: at or beyond the fixed stop-loss is right.
        closing === 'sell'
        ? (stop.stopPrice as number) >= expected - tolerance(expected)
        : (stop.stopPrice as number) <= expected + tolerance(expected)
      : near(stop.stopPrice as number, expected);
  const levelOk = (l: { stop: number; target: number }) =>
    stopOk(l.stop) && near(target.limitPrice as number, l.target);
  if (!levelOk(levels) && !(levels.alsoAccepted !== null && levelOk(levels.alsoAccepted)))
    return { ok: false, why: botTick.protectionWrongLevel, protective: mine };
  return { ok: true, why: '', protective: mine };
}

/** The levels the rules give a position: its average entry price × the stored multiples. */
export function levelsFor(
  position: Pick<BrokerPosition, 'qty' | 'avgEntryPrice'>,
  parameters: unknown,
  entryBracket: unknown,
): ProtectiveLevels {
  const m = levelMultiples({ ...storedParameters(parameters), risk_per_trade: 0 });
  const long = position.qty > 0;
  const p = position.avgEntryPrice;
  const levels: ProtectiveLevels = {
    stop: p * (long ? m.longStopAt : m.shortStopAt),
    target: p * (long ? m.longTargetAt : m.shortTargetAt),
    alsoAccepted: null,
  };
  const b = entryBracket as {
    stopLossAt?: number;
    takeProfitAt?: number;
    referencePrice?: number;
  } | null;
  if (b?.referencePrice !== undefined && b.stopLossAt !== undefined && b.takeProfitAt !== undefined)
    levels.alsoAccepted = {
      stop: b.referencePrice * b.stopLossAt,
      target: b.referencePrice * b.takeProfitAt,
    };
  return levels;
}

/** What the bot knows of the positions it holds: its entries, their parameters, busy symbols. */
async function botBook(db: Db, userId: number, symbols: string[]) {
  const [entry, listed, busy] = await Promise.all([
    // Filled as last seen, or not settled since (a fill the next reconcile records).
    entryRequests(db, userId, symbols),
    finalListParameters(db, userId, symbols),
    // A close under way: left to that order (an entry still working shows at the broker).
    closingSymbols(db, userId, symbols),
  ]);
  return { entry, parameters: new Map(listed.map((row) => [row.symbol, row.parameters])), busy };
}

/**
 * Design "The tick" step 5: every position the bot entered has its stop-loss and take-profit at
 * the broker for the quantity held, at the levels the rules give from the entry fill (average
 * entry price × the stored parameters' multiples; an Alpaca bracket's legs set from the deciding
 * close are accepted too). Missing, the wrong size (a partial fill whose entry was cancelled with
 * its legs, a partial exit) or the wrong level → the wrong orders are cancelled and one OCO for
 * the held quantity goes out through `placeOrder` (intent first, `protectOrderId`). Skipped while
 * an entry for the symbol is still working or a closing order is under way. `symbols` limits the
 * check (a refused close restores its own); `openOrders` is read when not given.
 */
export async function protectPositions(
  ctx: ProtectContext,
  positions: readonly BrokerPosition[],
  options: { symbols?: readonly string[]; openOrders?: readonly BrokerOrder[] } = {},
): Promise<number> {
  const held = positions.filter(
    (p) => p.qty !== 0 && (options.symbols === undefined || options.symbols.includes(p.symbol)),
  );
  if (held.length === 0) return 0;
  const book = await botBook(
    ctx.db,
    ctx.userId,
    held.map((p) => p.symbol),
  );
  let openOrders = options.openOrders ?? null;
  let placed = 0;
  for (const position of held) {
    const entry = book.entry.get(position.symbol) as { bracket?: unknown } | undefined;
    // Not the bot's position (bought by hand at the broker), or a close is under way.
    if (entry === undefined || book.busy.has(position.symbol)) continue;
    const parameters = book.parameters.get(position.symbol);
    // No rules to protect by: not on the list any more and entered without a bracket.
    if (parameters === undefined && entry.bracket == null) continue;
    const levels = levelsFor(position, parameters ?? fromBracket(entry.bracket), entry.bracket);
    openOrders ??= await ctx.broker.listOpenOrders();
    const found = protectionOf(position, openOrders, levels);
    if (found === null || found.ok) continue;
    if (await protectOne(ctx, position, levels, found)) placed++;
  }
  return placed;
}

/** Stored parameters rebuilt from an entry's bracket multiples (a symbol no longer listed). */
function fromBracket(bracket: unknown): Record<string, number> {
  const b = (bracket ?? {}) as { stopLossAt?: number; takeProfitAt?: number };
  if (b.stopLossAt === undefined || b.takeProfitAt === undefined) return {};
  // The multiples serve either side: the same percentages apply to a long and a short.
  const stop = Math.abs(1 - b.stopLossAt) * 100;
  const target = Math.abs(b.takeProfitAt - 1) * 100;
  return {
    stop_loss_percentage: stop,
    take_profit_percentage: target,
    short_stop_loss_percentage: stop,
    short_take_profit_percentage: target,
  };
}

async function protectOne(
  ctx: ProtectContext,
  position: BrokerPosition,
  levels: ProtectiveLevels,
  found: { why: string; protective: BrokerOrder[] },
): Promise<boolean> {
  const { db, broker, userId, journal, now } = ctx;
  const symbol = position.symbol;
  const qty = Math.abs(position.qty);
  const side = position.qty > 0 ? ('sell' as const) : ('buy' as const);
  const winning = side === 'sell' ? levels.target > levels.stop : levels.target < levels.stop;
  if (!(levels.stop > 0 && winning)) {
    journal.log('error', botTick.protectionImpossible(symbol));
    return false;
  }
  const date = isoFromDay(newYorkDayOf(now));
  const ids = Array.from({ length: MAX_TRIES }, (_, k) =>
    protectOrderId(userId, symbol, qty, date, k + 1),
  );
  const tried = await orderIntentStatuses(db, userId, ids);
  const ended = new Set(ids.filter((id) => tried.has(id) && !isUnsettledStatus(tried.get(id)!)));
  // Out of tries for today: what protects the position now stays as it is.
  if (ids.every((id) => ended.has(id))) return false;
  // The wrong ones first: they hold the shares the OCO needs (one leg cancels its group).
  for (const o of found.protective) {
    try {
      await broker.cancelOrder(o.id);
    } catch (error) {
      if (!(error instanceof BrokerError)) throw error;
      logIgnored(userId, `cancel of ${o.clientOrderId} before the OCO refused`, error);
    }
  }
  // Still held as read? A level filled or a close went through meanwhile: the next check sees it.
  const still = (await broker.getPositions()).find((p) => p.symbol === symbol);
  if (still === undefined || still.qty !== position.qty) return false;
  for (const clientOrderId of ids) {
    if (ended.has(clientOrderId)) continue;
    const row = await findOrderIntent(db, userId, clientOrderId);
    if (row !== null && !isUnsettledStatus(row.status)) continue;
    const outcome = await placeOrder(db, broker, {
      userId,
      purpose: 'protective',
      decidedOn: null,
      at: new Date(now),
      request: {
        symbol,
        qty,
        side,
        type: 'limit',
        timeInForce: 'gtc',
        oco: { stopPrice: levels.stop, limitPrice: levels.target },
        clientOrderId,
      },
    });
    if (outcome.kind === 'placed') {
      // Ended at the broker meanwhile (cancelled by hand, a fill): the next id.
      if (!isOpen(outcome.order) && outcome.order.status !== 'filled') continue;
      // Sent now (not an order found working from an earlier tick): logged and notified once.
      if (row === null || !isWorkingStatus(row.status)) {
        journal.sent();
        const message = botTick.protectionPlaced(
          symbol,
          qty,
          levels.stop,
          levels.target,
          found.why,
        );
        journal.log('info', message, `${clientOrderId}:sent`);
        journal.notify(message, 'info', { eventKey: `${clientOrderId}:sent` });
      }
      return true;
    }
    if (outcome.kind === 'unknown') {
      journal.log('warn', botTick.orderLost(symbol, clientOrderId));
      return true;
    }
    const message = botTick.protectionFailed(symbol, outcome.error.message);
    journal.log('error', message);
    journal.notify(message, 'failed');
    return false;
  }
  return false;
}
