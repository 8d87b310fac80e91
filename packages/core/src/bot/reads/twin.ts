import {
  DEFAULT_TRADING_SETTINGS,
  ZTradingSettings,
  type TBacktestSettings,
  type TBotTwinInput,
  type TBotTwinOutput,
  type TTradingSettings,
} from '@tradebot/api-contract';
import {
  listBotTrades,
  listEquityPoints,
  listFinalListVersions,
  twinBotRun,
  twinOrderIntents,
  type Db,
  type FinalListVersionRow,
} from '@tradebot/db';
import {
  DAY_MS,
  dayFromIso,
  isoFromDay,
  lastCompletedTradingDay,
  nextTradingDay,
  previousTradingDay,
  sessionOf,
  type TradingSession,
} from '@tradebot/market';
import {
  matchTwin,
  simulatePortfolio,
  type Bars,
  type LiveTrip,
  type PortfolioStock,
  type PortfolioTrade,
  type StockParams,
  type TwinExplain,
  type TwinLeg,
  type TwinReason,
  type TwinRow,
} from '@tradebot/strategy';
import { portfolioSettings } from '../../portfolio/portfolio-inputs.js';
import { storedParameters } from '../../stock-lists/stored-parameters.js';
import { WARM_UP_DAYS } from '../engine/bars.js';

/** What the twin reads besides the database: the bot's bars and its account's settings. */
export interface TwinSources {
  db: Db;
  userId: number;
  /** The market's time now (ms). */
  now: number;
  bars: (symbol: string, from: string, to: string) => Promise<Bars>;
  backtest: TBacktestSettings;
}

const close = (day: number) => (sessionOf(day) as TradingSession).close;

/** The first trading day whose session closes after `ms`. */
function firstSessionAfter(ms: number): number {
  let day = Math.floor(ms / DAY_MS) - 1;
  while (sessionOf(day) === null || close(day) <= ms) day = nextTradingDay(day);
  return day;
}

/** Stored trading settings as the service reads them: each field or its default. */
export function tradingOf(saved: unknown): TTradingSettings {
  const stored = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<
    string,
    unknown
  >;
  const settings: Record<string, unknown> = { ...DEFAULT_TRADING_SETTINGS };
  for (const field of Object.keys(settings) as (keyof TTradingSettings)[]) {
    const parsed = ZTradingSettings.shape[field].safeParse(stored[field]);
    if (parsed.success) settings[field] = parsed.data;
  }
  return settings as TTradingSettings;
}

/** The version in force at `ms`: the last stored at or before it (else the first). */
function versionAt(versions: readonly FinalListVersionRow[], ms: number): FinalListVersionRow {
  let found = versions[0] as FinalListVersionRow;
  for (const v of versions) if (v.at.getTime() <= ms) found = v;
  return found;
}

/**
 * When the bot decided a session: at its first tick after the close, and for a session that
 * closed before the bot started, at Start's own tick (with the list as Start found it, not as
 * it stood at that close: the list is usually edited just before Begin Trading).
 */
const decidedAt = (day: number, startedAt: number) => Math.max(close(day), startedAt);

/**
 * Per stock, the sessions it was decided on and with which parameters: a session is decided with
 * the version in force when the bot decided it (`decidedAt`).
 */
export function listPeriods(
  versions: readonly FinalListVersionRow[],
  days: readonly number[],
  startedAt: number,
): Map<string, { from: number; to: number; params: StockParams }[]> {
  const periods = new Map<string, { from: number; to: number; params: StockParams }[]>();
  const cache = new Map<string, StockParams>();
  for (const day of days) {
    const version = versionAt(versions, decidedAt(day, startedAt));
    const risk = tradingOf(version.settings).risk_percentage;
    const t = day * DAY_MS;
    for (const entry of version.entries) {
      const key = `${entry.symbol}|${risk}|${JSON.stringify(entry.parameters)}`;
      let params = cache.get(key);
      if (params === undefined) {
        params = { ...storedParameters(entry.parameters), risk_per_trade: risk };
        cache.set(key, params);
      }
      const own = periods.get(entry.symbol) ?? [];
      const last = own[own.length - 1];
      if (last !== undefined && last.params === params && last.to === t) last.to = nextAfter(day);
      else own.push({ from: t, to: nextAfter(day), params });
      periods.set(entry.symbol, own);
    }
  }
  return periods;
}

