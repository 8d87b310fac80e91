import { Decider } from '../signals/decider.js';
import type { StockParams } from '../params.js';
import { decisionBarAt } from '../signals/decision-window.js';
import { levelMultiples } from '../signals/protective.js';
import { accountHalt, buyingPower, entryGate } from './account.js';
import { newSlot, PortfolioBook, type Slot } from './book.js';
import type {
  PortfolioHalt,
  PortfolioRun,
  PortfolioSettings,
  PortfolioStock,
  PortfolioWindow,
  SkippedEntries,
} from './types.js';

/**
 * The Final Trading List on one account, session by session, as the bot trades it on the demo
 * market: at each open the waiting market orders fill (stocks in alphabetical order, the simulated
 * broker's), then the bracket exits inside each bar; at each close the account is marked (cash +
 * signed shares × last close, alphabetical), its peak and drawdown halt move (`accountHalt`), and
 * each stock, in list order, decides its bar with its own `Decider` told the account's equity and
 * peak (`rebase`): an entry passes `entryGate` against the buying power the earlier entries of
 * that close left, and fills at the next open. Positions still open after the last session close
 * at its close (`end_of_data`). Pure and deterministic for a given seed.
 */
export function simulatePortfolio(
  stocks: readonly PortfolioStock[],
  settings: PortfolioSettings,
  window: PortfolioWindow,
): PortfolioRun {
  const to = window.to ?? Number.POSITIVE_INFINITY;
  const slots = stocks.map((s) => warmedSlot(s, settings, window.from));
  const byName = [...slots].sort((a, b) =>
    a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0,
  );
  const times = sessionTimes(slots, to);
  const n = times.length;
  const book = new PortfolioBook(settings);
  const equity = new Float64Array(n);
  const positions = new Uint16Array(n);
  const skipped: SkippedEntries = { halted: 0, busy: 0, too_big: 0 };
  const account = { peak: settings.initialCash, halted: false, halt: null as PortfolioHalt | null };
  for (let d = 0; d < n; d++) {
    const t = times[d] as number;
    for (const slot of byName) step(slot, t);
    for (const slot of byName) if (slot.pending !== null && slot.i >= 0) book.fillAtOpen(slot, t);
    for (const slot of byName) if (slot.held !== null && slot.i >= 0) book.protect(slot, t);
    let held = 0;
    for (const slot of byName) if (slot.held !== null) held++;
    positions[d] = held;
    if (d === n - 1) {
      for (const slot of byName)
        if (slot.held !== null) book.exit(slot, slot.mark, t, 'end_of_data');
      equity[d] = book.cash;
      break;
    }
    const marked = mark(book.cash, byName);
    equity[d] = marked.equity;
    const next = accountHalt(account.peak, account.halted, marked.equity, settings.max_drawdown);
    if (next.haltedNow) account.halt = { time: t, equity: marked.equity, peak: next.peak };
    account.peak = next.peak;
    account.halted = next.halted;
    decide(slots, settings, marked.equity, account, buyingPower(book.cash, marked.shorts), skipped);
  }
  return {
    times,
    equity,
    positions,
    trades: book.trades,
    halt: account.halt,
    skipped,
    initialCash: settings.initialCash,
    finalEquity: n === 0 ? settings.initialCash : book.cash,
  };
}

function newDecider(params: StockParams, settings: PortfolioSettings): Decider {
  return new Decider(params, {
    initial_balance: settings.initialCash,
    slippage_percent: settings.slippage_percent,
    trailing_stop_pct: settings.trailing_stop_pct,
    shortAtrThreshold: settings.shortAtrThreshold,
    ...(settings.allowShort === undefined ? {} : { allowShort: settings.allowShort }),
  });
}

