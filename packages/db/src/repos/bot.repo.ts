import type { Db, DbTx, Queryable } from '../client.js';
import { poolRows, type Statement } from '../pool-query.js';
import { CLOSING_ORDER_PURPOSES, UNSETTLED_ORDER_STATUSES } from './bot-orders.repo.js';
import { insertEquityPointSql, type TrackedSymbolRow } from './bot-control.repo.js';

/**
 * The bot's storage (migration 20261124000200_bot): its log, its state row and its tracked
 * symbols. Order intents are in bot-orders.repo.ts.
 */

interface BotLogLine {
  at: Date;
  level: 'info' | 'warn' | 'error';
  message: string;
  eventKey?: string | null;
}

/**
 * A line whose event is already logged (a tick re-run after a crash) is left out. One statement
 * over arrays, in the lines' order.
 */
const APPEND_BOT_LOGS: Statement = {
  name: 'bot_logs.append',
  text: `INSERT INTO bot_logs (user_id, at, level, message, event_key)
    SELECT $1::int, t.at, t.level, t.message, t.event_key
    FROM unnest($2::timestamptz[], $3::text[], $4::text[], $5::text[])
      WITH ORDINALITY AS t(at, level, message, event_key, n)
    ORDER BY t.n
    ON CONFLICT DO NOTHING
    RETURNING event_key`,
};

const logValues = (userId: number, lines: readonly BotLogLine[]) => [
  userId,
  lines.map((line) => line.at.toISOString()),
  lines.map((line) => line.level),
  lines.map((line) => line.message),
  lines.map((line) => line.eventKey ?? null),
];

const freshKeys = (rows: { event_key: string | null }[]) =>
  new Set(rows.flatMap((row) => (row.event_key === null ? [] : [row.event_key])));

/**
 * Appends lines to the bot's log (market time `at`); a line with an event key already logged for
 * the user is skipped. Returns the event keys written now. Inside a caller's transaction.
 */
export async function appendBotLogs(
  db: Queryable,
  userId: number,
  lines: readonly BotLogLine[],
): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const values = logValues(userId, lines);
  return freshKeys(
    await db.$queryRawUnsafe<{ event_key: string | null }[]>(APPEND_BOT_LOGS.text, ...values),
  );
}

/** `appendBotLogs` as its own statement on the pool: the tick's journal, every tick. */
export async function appendBotLogsOnPool(
  db: Pick<Db, 'pool'>,
  userId: number,
  lines: readonly BotLogLine[],
): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  return freshKeys(await poolRows(db, APPEND_BOT_LOGS, logValues(userId, lines)));
}

/** The newest `limit` lines, oldest first. */
export async function recentBotLogs(db: Queryable, userId: number, limit: number) {
  const rows = await db.botLog.findMany({
    where: { userId },
    orderBy: { id: 'desc' },
    take: limit,
    select: { id: true, at: true, level: true, message: true },
  });
  return rows.reverse().map((row) => ({ ...row, id: Number(row.id) }));
}

export interface BotStateRow {
  running: boolean;
  market: string;
  mode: string;
  sleepInterval: number;
  startedAt: Date | null;
  stoppedAt: Date | null;
  lastTickAt: Date | null;
  lastActivity: Date | null;
  halted: boolean;
  haltReason: string | null;
  peakEquity: number | null;
  day: string | null;
  dayStartEquity: number | null;
  equity: number | null;
  cash: number | null;
  buyingPower: number | null;
  lastError: string | null;
}

const STATE_COLUMNS = `running, market, mode, sleep_interval AS "sleepInterval",
  started_at AS "startedAt", stopped_at AS "stoppedAt", last_tick_at AS "lastTickAt",
  last_activity AS "lastActivity", halted, halt_reason AS "haltReason",
  peak_equity AS "peakEquity", day, day_start_equity AS "dayStartEquity", equity, cash,
  buying_power AS "buyingPower", last_error AS "lastError"`;

