import type { PortfolioTrade } from './types.js';

const DAY_MS = 86_400_000;

/** Why a twin trade was not made live as the twin made it, or why a live trade has no twin. */
export type TwinReason =
  | 'not_filled'
  | 'partially_filled'
  | 'rejected'
  | 'halted'
  | 'bot_stopped'
  | 'manual_sell'
  | 'kill_switch'
  | 'late_tick';

/** A closed round trip of the bot (bot_trades): fill prices, `netPnl` after commissions. */
export interface LiveTrip {
  symbol: string;
  side: 'long' | 'short';
  quantity: number;
  entryTime: number;
  exitTime: number;
  entryPrice: number;
  exitPrice: number;
  netPnl: number;
  /** The exit's reason as the bot stores it (signal, stop_loss, manual_sell, flatten, …). */
  reason: string | null;
}

/** One side of a row: the live trade or its twin. */
export interface TwinLeg {
  quantity: number;
  entryTime: number;
  exitTime: number;
  entryPrice: number;
  exitPrice: number;
  netPnl: number;
  reason: string | null;
}

/** live net P&L − twin net P&L, split by cause (dollars, to the cent; `total` is their sum). */
export interface TwinGap {
  entry: number;
  exit: number;
  quantity: number;
  fees: number;
  total: number;
}

export interface TwinRow {
  status: 'matched' | 'missed' | 'extra';
  reason: TwinReason | null;
  symbol: string;
  side: 'long' | 'short';
  /** The entry session (ms UTC, midnight of the trading date). */
  entrySession: number;
  live: TwinLeg | null;
  twin: TwinLeg | null;
  /** live − twin fill price (null without both). */
  entryDiff: number | null;
  exitDiff: number | null;
  gap: TwinGap;
}

export interface TwinTotals {
  matched: number;
  missed: number;
  extra: number;
  liveNetPnl: number;
  twinNetPnl: number;
  gap: TwinGap;
}

/** What the caller knows of why a trade differs (the bot's orders, stops, halts, exits). */
export interface TwinExplain {
  /** A twin trade the bot made no trade for, or exited otherwise. */
  missed: (twin: PortfolioTrade, live: LiveTrip | null) => TwinReason | null;
  /** A live trade without a twin. */
  extra: (live: LiveTrip) => TwinReason | null;
}

const cents = (x: number) => Math.round(x * 100) / 100 + 0;
/** A price difference to a millionth of a dollar: a live average price carries float noise. */
const priceDiff = (a: number, b: number) => Math.round((a - b) * 1e6) / 1e6 + 0;
const session = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;
const sign = (side: 'long' | 'short') => (side === 'long' ? 1 : -1);
const key = (symbol: string, side: string, time: number) => `${symbol}|${side}|${session(time)}`;

/** The reason a live exit carries by itself (Quick Sell, kill switch), if any. */
export function exitReasonOf(live: LiveTrip): TwinReason | null {
  if (live.reason === 'manual_sell') return 'manual_sell';
  if (live.reason === 'flatten') return 'kill_switch';
  return null;
}

/**
 * live − twin net P&L of one pair split into parts that add up: the entry price difference and
 * the exit price difference (each on the twin's quantity), the quantity difference (on the live
 * prices) and the fees.
 */
export function pairGap(live: LiveTrip | null, twin: PortfolioTrade | null): TwinGap {
  if (live === null && twin === null) return { entry: 0, exit: 0, quantity: 0, fees: 0, total: 0 };
  if (live === null || twin === null) {
    const total = cents(live === null ? -(twin as PortfolioTrade).netPnl : live.netPnl);
    return { entry: 0, exit: 0, quantity: total, fees: 0, total };
  }
  const s = sign(live.side);
  const entry = cents(-s * (live.entryPrice - twin.entryPrice) * twin.quantity);
  const exit = cents(s * (live.exitPrice - twin.exitPrice) * twin.quantity);
  const quantity = cents(s * (live.exitPrice - live.entryPrice) * (live.quantity - twin.quantity));
  const liveFees = s * live.quantity * (live.exitPrice - live.entryPrice) - live.netPnl;
  const fees = cents(-(liveFees - twin.fees));
  return { entry, exit, quantity, fees, total: cents(entry + exit + quantity + fees) };
}

const leg = (t: LiveTrip | PortfolioTrade): TwinLeg => ({
  quantity: t.quantity,
  entryTime: t.entryTime,
  exitTime: t.exitTime,
  entryPrice: t.entryPrice,
  exitPrice: t.exitPrice,
  netPnl: t.netPnl,
  reason: t.reason,
});

/**
 * Pairs each live round trip with the twin's by stock, side and entry session. A pair whose
 * exits fall on one session with one quantity, the live exit the bot's own, is matched (its price
 * differences are slippage against the assumed); any other is missed (the twin's trade was not
 * made as it ran), with the live exit's own reason (Quick Sell, kill switch) or the caller's. A twin trade without a live one is
 * missed, a live one without a twin extra. Twin trades still open at the end (`end_of_data`)
 * are left out, as open live positions are. Rows by entry session, then stock.
 */
