import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient, type Prisma } from './generated/prisma/client.js';

export interface DbOptions {
  /** Connections in the pool (node-postgres' default is 10). */
  poolSize?: number;
}

/**
 * A Prisma client over node-postgres (Prisma 7 driver adapter; no native query engine). Its pool
 * is exposed as `pool` for the one read every authenticated request makes (sessions.repo.ts):
 * there Prisma's per-query work cost more than the query itself.
 */
export function createDb(url: string, options: DbOptions = {}) {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  return Object.assign(prisma, { pool });
}

export type Db = ReturnType<typeof createDb>;

/** The client inside an interactive transaction (`db.$transaction(async (tx) => …)`). */
export type DbTx = Prisma.TransactionClient;

/** What a repository function that may run inside a caller's transaction takes: either client. */
export type Queryable = Db | DbTx;
