import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from '../client.js';
import type { UniverseName } from '../market-names.js';
import { addJobNotification } from './notifications.repo.js';
import type { SecurityType } from './universe.repo.js';

/** Custom screening templates and screener runs (migration 20261123000730_screener). */

export function listCustomTemplates(db: Db, userId: number) {
  return db.screeningTemplate.findMany({
    where: { userId },
    orderBy: { name: 'asc' },
    select: { name: true, criteria: true },
  });
}

/** Saves under `name`, replacing the user's template of that name if there is one. */
export async function upsertCustomTemplate(
  db: Db,
  userId: number,
  name: string,
  criteria: object,
): Promise<void> {
  const json = criteria as Prisma.InputJsonValue;
  await db.screeningTemplate.upsert({
    where: { userId_name: { userId, name } },
    create: { userId, name, criteria: json },
    update: { criteria: json },
    select: { id: true },
  });
}

/** How many custom templates the user has. */
export function countCustomTemplates(db: Db, userId: number): Promise<number> {
  return db.screeningTemplate.count({ where: { userId } });
}

/** Deletes the user's template; false when the user has none of that name. */
export async function deleteCustomTemplate(db: Db, userId: number, name: string) {
  const { count } = await db.screeningTemplate.deleteMany({ where: { userId, name } });
  return count > 0;
}

export function findCustomTemplate(db: Db, userId: number, name: string) {
  return db.screeningTemplate.findUnique({
    where: { userId_name: { userId, name } },
    select: { name: true, criteria: true },
  });
}

const RUN_SELECT = {
  id: true,
  userId: true,
  universe: true,
  criteria: true,
  templateName: true,
  status: true,
  results: true,
  total: true,
  excludedForMissingData: true,
  missingByCriterion: true,
  marketAsOf: true,
  error: true,
  createdAt: true,
  finishedAt: true,
} as const;
export type ScreenerRunRecord = Prisma.ScreenerRunGetPayload<{ select: typeof RUN_SELECT }>;

/** The user's queued or running run (at most one: a partial unique index). */
export function findActiveScreenerRun(db: Db, userId: number) {
  return db.screenerRun.findFirst({
    where: { userId, status: { in: ['queued', 'running'] } },
    select: RUN_SELECT,
  });
}

/**
 * Creates a queued run, or returns the active one when the user already has one (the partial
 * unique index makes two concurrent creations end in one row). `created` says which. The run the
 * insert ran into may end before it is read (a worker finished it): then the insert is tried
 * again, which now succeeds or finds the next active run.
 */