const FIND_STATE: Statement = {
  name: 'bot_states.find',
  text: `SELECT ${STATE_COLUMNS} FROM bot_states WHERE user_id = $1`,
};

/** The user's bot state (every tick's first read), or null before the bot was first started. */
export async function findBotState(db: Db, userId: number): Promise<BotStateRow | null> {
  const [row] = await poolRows<BotStateRow>(db, FIND_STATE, [userId]);
  return row ?? null;
}

/** A tick's first read: the bot state and the user's two settings documents as stored (or null). */
export interface TickStartRow {
  state: BotStateRow;
  backtestSettings: unknown;
  tradingSettings: unknown;
}

const FIND_TICK_START: Statement = {
  name: 'bot_states.find_tick_start',
  text: `SELECT ${STATE_COLUMNS},
      (SELECT settings FROM backtest_settings WHERE user_id = $1) AS "backtestSettings",
      (SELECT settings FROM trading_settings WHERE user_id = $1) AS "tradingSettings"
    FROM bot_states WHERE user_id = $1`,
};

/** The bot state and both settings documents in one round trip; null before the first Start. */
export async function findTickStart(db: Db, userId: number): Promise<TickStartRow | null> {
  const [row] = await poolRows<
    BotStateRow & { backtestSettings: unknown; tradingSettings: unknown }
  >(db, FIND_TICK_START, [userId]);
  if (row === undefined) return null;
  const { backtestSettings, tradingSettings, ...state } = row;
  return { state, backtestSettings, tradingSettings };
}

/** Inside a Start's transaction: the running bot's sleep interval, or null when it is stopped. */
export async function runningSleepInterval(tx: DbTx, userId: number): Promise<number | null> {
  const row = await tx.botState.findUnique({
    where: { userId },
    select: { running: true, sleepInterval: true },
  });
  return row?.running ? row.sleepInterval : null;
}

/** What a tick that ran stores of the account; returns the bot's last activity and running flag. */
export interface BotTickState {
  equity: number;
  cash: number;
  buyingPower: number;
  peakEquity: number;
  day: string;
  dayStartEquity: number;
  halted: boolean;
  haltReason: string | null;
  lastTickAt: Date;
  /** Left as stored when not given. */
  lastActivity?: Date;
}

const STORE_TICK_STATE = {
  name: 'bot_states.store_tick',
  // The equity series gets a point at the tick's time unless the equity is that of its last one.
  text: `WITH point AS (${insertEquityPointSql('$1', '$10::timestamptz', '$2::float8')})
    UPDATE bot_states SET equity = $2, cash = $3, buying_power = $4, peak_equity = $5, day = $6,
      day_start_equity = $7, halted = $8, halt_reason = $9, last_tick_at = $10,
      last_activity = COALESCE($11, last_activity), last_error = NULL, updated_at = $12
    WHERE user_id = $1
    RETURNING last_activity AS "lastActivity", running,
      (SELECT coalesce(json_agg(json_build_object('symbol', s.symbol, 'lastPrice', s.last_price,
          'rsi', s.rsi, 'atr', s.atr, 'macd', s.macd) ORDER BY s.symbol), '[]')::text
        FROM bot_symbols s WHERE s.user_id = $1) AS symbols`,
};

/**
 * Stores what a tick that ran knows of the account, and adds its equity point (as
 * `recordEquityPoint` does), in one statement; returns the bot's last activity, its running
 * flag and its tracked symbols (as `listBotSymbols` gives them).
 */
export async function storeTickState(
  db: Db,
  userId: number,
  tick: BotTickState,
): Promise<{ lastActivity: Date | null; running: boolean; symbols: TrackedSymbolRow[] }> {
  const [row] = await poolRows<{ lastActivity: Date | null; running: boolean; symbols: string }>(
    db,
    STORE_TICK_STATE,
    [
      userId,
      tick.equity,
      tick.cash,
      tick.buyingPower,
      tick.peakEquity,
      tick.day,
      tick.dayStartEquity,
      tick.halted,
      tick.haltReason,
      tick.lastTickAt,
      tick.lastActivity ?? null,
      new Date(),
    ],
  );
  if (row === undefined) throw new Error(`no bot state for user ${userId}`);
  return { ...row, symbols: JSON.parse(row.symbols) as TrackedSymbolRow[] };
}

