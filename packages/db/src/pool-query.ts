import type { QueryResultRow } from 'pg';
import type { Db } from './client.js';

/**
 * A statement node-postgres prepares once per pooled connection, under its name. The bot tick's
 * queries, which every running bot makes every interval, are written this way: for them Prisma's
 * own work per query (parameterizing, planning and mapping it) costs several times what
 * PostgreSQL does. Columns are aliased to the names the rest of the code uses ("clientOrderId").
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** The rows of a named statement run on the pool (outside any transaction). */
export async function poolRows<T extends QueryResultRow>(
  db: Pick<Db, 'pool'>,
  statement: Statement,
  values: readonly unknown[],
): Promise<T[]> {
  const { rows } = await db.pool.query<T>({ ...statement, values: [...values] });
  return rows;
}
