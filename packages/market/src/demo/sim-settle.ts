import {
  activeStop,
  entryFillQuantity,
  levelFill,
  nextExtreme,
  slippedPrice,
  type Bars,
  type FillBar,
} from '@tradebot/strategy';
import { DAY_MS } from '../calendar/days.js';
import { sessionOf, type TradingSession } from '../calendar/nyse.js';
import type { SimBook, SimCosts } from './sim-book.js';
import type { SimOrder } from './sim-ledger.js';

export interface SettleContext {
  costs: SimCosts;
  /** Completed daily bars of `symbol` from the bar at `fromTime` (UTC midnight of its date) on. */
  bars(symbol: string, fromTime: number): Promise<Bars>;
  /**
   * The session in progress at the clock's now (opened, its bar not yet completed), with each
   * symbol's opening price; absent outside a session.
   */
  opened?: { session: TradingSession; open(symbol: string): Promise<number | null> };
}

/**
 * Fills the open orders on every daily bar that has completed since they were placed (fill on
 * read: the broker calls this at the start of each request, inside its transaction), bar by bar
 * across symbols in the README's order: at each bar's open the market orders (entries through the
 * partial-fill draw and the cash cut), then inside the bar the stop, limit, trailing-stop and
 * bracket-exit orders (the open first, the stop before the target), including an exit its entry
 * placed at that open. A `day` order ends with its first bar, an `opg` one at its open. Once the
 * clock has passed a session's open, the market orders waiting for it fill at its opening price
 * (`opened`) without waiting for its bar to complete.
 */
export async function settle(book: SimBook, ctx: SettleContext): Promise<void> {
  if (book.open.size === 0) return;
  await settleCompleted(book, ctx);
  if (ctx.opened !== undefined && book.open.size > 0) await settleOpened(book, ctx, ctx.opened);
}

/** The market orders due at the open of the session in progress, filled at its opening price. */
async function settleOpened(
  book: SimBook,
  ctx: SettleContext,
  opened: NonNullable<SettleContext['opened']>,
): Promise<void> {
  const t = opened.session.day * DAY_MS;
  const symbols = new Set<string>();
  for (const o of book.open.values())
    if (o.type === 'market' && o.firstBar <= t) symbols.add(o.symbol);
  for (const symbol of [...symbols].sort()) {
    const open = await opened.open(symbol);
    if (open === null) continue;
    atOpen(book, ctx.costs, symbol, { open, high: open, low: open }, t, opened.session);
  }
}

async function settleCompleted(book: SimBook, ctx: SettleContext): Promise<void> {
  const from = new Map<string, number>();
  for (const o of book.open.values())
    from.set(o.symbol, Math.min(from.get(o.symbol) ?? Infinity, o.firstBar));
  const series = new Map<string, Bars>();
  const times = new Set<number>();
  for (const [symbol, t] of [...from].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const bars = await ctx.bars(symbol, t);
    series.set(symbol, bars);
    for (const time of bars.time) times.add(time);
  }
  const cursor = new Map<string, number>();
  for (const t of [...times].sort((a, b) => a - b)) {
    const session = sessionOf(Math.round(t / DAY_MS));
    if (session === null) continue;
    const today: [string, FillBar][] = [];
    for (const [symbol, bars] of series) {
      let k = cursor.get(symbol) ?? 0;
      while (k < bars.time.length && (bars.time[k] as number) < t) k++;
      cursor.set(symbol, k);
      if (bars.time[k] === t)
        today.push([
          symbol,
          {
            open: bars.open[k] as number,
            high: bars.high[k] as number,
            low: bars.low[k] as number,
          },
        ]);
    }
    for (const [symbol, bar] of today) atOpen(book, ctx.costs, symbol, bar, t, session);
    for (const [symbol, bar] of today) insideBar(book, ctx.costs, symbol, bar, t, session);
  }
}

function due(book: SimBook, symbol: string, t: number, market: boolean): SimOrder[] {
  return [...book.open.values()]
    .filter((o) => o.symbol === symbol && o.firstBar <= t && (o.type === 'market') === market)
    .sort((a, b) => a.submittedAt - b.submittedAt || (a.id < b.id ? -1 : 1));
}

/** The order has had its chance on bar t: a later settle starts from the next bar. */
function passed(book: SimBook, o: SimOrder, t: number): void {
  o.firstBar = t + DAY_MS;
  book.touch(o);
}