/** Stores a tick's error (and, when given, the market time of the tick that failed). */
export async function storeTickError(
  db: Queryable,
  userId: number,
  lastError: string,
  lastTickAt?: Date,
): Promise<void> {
  await db.botState.update({
    where: { userId },
    data: { lastError, ...(lastTickAt === undefined ? {} : { lastTickAt }) },
  });
}

/** A Final Trading List symbol as a tick's decisions start from it. */
export interface DecideStartRow {
  symbol: string;
  parameters: unknown;
  /** Its last decided bar (YYYY-MM-DD), or null. */
  lastDecidedOn: string | null;
  /** An unsettled closing intent: a close is under way. */
  closing: boolean;
}

const DECIDE_START: Statement = {
  name: 'bot_symbols.decide_start',
  text: `WITH closing AS (
      SELECT DISTINCT symbol FROM bot_orders
      WHERE user_id = $1 AND status = ANY($2::text[]) AND purpose = ANY($3::text[]))
    SELECT e.symbol, e.parameters, s.last_decided_on AS "lastDecidedOn",
      c.symbol IS NOT NULL AS closing
    FROM final_trading_list_entries e
    LEFT JOIN bot_symbols s ON s.user_id = e.user_id AND s.symbol = e.symbol
    LEFT JOIN closing c ON c.symbol = e.symbol
    WHERE e.user_id = $1
    ORDER BY e.symbol`,
};

/**
 * The user's Final Trading List (A to Z) with each symbol's last decided bar and whether a close
 * is under way (what `finalListParameters` and `closingSymbols` give, and bot_symbols), in one
 * round trip.
 */
export function decideStart(db: Db, userId: number): Promise<DecideStartRow[]> {
  return poolRows<DecideStartRow>(db, DECIDE_START, [
    userId,
    UNSETTLED_ORDER_STATUSES,
    CLOSING_ORDER_PURPOSES,
  ]);
}

/** What a tick stores of one decided symbol (bot_symbols). */
export interface BotSymbolRow {
  symbol: string;
  lastDecidedOn: string;
  lastPrice: number | null;
  rsi: number | null;
  atr: number | null;
  macd: number | null;
}

const UPSERT_SYMBOLS = {
  name: 'bot_symbols.upsert',
  text: `INSERT INTO bot_symbols (user_id, symbol, last_decided_on, last_price, rsi, atr, macd, updated_at)
    SELECT $1, x.symbol, x.last_decided_on, x.last_price, x.rsi, x.atr, x.macd, now()
    FROM unnest($2::text[], $3::text[], $4::float8[], $5::float8[], $6::float8[], $7::float8[])
      AS x(symbol, last_decided_on, last_price, rsi, atr, macd)
    ON CONFLICT (user_id, symbol) DO UPDATE SET
      last_decided_on = EXCLUDED.last_decided_on,
      last_price = EXCLUDED.last_price,
      rsi = EXCLUDED.rsi,
      atr = EXCLUDED.atr,
      macd = EXCLUDED.macd,
      updated_at = now()`,
};

/**
 * Writes a tick's decided symbols in one statement (insert or update each (user, symbol) row):
 * one round trip a tick instead of one a symbol. Values travel as one JSON array.
 */
export async function upsertBotSymbols(
  db: Db,
  userId: number,
  rows: readonly BotSymbolRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await poolRows(db, UPSERT_SYMBOLS, [
    userId,
    rows.map((r) => r.symbol),
    rows.map((r) => r.lastDecidedOn),
    rows.map((r) => r.lastPrice),
    rows.map((r) => r.rsi),
    rows.map((r) => r.atr),
    rows.map((r) => r.macd),
  ]);
}