export function matchTwin(
  live: readonly LiveTrip[],
  twin: readonly PortfolioTrade[],
  explain: TwinExplain,
): { rows: TwinRow[]; totals: TwinTotals } {
  const twins = new Map<string, PortfolioTrade>();
  for (const t of twin)
    if (t.reason !== 'end_of_data') twins.set(key(t.symbol, t.side, t.entryTime), t);
  const rows: TwinRow[] = [];
  for (const l of live) {
    const k = key(l.symbol, l.side, l.entryTime);
    const t = twins.get(k) ?? null;
    twins.delete(k);
    const same =
      t !== null &&
      exitReasonOf(l) === null &&
      session(t.exitTime) === session(l.exitTime) &&
      t.quantity === l.quantity;
    const status = t === null ? 'extra' : same ? 'matched' : 'missed';
    const reason =
      status === 'matched'
        ? null
        : status === 'extra'
          ? (exitReasonOf(l) ?? explain.extra(l))
          : (exitReasonOf(l) ?? explain.missed(t as PortfolioTrade, l));
    rows.push(row(status, reason, l, t));
  }
  for (const t of twins.values()) rows.push(row('missed', explain.missed(t, null), null, t));
  rows.sort((a, b) =>
    a.entrySession !== b.entrySession
      ? a.entrySession - b.entrySession
      : a.symbol < b.symbol
        ? -1
        : a.symbol > b.symbol
          ? 1
          : 0,
  );
  carryInterventions(rows);
  carryDivergence(rows);
  return { rows, totals: totalsOf(rows) };
}

/**
 * After a Quick Sell or the kill switch the account is no longer the twin's (other cash, other
 * sizes): a later row that differs takes that reason.
 */
function carryInterventions(rows: TwinRow[]): void {
  let since: { time: number; reason: TwinReason } | null = null;
  const byExit = rows
    .filter((r) => r.live !== null && (r.reason === 'manual_sell' || r.reason === 'kill_switch'))
    .sort((a, b) => (a.live as TwinLeg).exitTime - (b.live as TwinLeg).exitTime);
  const first = byExit[0];
  if (first !== undefined)
    since = { time: (first.live as TwinLeg).exitTime, reason: first.reason as TwinReason };
  if (since === null) return;
  for (const r of rows)
    if (r.status !== 'matched' && r.reason !== 'manual_sell' && r.reason !== 'kill_switch') {
      const entry = r.live?.entryTime ?? (r.twin as TwinLeg).entryTime;
      if (entry >= session(since.time)) r.reason = since.reason;
    }
}

const entryOf = (r: TwinRow) => r.live?.entryTime ?? (r.twin as TwinLeg).entryTime;

/**
 * Once one trade went otherwise (a late tick, an order not filled), the account holds other
 * positions and cash than the twin's, so later trades differ too: a row that differs with no
 * reason of its own takes that of the first explained difference entered in its session or
 * before.
 */
function carryDivergence(rows: TwinRow[]): void {
  const explained = rows
    .filter((r) => r.status !== 'matched' && r.reason !== null)
    .sort((a, b) => entryOf(a) - entryOf(b));
  for (const r of rows) {
    if (r.status === 'matched' || r.reason !== null) continue;
    const cause = explained.find((e) => session(entryOf(e)) <= session(entryOf(r)));
    if (cause !== undefined) r.reason = cause.reason;
  }
}

function row(
  status: TwinRow['status'],
  reason: TwinReason | null,
  live: LiveTrip | null,
  twin: PortfolioTrade | null,
): TwinRow {
  const any = (live ?? twin) as LiveTrip | PortfolioTrade;
  return {
    status,
    reason,
    symbol: any.symbol,
    side: any.side,
    entrySession: session(any.entryTime),
    live: live === null ? null : leg(live),
    twin: twin === null ? null : leg(twin),
    entryDiff: live !== null && twin !== null ? priceDiff(live.entryPrice, twin.entryPrice) : null,
    exitDiff: live !== null && twin !== null ? priceDiff(live.exitPrice, twin.exitPrice) : null,
    gap: pairGap(live, twin),
  };
}

function totalsOf(rows: readonly TwinRow[]): TwinTotals {
  const count = (s: TwinRow['status']) => rows.filter((r) => r.status === s).length;
  const sum = (f: (r: TwinRow) => number) => cents(rows.reduce((a, r) => a + f(r), 0));
  const entry = sum((r) => r.gap.entry);
  const exit = sum((r) => r.gap.exit);
  const quantity = sum((r) => r.gap.quantity);
  const fees = sum((r) => r.gap.fees);
  return {
    matched: count('matched'),
    missed: count('missed'),
    extra: count('extra'),
    liveNetPnl: sum((r) => r.live?.netPnl ?? 0),
    twinNetPnl: sum((r) => r.twin?.netPnl ?? 0),
    gap: { entry, exit, quantity, fees, total: cents(entry + exit + quantity + fees) },
  };
}
