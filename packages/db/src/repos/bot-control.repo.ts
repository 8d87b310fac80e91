import type { Db, DbTx, Queryable } from '../client.js';
import { poolRows } from '../pool-query.js';
import type { MarketName, UniverseName } from '../market-names.js';

/**
 * Start, Stop and the kill switch of one user's bot (migrations 20261124000200_bot and
 * 20261124000400_bot_control). The running flag in PostgreSQL is the truth the worker heals the
 * Job Scheduler from, so every change of it goes through these.
 */

export interface BotStart {
  market: MarketName;
  mode: 'demo' | 'paper' | 'live';
  sleepInterval: number;
  /** Market time of the Start. */
  at: Date;
  /** The account's equity now, when it was read (demo); kept as the base only when unset. */
  equity: number | null;
}

/**
 * Marks the bot running on `market`/`mode` and clears the halt and the last error. A fresh
 * start forgets the peak (so a cleared halt is not re-raised by the old peak at the next tick);
 * a change of market or mode also forgets the day's and the base equity of the other account.
 */
export async function markBotStarted(tx: DbTx, userId: number, start: BotStart): Promise<void> {
  const before = await tx.botState.findUnique({
    where: { userId },
    select: { market: true, mode: true, startEquity: true },
  });
  const sameAccount = before?.market === start.market && before.mode === start.mode;
  const common = {
    running: true,
    market: start.market,
    mode: start.mode,
    sleepInterval: start.sleepInterval,
    startedAt: start.at,
    halted: false,
    haltReason: null,
    lastError: null,
    peakEquity: null,
  };
  const account = sameAccount
    ? { startEquity: before.startEquity ?? start.equity }
    : {
        startEquity: start.equity,
        day: null,
        dayStartEquity: null,
        equity: null,
        cash: null,
        buyingPower: null,
      };
  await tx.botState.upsert({
    where: { userId },
    create: { userId, ...common, startEquity: start.equity },
    update: { ...common, ...account },
  });
}

/** Marks the bot stopped; returns whether it was running. */
export async function markBotStopped(tx: Queryable, userId: number, at: Date): Promise<boolean> {
  const changed = await tx.botState.updateMany({
    where: { userId, running: true },
    data: { running: false, stoppedAt: at },
  });
  return changed.count > 0;
}

/** Every user's bot: whether it runs, and its tick interval (the Job Schedulers' truth). */
export async function listBotSchedules(db: Queryable) {
  return db.botState.findMany({ select: { userId: true, running: true, sleepInterval: true } });
}

/**
 * What refreshing a bot's account figures starts from (running or not), and `ageMs`: wall ms
 * since the row was last written, on the process clock that stamps updated_at (how stale its
 * figures are).
 */
export async function botStateForFigures(db: Queryable, userId: number) {
  const row = await db.botState.findUnique({
    where: { userId },
    select: {
      running: true,
      market: true,
      mode: true,
      day: true,
      updatedAt: true,
      peakEquity: true,
    },
  });
  return row === null ? null : { ...row, ageMs: Date.now() - row.updatedAt.getTime() };
}

/** The broker's account figures of a bot (and a new day's base when given). */
export interface AccountFigures {
  equity: number;
  cash: number;
  buyingPower: number;
  peakEquity: number;
  day?: string;
  dayStartEquity?: number;
}

/**
 * Stores a bot's figures read from the broker of `account`, only while the bot is still `running`
 * (or still stopped) on that account: a Start, a Stop or a switch of market meanwhile owns the
 * snapshot. Whether they were stored.
 */
export async function storeAccountFigures(
  db: Queryable,
  userId: number,
  figures: AccountFigures,
  guard: { running: boolean; market: string; mode: string },
): Promise<boolean> {
  const { count } = await db.botState.updateMany({
    where: { userId, running: guard.running, market: guard.market, mode: guard.mode },
    data: figures,
  });
  return count > 0;
}

/** Whether the bot runs, and where. */
export async function botRunState(db: Queryable, userId: number) {
  return db.botState.findUnique({
    where: { userId },
    select: { running: true, market: true, mode: true, startEquity: true, equity: true },
  });
}

const LIST_SYMBOLS = {
  name: 'bot_symbols.list',
  text: `SELECT symbol, last_price AS "lastPrice", rsi, atr, macd FROM bot_symbols
    WHERE user_id = $1 ORDER BY symbol`,
};

/** A tracked symbol's indicators, as its last decision read them. */
export interface TrackedSymbolRow {
  symbol: string;
  lastPrice: number | null;
  rsi: number | null;
  atr: number | null;
  macd: number | null;
}

/** The bot's indicators per symbol (what the last decision read), for tracked symbols, A to Z. */
export async function listBotSymbols(db: Db, userId: number): Promise<TrackedSymbolRow[]> {
  return poolRows<TrackedSymbolRow>(db, LIST_SYMBOLS, [userId]);
}

/** Records the market time of the last order or fill the bot's user made. */
export async function touchBotActivity(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE bot_states SET last_activity = GREATEST(COALESCE(last_activity, ${at}), ${at}),
      updated_at = CURRENT_TIMESTAMP
    WHERE user_id = ${userId}`;
}

/** Domain and latest metrics of `symbols` in a universe (held stocks not on the list). */
export async function listingMetrics(
  db: Queryable,
  universe: UniverseName,
  symbols: readonly string[],
) {
  if (symbols.length === 0) return [];
  return db.$queryRaw<
    {
      symbol: string;
      domain: string | null;
      close: number | null;
      rsi: number | null;
      atr: number | null;
      macd: number | null;
    }[]
  >`
    SELECT c.symbol, c.domain, m.last_price AS close, m.rsi, m.atr, m.macd
    FROM companies c
    LEFT JOIN stock_metrics m ON m.company_id = c.id
    WHERE c.source = ${universe}::"UniverseSource" AND c.symbol = ANY(${[...symbols]}::text[])`;
}

/**
 * The insert of an equity point, only when the equity moved since the last point, over the
 * given parameters (`$1`, `$2::timestamptz`…): here and in the tick's state write.
 */
export const insertEquityPointSql = (user: string, at: string, equity: string) =>
  `INSERT INTO bot_equity_points (user_id, at, equity)
    SELECT ${user}, ${at}, ${equity}
    WHERE (SELECT equity FROM bot_equity_points WHERE user_id = ${user} ORDER BY id DESC LIMIT 1)
      IS DISTINCT FROM ${equity}`;

const RECORD_EQUITY = {
  name: 'bot_equity_points.record',
  text: insertEquityPointSql('$1', '$2::timestamptz', '$3::float8'),
};

/** Adds a point to the bot's equity series unless the equity is that of the last point. */
export async function recordEquityPoint(
  db: Db,
  userId: number,
  at: Date,
  equity: number,
): Promise<void> {
  await poolRows(db, RECORD_EQUITY, [userId, at, equity]);
}

/** The bot's equity series, oldest first. */
export async function listEquityPoints(db: Queryable, userId: number) {
  return db.botEquityPoint.findMany({
    where: { userId },
    orderBy: { id: 'asc' },
    select: { at: true, equity: true },
  });
}
