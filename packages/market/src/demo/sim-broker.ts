import { randomUUID } from 'node:crypto';
import { buyingPower } from '@tradebot/strategy';
import { DAY_MS, isoFromDay } from '../calendar/days.js';
import { currentOrNextSession, nextTradingDay, type TradingSession } from '../calendar/nyse.js';
import {
  BrokerError,
  type BrokerAccount,
  type BrokerFill,
  type BrokerOrder,
  type BrokerPort,
  type BrokerPosition,
  type BrokerSnapshot,
  type OrderRequest,
} from '../ports/broker.port.js';
import type { MarketDataPort } from '../ports/market-data.port.js';
import { SimBook, type SimCosts } from './sim-book.js';
import { bookBefore, equityAt, previousSession } from './sim-last-equity.js';
import type { SimBrokerStore, SimLedger, SimOpening, SimOrder } from './sim-ledger.js';
import { fillMarket, settle } from './sim-settle.js';
import { openOf, simBrokerMessages, toBrokerOrder } from './sim-broker-orders.js';
import { validateSimOrder } from './sim-validate.js';

export interface SimBrokerOptions {
  store: SimBrokerStore;
  /** The demo market: its clock decides which bars have completed, its bars fill the orders. */
  market: Pick<MarketDataPort, 'clock' | 'getDailyBars' | 'getLatestTrade'> & {
    /** The opening price of the session in progress (null outside one): the demo market's. */
    getSessionOpen?(symbol: string): Promise<number | null>;
  };
  userId: number;
  /** The user's backtest settings' costs, so fills follow the backtester's rules. */
  costs: SimCosts;
  /** Used once, when the user's account is first touched. */
  opening: SimOpening;
}

/** Calendar days looked back for the last close that marks a position. */
const MARK_LOOKBACK_DAYS = 14;

/** A simulated broker's order id (cancelOrder looks up only ids of this shape). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The simulated broker on the demo market: the broker port over a per-user account
 * in PostgreSQL, filling orders by the backtester's rules (`@tradebot/strategy` fills/) on the demo
 * market's daily bars. Fill on read: every call first fills what the bars completed since the last
 * call (`settle`), in the same transaction as its own change, so the state is always as of the
 * demo clock and nothing needs a timer. An order fills from the first session that opens after it
 * was placed, once that session's bar has completed (the demo market shows a bar at its close);
 * a fill at the open carries the session's opening time, one inside the bar its closing time.
 */
export class SimBroker implements BrokerPort {
  constructor(private readonly o: SimBrokerOptions) {}

  private now(): number {
    return this.o.market.clock.now();
  }

  /** The session in progress at the clock's now (opened, not yet closed), else null. */
  private inSession(now: number): TradingSession | null {
    const session = currentOrNextSession(now);
    return session.open <= now && now < session.close ? session : null;
  }

  /**
   * One transaction: settle, then `work` on the settled book; writes both or neither. With
   * `clientOrderId`, the ledger comes with that order loaded (see SimBrokerStore.transact).
   */
  private run<T>(
    work: (book: SimBook, ledger: SimLedger) => Promise<T>,
    clientOrderId?: string,
  ): Promise<T> {
    const { store, userId, opening, costs, market } = this.o;
    const now = this.now();
    const today = isoFromDay(Math.floor(now / DAY_MS) + 1);
    const session = this.inSession(now);
    const sessionOpen = market.getSessionOpen?.bind(market);
    return store.transact(
      userId,
      opening,
      async (ledger) => {
        const book = new SimBook(ledger);
        await settle(book, {
          costs,
          bars: (symbol, from) =>
            market.getDailyBars(symbol, { from: isoFromDay(Math.round(from / DAY_MS)), to: today }),
          ...(session !== null && sessionOpen !== undefined
            ? { opened: { session, open: sessionOpen } }
            : {}),
        });
        const value = await work(book, ledger);
        return { changes: book.changes(), value };
      },
      clientOrderId === undefined ? {} : { clientOrderId },
    );
  }

  /** The price a position is marked at: the last trade during a session, else the last close. */
  private async lastClose(symbol: string): Promise<number | null> {
    if (this.inSession(this.now()) !== null) {
      const trade = await this.o.market.getLatestTrade(symbol);
      if (trade !== null) return trade.price;
    }
    return this.closeOn(symbol, Math.floor(this.now() / DAY_MS) + 1);
  }

  /** The close of `symbol` on `day`'s bar (or the last one before it), null without one. */
  private async closeOn(symbol: string, day: number): Promise<number | null> {
    const bars = await this.o.market.getDailyBars(symbol, {
      from: isoFromDay(day - MARK_LOOKBACK_DAYS),
      to: isoFromDay(day),
    });
    const n = bars.close.length;
    return n === 0 ? null : (bars.close[n - 1] as number);
  }

