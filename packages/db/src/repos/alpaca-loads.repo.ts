import type { Db } from '../client.js';

/** Loads of the Alpaca universe (`alpaca_universe_loads`, at most one queued or running). */

export type AlpacaLoadStatus = 'queued' | 'running' | 'completed' | 'failed';

const select = {
  id: true,
  session: true,
  requestedBy: true,
  keyUserId: true,
  status: true,
  symbolsDone: true,
  symbolsTotal: true,
  message: true,
  report: true,
  error: true,
  createdAt: true,
  finishedAt: true,
} as const;

/**
 * Records a new queued load up to `session` unless one is already queued or running (the partial
 * unique index decides). Returns the new row's id, or the active row's id with created false.
 */
export async function claimAlpacaLoad(
  db: Db,
  load: { session: string; requestedBy: number | null; keyUserId: number | null },
): Promise<{ created: boolean; id: number }> {
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO "alpaca_universe_loads" ("session", "requested_by", "key_user_id")
     VALUES ($1::date, $2, $3)
     ON CONFLICT ((true)) WHERE "status" IN ('queued', 'running') DO NOTHING RETURNING "id"`,
    [load.session, load.requestedBy, load.keyUserId],
  );
  if (rows[0]) return { created: true, id: rows[0].id };
  const active = await activeAlpacaLoad(db);
  // The active load finished between the two statements: try once more.
  if (!active) return claimAlpacaLoad(db, load);
  return { created: false, id: active.id };
}

export async function activeAlpacaLoad(db: Db) {
  return db.alpacaUniverseLoad.findFirst({
    where: { status: { in: ['queued', 'running'] } },
    select,
  });
}

export async function findAlpacaLoad(db: Db, id: number) {
  return db.alpacaUniverseLoad.findUnique({ where: { id }, select });
}

export async function latestAlpacaLoad(db: Db) {
  return db.alpacaUniverseLoad.findFirst({ orderBy: { id: 'desc' }, select });
}

/** The newest completed load (the session the universe is complete through). */
export async function lastCompletedAlpacaLoad(db: Db) {
  return db.alpacaUniverseLoad.findFirst({
    where: { status: 'completed' },
    orderBy: { session: 'desc' },
    select,
  });
}

/** The user whose keys the latest load used (a scheduled load without a data key reuses them). */
export async function lastAlpacaKeyUser(db: Db): Promise<number | null> {
  const row = await db.alpacaUniverseLoad.findFirst({
    where: { keyUserId: { not: null } },
    orderBy: { id: 'desc' },
    select: { keyUserId: true },
  });
  return row?.keyUserId ?? null;
}

export async function updateAlpacaLoad(
  db: Db,
  id: number,
  patch: {
    status?: AlpacaLoadStatus;
    symbolsDone?: number;
    symbolsTotal?: number;
    keyUserId?: number | null;
    message?: string | null;
    report?: object;
    error?: string | null;
    finishedAt?: Date;
  },
): Promise<void> {
  await db.alpacaUniverseLoad.update({ where: { id }, data: patch, select: { id: true } });
}