const nextAfter = (day: number) => nextTradingDay(day) * DAY_MS;

const leg = (t: TwinLeg) => ({
  qty: t.quantity,
  entry_date: isoFromDay(Math.floor(t.entryTime / DAY_MS)),
  exit_date: isoFromDay(Math.floor(t.exitTime / DAY_MS)),
  entry_price: t.entryPrice,
  exit_price: t.exitPrice,
  net_pnl: t.netPnl,
  exit_reason: t.reason,
});

function rowOut(r: TwinRow): TBotTwinOutput['rows'][number] {
  return {
    status: r.status,
    reason: r.reason,
    symbol: r.symbol,
    side: r.side,
    entry_date: isoFromDay(r.entrySession / DAY_MS),
    live: r.live === null ? null : leg(r.live),
    twin: r.twin === null ? null : leg(r.twin),
    entry_diff: r.entryDiff,
    exit_diff: r.exitDiff,
    gap: r.gap,
  };
}

/** The twin of a bot that never ran, or of an account that cannot be read. */
export const NO_TWIN: TBotTwinOutput = {
  from: null,
  to: null,
  initial_equity: 0,
  versions: 0,
  totals: {
    matched: 0,
    missed: 0,
    extra: 0,
    live_net_pnl: 0,
    twin_net_pnl: 0,
    gap: { entry: 0, exit: 0, quantity: 0, fees: 0, total: 0 },
  },
  rows: [],
};

/**
 * The live twin of the user's bot for the sessions from `from` to `to` (default: from the last
 * session completed when the bot started, which its first tick decides, to the last completed
 * one): `simulatePortfolio` on the list's stored versions as they changed (each session decided
 * with the version in force when the bot decided it), the trading and backtest settings, the
 * bot's bars, from the bot's equity at the period's start; each closed live trade matched to the
 * twin's (`matchTwin`), the misses explained from the bot's own orders and state.
 */
export async function liveTwin(src: TwinSources, input: TBotTwinInput): Promise<TBotTwinOutput> {
  const { db, userId } = src;
  const run = await twinBotRun(db, userId);
  if (run?.startedAt == null) return NO_TWIN;
  const startedAt = run.startedAt.getTime();
  // Start's own tick decides the last completed session (its entries fill at the next open).
  const first = Math.max(
    lastCompletedTradingDay(startedAt),
    input.from === undefined ? 0 : firstSessionAfter(dayFromIso(input.from) * DAY_MS - 1),
  );
  const end = Math.min(
    lastCompletedTradingDay(src.now),
    input.to === undefined ? Number.POSITIVE_INFINITY : dayFromIso(input.to),
  );
  const days: number[] = [];
  for (let d = first; d <= end; d = nextTradingDay(d)) days.push(d);
  if (days.length === 0) return { ...NO_TWIN, from: isoFromDay(first), to: isoFromDay(end) };

  const versions = await listFinalListVersions(db, userId);
  if (versions.length === 0) return { ...NO_TWIN, from: isoFromDay(first), to: isoFromDay(end) };
  const inPeriod = new Set(days.map((d) => versionAt(versions, decidedAt(d, startedAt))));
  const periods = listPeriods(versions, days, startedAt);
  const trading = tradingOf(versionAt(versions, decidedAt(first, startedAt)).settings);
  const initial = await equityAt(db, userId, close(first) - 1, run.startEquity, src.backtest);
  const stocks: PortfolioStock[] = [];
  for (const symbol of [...periods.keys()].sort()) {
    const own = periods.get(symbol) as { from: number; to: number; params: StockParams }[];
    const bars = await src.bars(symbol, isoFromDay(first - WARM_UP_DAYS), isoFromDay(end));
    if (bars.close.length === 0) continue;
    stocks.push({ bars, params: (own[0] as { params: StockParams }).params, periods: own });
  }
  const settings = { ...portfolioSettings(userId, src.backtest, trading), initialCash: initial };
  const sim = simulatePortfolio(stocks, settings, { from: first * DAY_MS, to: end * DAY_MS });

  const live = (await listBotTrades(db, userId))
    .filter((t) => {
      const entry = Math.floor(t.entryAt.getTime() / DAY_MS);
      // A trade closed in the session under way is the next period's: its twin is still open.
      return entry >= first && t.exitAt.getTime() <= close(end);
    })
    .map((t): LiveTrip => ({
      symbol: t.symbol,
      side: t.side,
      quantity: t.qty,
      entryTime: t.entryAt.getTime(),
      exitTime: t.exitAt.getTime(),
      entryPrice: t.entryPrice,
      exitPrice: t.exitPrice,
      netPnl: t.pnl,
      reason: t.reason,
    }));
  const explain = await explainer(db, userId, run, new Date(close(first) - 7 * DAY_MS));
  const { rows, totals } = matchTwin(live, sim.trades, explain);
  return {
    from: isoFromDay(first),
    to: isoFromDay(end),
    initial_equity: initial,
    versions: inPeriod.size,
    totals: {
      matched: totals.matched,
      missed: totals.missed,
      extra: totals.extra,
      live_net_pnl: totals.liveNetPnl,
      twin_net_pnl: totals.twinNetPnl,
      gap: totals.gap,
    },
    rows: rows.map(rowOut),
  };
}

