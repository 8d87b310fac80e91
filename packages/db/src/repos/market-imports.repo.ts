import type { Db } from '../client.js';

/** The admin's market-data imports (`market_data_imports`, at most one queued or running). */

export type MarketImportStatus = 'queued' | 'running' | 'completed' | 'failed';

const select = {
  id: true,
  requestedBy: true,
  status: true,
  filesDone: true,
  filesTotal: true,
  message: true,
  report: true,
  error: true,
  createdAt: true,
  finishedAt: true,
} as const;

/**
 * Records a new queued import unless one is already queued or running (the partial unique
 * index decides, so two concurrent requests cannot both win). Returns the new row's id, or null
 * and the active row's id.
 */
export async function claimMarketImport(
  db: Db,
  requestedBy: number,
): Promise<{ created: boolean; id: number }> {
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO "market_data_imports" ("requested_by") VALUES ($1)
     ON CONFLICT ((true)) WHERE "status" IN ('queued', 'running') DO NOTHING RETURNING "id"`,
    [requestedBy],
  );
  if (rows[0]) return { created: true, id: rows[0].id };
  const active = await activeMarketImport(db);
  // The active import finished between the two statements: try once more.
  if (!active) return claimMarketImport(db, requestedBy);
  return { created: false, id: active.id };
}

export async function activeMarketImport(db: Db) {
  return db.marketDataImport.findFirst({
    where: { status: { in: ['queued', 'running'] } },
    select,
  });
}

export async function latestMarketImport(db: Db) {
  return db.marketDataImport.findFirst({ orderBy: { id: 'desc' }, select });
}

export async function updateMarketImport(
  db: Db,
  id: number,
  patch: {
    status?: MarketImportStatus;
    filesDone?: number;
    filesTotal?: number;
    message?: string | null;
    report?: object;
    error?: string | null;
    finishedAt?: Date;
  },
): Promise<void> {
  await db.marketDataImport.update({ where: { id }, data: patch, select: { id: true } });
}