  /**
   * Cash, positions and open orders as of one settled transaction, positions marked; with
   * `lastEquity`, also the equity at the previous session's close: this transaction's book with
   * the fills made since undone, each position marked at that session's close.
   */
  private async settled(lastEquity = false): Promise<{
    cash: number;
    positions: BrokerPosition[];
    openOrders: BrokerOrder[];
    lastEquity: number | null;
  }> {
    const previous = previousSession(this.now());
    const { cash, held, openOrders, since } = await this.run(async (book, ledger) => ({
      cash: book.cash,
      held: book.allPositions(),
      openOrders: openOf(book),
      // Stored fills, then this transaction's own (written after `work`).
      since: lastEquity
        ? [
            ...(await ledger.fillsAfter(previous.close)),
            ...book.fills.filter((f) => f.time > previous.close),
          ]
        : null,
    }));
    const positions: BrokerPosition[] = [];
    for (const p of held.sort((a, b) => (a.symbol < b.symbol ? -1 : 1))) {
      const close = await this.lastClose(p.symbol);
      positions.push({
        symbol: p.symbol,
        qty: p.qty,
        side: p.qty < 0 ? 'short' : 'long',
        avgEntryPrice: p.avgEntryPrice,
        currentPrice: close,
        marketValue: close === null ? null : p.qty * close,
        unrealizedPl: close === null ? null : p.qty * (close - p.avgEntryPrice),
      });
    }
    const closed =
      since === null
        ? null
        : await equityAt(bookBefore(cash, held, since), (symbol) =>
            this.closeOn(symbol, previous.day),
          );
    return { cash, positions, openOrders, lastEquity: closed };
  }

  async getPositions(): Promise<BrokerPosition[]> {
    return (await this.settled()).positions;
  }

  async getAccount(): Promise<BrokerAccount> {
    const { cash, positions, lastEquity } = await this.settled(true);
    return this.account(cash, positions, lastEquity);
  }

  /**
   * Account, positions and open orders from one settled transaction (a tick's one read), and with
   * `fillsSince` the fills since then, read once that transaction has stored its own.
   */
  async snapshot(options: { fillsSince?: number } = {}): Promise<BrokerSnapshot> {
    const { cash, positions, openOrders, lastEquity } = await this.settled(true);
    const snapshot: BrokerSnapshot = {
      account: this.account(cash, positions, lastEquity),
      positions,
      openOrders,
    };
    if (options.fillsSince !== undefined)
      snapshot.fills = await this.storedFills(options.fillsSince);
    return snapshot;
  }

  /**
   * Equity: cash plus each position marked to its last close (cash + signed shares × close, as
   * the backtester marks it); buying power: cash less what covering the shorts would cost;
   * last equity: the equity at the previous session's close.
   */
  private account(
    cash: number,
    positions: readonly BrokerPosition[],
    lastEquity: number | null,
  ): BrokerAccount {
    let equity = cash;
    let shorts = 0;
    for (const p of positions) {
      const value = p.marketValue ?? p.qty * p.avgEntryPrice;
      equity += value;
      if (value < 0) shorts += value;
    }
    return {
      status: 'ACTIVE',
      accountNumber: this.o.opening.accountNumber,
      currency: 'USD',
      equity,
      cash,
      buyingPower: buyingPower(cash, shorts),
      lastEquity,
      patternDayTrader: false,
      tradingBlocked: false,
    };
  }

  async submitOrder(req: OrderRequest): Promise<BrokerOrder> {
    const now = this.now();
    const checked = validateSimOrder(req);
    const symbol = req.symbol.trim().toUpperCase();
    const last = await this.o.market.getLatestTrade(symbol);
    if (last === null) throw new BrokerError('rejected', simBrokerMessages.unknownSymbol(symbol));
    const session = currentOrNextSession(now);
    const firstDay = session.open > now ? session.day : nextTradingDay(session.day);
    // During a session a market order (not one for the opening auction) fills at the last trade.
    const atMarket =
      checked.type === 'market' && req.timeInForce !== 'opg' ? this.inSession(now) : null;
    return this.run(async (book, ledger) => {
      const existing =
        book.byClientId(req.clientOrderId) ?? (await ledger.orderByClientId(req.clientOrderId));
      if (existing !== null) return toBrokerOrder(book.get(existing.id) ?? existing);
      const order = book.add({
        clientOrderId: req.clientOrderId,
        symbol,
        side: req.side,
        type: checked.type,
        timeInForce: req.timeInForce,
        qty: req.qty,
        filledQty: 0,
        filledAvgPrice: null,
        limitPrice: req.oco
          ? req.oco.limitPrice
          : req.type === 'limit'
            ? (req.limitPrice ?? null)
            : null,
        stopPrice: req.oco
          ? req.oco.stopPrice
          : req.type === 'stop'
            ? (req.stopPrice ?? null)
            : null,
        trail: checked.trail,
        extreme: checked.trail === null ? null : last.price,
        bracket: req.bracket ?? null,
        parentId: null,
        status: 'new',
        firstBar: (atMarket?.day ?? firstDay) * DAY_MS,
        submittedAt: now,
        filledAt: null,
        endedAt: null,
      });
      if (atMarket !== null) this.fillNow(book, order, last.price, atMarket, now);
      return toBrokerOrder(order);
    }, req.clientOrderId);
  }