/**
 * The bot's equity just before `ms`: its last stored point; else its equity at Start (the demo
 * account's, read then); else the first point a tick stored after `ms` (on Alpaca Start reads no
 * account: its first tick does); else the backtest's starting balance.
 */
async function equityAt(
  db: Db,
  userId: number,
  ms: number,
  startEquity: number | null,
  backtest: TBacktestSettings,
): Promise<number> {
  const points = await listEquityPoints(db, userId);
  let before: number | null = null;
  let after: number | null = null;
  for (const p of points) {
    if (p.at.getTime() <= ms) before = p.equity;
    else after ??= p.equity;
  }
  return before ?? startEquity ?? after ?? backtest.initial_balance;
}

/** Why a twin trade was missed (or a live one extra), from the bot's intents and its state. */
async function explainer(
  db: Db,
  userId: number,
  run: { running: boolean; stoppedAt: Date | null; halted: boolean },
  since: Date,
): Promise<TwinExplain> {
  const intents = await twinOrderIntents(db, userId, since);
  const stoppedAt = run.running ? null : (run.stoppedAt?.getTime() ?? null);
  const fromIntent = (status: string, filled: number, qty: number): TwinReason | null => {
    if (status === 'rejected' || status === 'failed') return 'rejected';
    if (filled > 0 && filled < qty) return 'partially_filled';
    if (status === 'canceled' || status === 'expired') return 'not_filled';
    return null;
  };
  return {
    missed(twin: PortfolioTrade) {
      // The twin's entry was decided at the close of the session before it.
      const decided = isoFromDay(previousTradingDay(Math.floor(twin.entryTime / DAY_MS)));
      const at = intents.find(
        (o) => o.symbol === twin.symbol && o.purpose === 'entry' && o.decidedOn === decided,
      );
      if (at !== undefined) return fromIntent(at.status, at.filledQty, at.qty) ?? 'late_tick';
      if (stoppedAt !== null && twin.entryTime >= stoppedAt - DAY_MS) return 'bot_stopped';
      if (run.halted) return 'halted';
      return 'late_tick';
    },
    extra(live: LiveTrip) {
      // An entry decided on an older bar than the session before its fill came a tick late.
      const day = Math.floor(live.entryTime / DAY_MS);
      const late = intents.some(
        (o) =>
          o.symbol === live.symbol &&
          o.purpose === 'entry' &&
          o.decidedOn !== null &&
          dayFromIso(o.decidedOn) < previousTradingDay(day) &&
          dayFromIso(o.decidedOn) >= previousTradingDay(previousTradingDay(day)) - 7,
      );
      return late ? 'late_tick' : null;
    },
  };
}
