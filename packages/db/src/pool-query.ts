import type { PoolClient, QueryResult, QueryResultRow } from 'pg';
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

/**
 * Runs `work` in a transaction on one pooled connection: committed when it returns, rolled back
 * when it throws. A transaction left idle for 20 s (a stuck caller) is ended by PostgreSQL, so
 * the locks it took never outlive it. `opening`, a statement without parameters (a row lock, say),
 * runs in BEGIN's own round trip, and its rows are `work`'s second argument.
 */
export async function inTransaction<T>(
  db: Db,
  work: (client: PoolClient, opened: QueryResultRow[]) => Promise<T>,
  opening?: string,
): Promise<T> {
  const client = await db.pool.connect();
  try {
    const begin = "BEGIN; SET LOCAL idle_in_transaction_session_timeout = '20s'";
    // Several statements in one text: node-postgres answers with one result per statement, the
    // opening's last.
    const begun = (await client.query(
      opening === undefined ? begin : `${begin}; ${opening}`,
    )) as unknown as QueryResult<QueryResultRow>[];
    const value = await work(client, opening === undefined ? [] : (begun.at(-1)?.rows ?? []));
    await client.query('COMMIT');
    client.release();
    return value;
  } catch (error) {
    // A connection that cannot roll back is closed rather than returned to the pool.
    await client.query('ROLLBACK').then(
      () => client.release(),
      (rollback: Error) => client.release(rollback),
    );
    throw error;
  }
}