  /** Fills a market order sent during `session` at `price` (the last trade), at `now`. */
  private fillNow(book: SimBook, o: SimOrder, price: number, session: TradingSession, now: number) {
    fillMarket(book, this.o.costs, o, price, session.day * DAY_MS, now);
  }

  async getOrderByClientId(clientOrderId: string): Promise<BrokerOrder | null> {
    return this.run(async (book, ledger) => {
      const o = book.byClientId(clientOrderId) ?? (await ledger.orderByClientId(clientOrderId));
      return o === null ? null : toBrokerOrder(book.get(o.id) ?? o);
    }, clientOrderId);
  }

  /** Several orders by client order id from one settled transaction. */
  async getOrdersByClientIds(ids: readonly string[]): Promise<Map<string, BrokerOrder | null>> {
    return this.run(async (book, ledger) => {
      const found = new Map<string, BrokerOrder | null>();
      for (const id of ids) {
        const o = book.byClientId(id) ?? (await ledger.orderByClientId(id));
        found.set(id, o === null ? null : toBrokerOrder(book.get(o.id) ?? o));
      }
      return found;
    });
  }

  async listOpenOrders(): Promise<BrokerOrder[]> {
    return this.run(async (book) => openOf(book));
  }

  /** Cancels what is left of an open order; an already canceled or expired one is left as is. */
  async cancelOrder(id: string): Promise<void> {
    const now = this.now();
    await this.run(async (book, ledger) => {
      const open = book.open.get(id);
      if (open !== undefined) return book.end(open, 'canceled', now);
      const o = UUID.test(id) ? (book.get(id) ?? (await ledger.orderById(id))) : null;
      if (o === null) throw new BrokerError('not_found', simBrokerMessages.orderNotFound);
      if (o.status === 'filled') throw new BrokerError('rejected', simBrokerMessages.orderFilled);
    });
  }

  /**
   * Closes the whole position with a market order (at the last trade during a session, else at
   * the next open), cancelling the open orders on the closing side first (its bracket exit); a
   * second call while that order is open returns it.
   */
  async closePosition(symbol: string): Promise<BrokerOrder> {
    const sym = symbol.trim().toUpperCase();
    const now = this.now();
    const session = currentOrNextSession(now);
    const firstDay = session.open > now ? session.day : nextTradingDay(session.day);
    const atMarket = this.inSession(now);
    const last = atMarket === null ? null : await this.o.market.getLatestTrade(sym);
    return this.run(async (book) => {
      const qty = book.position(sym);
      if (qty === 0) throw new BrokerError('not_found', simBrokerMessages.noPosition(sym));
      const side = qty > 0 ? 'sell' : 'buy';
      for (const o of [...book.open.values()]) {
        if (o.symbol !== sym || o.side !== side) continue;
        if (o.type === 'market' && o.parentId === null && o.clientOrderId.startsWith('close:'))
          return toBrokerOrder(o);
        book.end(o, 'canceled', now);
      }
      const order = book.add({
        clientOrderId: `close:${sym}:${randomUUID()}`,
        symbol: sym,
        side,
        type: 'market',
        timeInForce: 'day',
        qty: Math.abs(qty),
        filledQty: 0,
        filledAvgPrice: null,
        limitPrice: null,
        stopPrice: null,
        trail: null,
        extreme: null,
        bracket: null,
        parentId: null,
        status: 'new',
        firstBar: (atMarket?.day ?? firstDay) * DAY_MS,
        submittedAt: now,
        filledAt: null,
        endedAt: null,
      });
      if (atMarket !== null && last !== null) this.fillNow(book, order, last.price, atMarket, now);
      return toBrokerOrder(order);
    });
  }

  async getFills(since: number): Promise<BrokerFill[]> {
    await this.run(async () => undefined);
    return this.storedFills(since);
  }

  /** The stored fills since `since`: settled ones, as a settling transaction committed them. */
  private async storedFills(since: number): Promise<BrokerFill[]> {
    const fills = await this.o.store.listFills(this.o.userId, since);
    return fills.map((f) => {
      const fill: BrokerFill = {
        id: f.id,
        orderId: f.orderId,
        symbol: f.symbol,
        side: f.side,
        qty: f.qty,
        price: f.price,
        time: f.time,
        commission: f.commission,
      };
      if (f.reason !== null) fill.reason = f.reason;
      return fill;
    });
  }
}