/** A stock's Decider warmed on its bars before `from`. */
function warmedSlot(stock: PortfolioStock, settings: PortfolioSettings, from: number): Slot {
  const decider = newDecider(stock.params, settings);
  const slot = newSlot(stock.bars, stock.params, decider);
  slot.periods = stock.periods ?? null;
  const time = stock.bars.time;
  while (slot.next < time.length && (time[slot.next] as number) < from) {
    decider.warm(decisionBarAt(stock.bars, slot.next));
    slot.mark = stock.bars.close[slot.next] as number;
    slot.next++;
  }
  slot.decided = slot.next - 1;
  return slot;
}

/** Every session time at or after each stock's first traded bar up to `to`, ascending, once each. */
function sessionTimes(slots: readonly Slot[], to: number): Float64Array {
  let count = 0;
  for (const s of slots) count += s.bars.time.length - s.next;
  const all = new Float64Array(count);
  let k = 0;
  for (const s of slots)
    for (let i = s.next; i < s.bars.time.length; i++) all[k++] = s.bars.time[i] as number;
  all.sort();
  let m = 0;
  for (let i = 0; i < all.length; i++) {
    const t = all[i] as number;
    if (t > to) break;
    if (m === 0 || all[m - 1] !== t) all[m++] = t;
  }
  return all.slice(0, m);
}

/** Points the slot at its bar of session `t` (or none) and moves its mark. */
function step(slot: Slot, t: number): void {
  const time = slot.bars.time;
  if (slot.next < time.length && time[slot.next] === t) {
    slot.i = slot.next++;
    slot.mark = slot.bars.close[slot.i] as number;
  } else slot.i = -1;
}

/** Equity (cash + signed shares × mark, alphabetical, as the broker sums it) and the shorts' value. */
function mark(cash: number, byName: readonly Slot[]): { equity: number; shorts: number } {
  let equity = cash;
  let shorts = 0;
  for (const slot of byName) {
    const h = slot.held;
    if (h === null) continue;
    const value = h.side * h.quantity * slot.mark;
    equity += value;
    if (value < 0) shorts += value;
  }
  return { equity, shorts };
}

/** Each stock with a bar at this close decides it, in list order; entries spend the buying power. */
function decide(
  slots: readonly Slot[],
  settings: PortfolioSettings,
  equity: number,
  account: { peak: number; halted: boolean },
  power: number,
  skipped: SkippedEntries,
): void {
  let left = power;
  for (const slot of slots) {
    if (slot.i < 0 || !onList(slot, settings)) continue;
    slot.decided = slot.i;
    slot.decider.rebase(account.peak);
    const bar = decisionBarAt(slot.bars, slot.i);
    const intent = slot.decider.update(bar, equity).intent;
    if (intent === null) continue;
    if (intent.kind === 'exit') {
      if (slot.held !== null && slot.pending === null) slot.pending = intent;
      continue;
    }
    const cost = intent.quantity * bar.close;
    const gate = entryGate(account.halted, slot.held === null && slot.pending !== null, cost, left);
    if (gate !== 'send') {
      skipped[gate]++;
      continue;
    }
    slot.pending = { kind: 'enter', side: intent.side, quantity: intent.quantity };
    left -= cost;
  }
}

/**
 * Whether the stock is on the list at its bar `slot.i`. Back on it after sessions off it, or with
 * other parameters, its Decider is rebuilt as the bot rebuilds one at each close: every earlier
 * bar warms it and a held position is reported as the entry it came from.
 */
function onList(slot: Slot, settings: PortfolioSettings): boolean {
  if (slot.periods === null) return true;
  const t = slot.bars.time[slot.i] as number;
  const period = slot.periods.find((p) => p.from <= t && t < p.to);
  if (period === undefined) return false;
  if (period.params === slot.params && slot.decided === slot.i - 1) return true;
  const decider = newDecider(period.params, settings);
  for (let k = 0; k < slot.i; k++) decider.warm(decisionBarAt(slot.bars, k));
  const h = slot.held;
  if (h !== null) decider.entered(h.side, h.quantity, h.entryPrice, t);
  slot.decider = decider;
  slot.params = period.params;
  slot.levels = levelMultiples(period.params);
  return true;
}