export async function createScreenerRun(
  db: Db,
  run: { userId: number; universe: UniverseName; criteria: object; templateName: string | null },
): Promise<{ run: ScreenerRunRecord; created: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const rows = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO screener_runs (user_id, universe, criteria, template_name)
      VALUES (${run.userId}, ${run.universe}::"UniverseSource", ${JSON.stringify(run.criteria)}::jsonb,
              ${run.templateName})
      ON CONFLICT (user_id) WHERE status IN ('queued', 'running') DO NOTHING
      RETURNING id`;
    const id = rows[0]?.id;
    if (id !== undefined)
      return {
        run: await db.screenerRun.findUniqueOrThrow({ where: { id }, select: RUN_SELECT }),
        created: true,
      };
    const active = await findActiveScreenerRun(db, run.userId);
    if (active) return { run: active, created: false };
    if (attempt >= 10) throw new Error('screener run kept ending before it could be read');
  }
}

export function findScreenerRun(db: Db, id: number) {
  return db.screenerRun.findUnique({ where: { id }, select: RUN_SELECT });
}

/** The criteria of the user's latest run (what "no body" re-runs), or null. */
export async function latestScreenerCriteria(db: Db, userId: number) {
  const row = await db.screenerRun.findFirst({
    where: { userId },
    orderBy: { id: 'desc' },
    select: { criteria: true, templateName: true },
  });
  return row;
}

export function latestCompletedScreenerRun(db: Db, userId: number) {
  return db.screenerRun.findFirst({
    where: { userId, status: 'completed' },
    orderBy: { id: 'desc' },
    select: RUN_SELECT,
  });
}

/**
 * Marks symbols of the user's latest completed run as saved to the backtesting list (`saved:
 * true` on their stored rows): they leave the screen results but the run still counts them as
 * passed. The row is locked for the read-modify-write, so two saves at once both take effect.
 */
export async function markSavedInLatestScreenerResults(
  db: Db,
  userId: number,
  symbols: readonly string[],
): Promise<void> {
  if (symbols.length === 0) return;
  const leaving = new Set(symbols);
  await db.$transaction(async (tx) => {
    const latest = await tx.screenerRun.findFirst({
      where: { userId, status: 'completed' },
      orderBy: { id: 'desc' },
      select: { id: true },
    });
    if (!latest) return;
    await tx.$queryRaw`SELECT id FROM screener_runs WHERE id = ${latest.id} FOR UPDATE`;
    const run = await tx.screenerRun.findUnique({
      where: { id: latest.id },
      select: { results: true },
    });
    const results = Array.isArray(run?.results) ? run.results : [];
    const isLeaving = (row: unknown): row is { symbol: string } =>
      typeof row === 'object' &&
      row !== null &&
      'symbol' in row &&
      typeof row.symbol === 'string' &&
      leaving.has(row.symbol) &&
      !('saved' in row && row.saved === true);
    if (!results.some(isLeaving)) return;
    const marked = results.map((row) => (isLeaving(row) ? { ...row, saved: true } : row));
    await tx.screenerRun.update({
      where: { id: latest.id },
      data: { results: marked },
      select: { id: true },
    });
  });
}

/** queued → running; false when the run is not queued (already taken, finished or gone). */
export async function claimScreenerRun(db: Db, id: number): Promise<boolean> {
  const { count } = await db.screenerRun.updateMany({
    where: { id, status: { in: ['queued', 'running'] } },
    data: { status: 'running' },
  });
  return count > 0;
}

/** Results and the notification in one transaction: the client never sees one without the other. */
export async function completeScreenerRun(
  db: Db,
  id: number,
  result: {
    results: object[];
    total: number;
    excludedForMissingData: number;
    /** Per active criterion, listings lacking its value. */
    missingByCriterion?: Record<string, number>;
    marketAsOf: Date | null;
    finishedAt: Date;
  },
  notification: { userId: number; message: string },
): Promise<void> {
  await db.$transaction([
    db.screenerRun.update({
      where: { id },
      data: {
        status: 'completed',
        results: result.results,
        total: result.total,
        excludedForMissingData: result.excludedForMissingData,
        missingByCriterion: result.missingByCriterion ?? {},
        marketAsOf: result.marketAsOf,
        finishedAt: result.finishedAt,
      },
      select: { id: true },
    }),
    addJobNotification(db, { ...notification, status: 'completed' }),
  ]);
}

export async function failScreenerRun(
  db: Db,
  id: number,
  error: string,
  finishedAt: Date,
  notification: { userId: number; message: string },
): Promise<void> {
  await db.$transaction([
    db.screenerRun.update({
      where: { id },
      data: { status: 'failed', error, finishedAt },
      select: { id: true },
    }),
    addJobNotification(db, { ...notification, status: 'failed' }),
  ]);
}

/** A listing with its stored metrics, as the screener reads it (one query for the universe). */
export interface ScreenerSourceRow {
  symbol: string;
  company_name: string;
  domain: string | null;
  security_type: SecurityType;
  price: number | null;
  market_cap: number | null;
  average_volume: number | null;
  beta: number | null;
  pe_ratio: number | null;
  pb_ratio: number | null;
  ps_ratio: number | null;
  peg_ratio: number | null;
  ev_ebitda: number | null;
  price_to_free_cash_flow: number | null;
  dividend_yield: number | null;
  free_cash_flow: number | null;
  roe: number | null;
  roa: number | null;
  gross_margin: number | null;
  operating_margin: number | null;
  current_ratio: number | null;
  debt_to_equity: number | null;
  revenue_growth: number | null;
  earnings_growth: number | null;
  /** Null when the metrics refresh has not reached this listing. */
  m_refreshed_at: Date | null;
  m_as_of: Date | null;
  m_last_price: number | null;
  m_rsi: number | null;
  m_atr: number | null;
  m_atr_percent: number | null;
  m_macd: number | null;
  m_macd_signal: number | null;
  m_macd_histogram: number | null;
  m_average_volume: number | null;
  m_beta: number | null;
}

/** Every listing of a universe joined with its metrics, in symbol order. */
export function screenerUniverse(db: Db, source: UniverseName) {
  return db.$queryRaw<ScreenerSourceRow[]>`
    SELECT c.symbol, c.company_name, c.domain, c.security_type::text AS security_type, c.price,
           c.market_cap, c.average_volume, c.beta, c.pe_ratio, c.pb_ratio, c.ps_ratio,
           c.peg_ratio, c.ev_ebitda, c.price_to_free_cash_flow, c.dividend_yield,
           c.free_cash_flow, c.roe, c.roa, c.gross_margin, c.operating_margin, c.current_ratio,
           c.debt_to_equity, c.revenue_growth, c.earnings_growth,
           m.refreshed_at AS m_refreshed_at, m.as_of AS m_as_of, m.last_price AS m_last_price,
           m.rsi AS m_rsi, m.atr AS m_atr, m.atr_percent AS m_atr_percent, m.macd AS m_macd,
           m.macd_signal AS m_macd_signal, m.macd_histogram AS m_macd_histogram,
           m.average_volume AS m_average_volume, m.beta AS m_beta
    FROM companies c LEFT JOIN stock_metrics m ON m.company_id = c.id
    WHERE c.source = ${source}::"UniverseSource" AND c.delisted_at IS NULL
    ORDER BY c.symbol`;
}