/** Shares an order fills: an entry through the draw and the cash cut, an exit all that is left. */
function fillQuantity(book: SimBook, costs: SimCosts, o: SimOrder, price: number): number {
  const remaining = o.qty - o.filledQty;
  if (!book.isEntry(o.symbol, o.side)) return remaining;
  return entryFillQuantity(
    remaining,
    o.side,
    book.cash,
    price,
    costs.commissionPerShare,
    costs.partialFillProbability,
    book.draw,
  );
}

function atOpen(
  book: SimBook,
  costs: SimCosts,
  symbol: string,
  bar: FillBar,
  t: number,
  session: TradingSession,
): void {
  for (const o of due(book, symbol, t, true)) fillMarket(book, costs, o, bar.open, t, session.open);
}

/**
 * Fills market order `o` at `base` (the open, or the last trade during a session) with the
 * slippage, at time `at` of the session of bar `t`; a bracket entry places its exit.
 */
export function fillMarket(
  book: SimBook,
  costs: SimCosts,
  o: SimOrder,
  base: number,
  t: number,
  at: number,
): void {
  passed(book, o, t);
  const price = slippedPrice(base, o.side, costs.slippagePercent / 100);
  const q = fillQuantity(book, costs, o, price);
  if (q > 0) book.fill(o, q, price, costs.commissionPerShare, at, null);
  if (o.status === 'filled') {
    placeBracket(book, o, price, t, at);
    return;
  }
  // The rest of a partial entry is cancelled (README "Partial fills"): an opening-auction or day
  // order ends here; a gtc one waits for the next open.
  if (o.timeInForce === 'opg' || o.timeInForce === 'day') {
    book.end(o, o.timeInForce === 'opg' ? 'expired' : 'canceled', at);
    if (o.filledQty > 0) placeBracket(book, o, price, t, at);
  }
}

/**
 * The exit a bracket entry carries, for what it filled, checked from bar `t` on: one order
 * holding the stop-loss and the take-profit (and the trailing stop), like an OCO.
 */
function placeBracket(book: SimBook, entry: SimOrder, price: number, t: number, at: number): void {
  const b = entry.bracket;
  if (b === null) return;
  const trailing = b.trail > 0;
  book.add({
    clientOrderId: `${entry.clientOrderId}:exit`,
    symbol: entry.symbol,
    side: entry.side === 'buy' ? 'sell' : 'buy',
    type: trailing ? 'trailing_stop' : 'stop',
    timeInForce: 'gtc',
    qty: entry.filledQty,
    filledQty: 0,
    filledAvgPrice: null,
    limitPrice: price * b.takeProfitAt,
    stopPrice: price * b.stopLossAt,
    trail: trailing ? b.trail : null,
    extreme: price,
    bracket: null,
    parentId: entry.id,
    status: 'new',
    firstBar: t,
    submittedAt: at,
    filledAt: null,
    endedAt: null,
  });
}

/** The stop an order holds for the coming bar (a trailing stop's from its best price so far). */
export function stopLevel(o: SimOrder): number | null {
  if (o.type !== 'trailing_stop') return o.stopPrice;
  const none = o.side === 'sell' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  return activeStop(o.side, o.stopPrice ?? none, o.extreme as number, o.trail ?? 0);
}

function insideBar(
  book: SimBook,
  costs: SimCosts,
  symbol: string,
  bar: FillBar,
  t: number,
  session: TradingSession,
): void {
  const slippage = costs.slippagePercent / 100;
  for (const o of due(book, symbol, t, false)) {
    if (!book.open.has(o.id)) continue; // canceled by an earlier fill on this bar
    passed(book, o, t);
    const stop = stopLevel(o);
    const hit = levelFill(o.side, bar, stop, o.limitPrice);
    if (hit === null) {
      if (o.type === 'trailing_stop') {
        o.extreme = nextExtreme(o.side, o.extreme as number, bar);
        book.touch(o);
      }
    } else {
      const price = slippedPrice(hit.price, o.side, slippage);
      const time = hit.atOpen ? session.open : session.close;
      const exit = !book.isEntry(o.symbol, o.side);
      const reason = !exit
        ? null
        : hit.leg === 'target'
          ? 'take_profit'
          : o.stopPrice !== null && stop === o.stopPrice
            ? 'stop_loss'
            : 'trailing_stop';
      const q = fillQuantity(book, costs, o, price);
      if (q > 0) book.fill(o, q, price, costs.commissionPerShare, time, reason);
      else if (o.timeInForce !== 'gtc') book.end(o, 'canceled', time);
    }
    if (book.open.has(o.id) && o.timeInForce === 'day') book.end(o, 'expired', session.close);
  }
}
