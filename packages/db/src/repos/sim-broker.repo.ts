import type {
  SimBrokerStore,
  SimChanges,
  SimFill,
  SimLedger,
  SimOrder,
  SimPosition,
} from '@tradebot/market/sim-ledger';
import type pg from 'pg';
import type { Db } from '../client.js';
import { inTransaction, type Statement } from '../pool-query.js';
import { writeChanges } from './sim-broker.write.js';
import {
  fromJson,
  ORDER_COLUMNS,
  toRecord,
  type OrderJson,
  type OrderRow,
} from './sim-orders.rows.js';

/**
 * The simulated broker's storage (migration 20261124000100_sim_broker): it implements
 * `SimBrokerStore`, the port packages/market defines with its shapes (demo/sim-ledger.ts, imported
 * as types only), and core passes `simBrokerStore(db)` to the `SimBroker`.
 * Every change is one transaction holding the account row's lock (`SELECT … FOR UPDATE`, sent
 * with BEGIN), so a user's requests settle one after the other and a fill is written with its
 * cash and position or not at all. Times are ms since the epoch. Every running demo bot comes
 * here several times a tick, so the statements are named ones on node-postgres (see
 * pool-query.ts), on one pooled connection per transaction (`inTransaction`).
 */

const run = (client: pg.PoolClient, statement: Statement, values: unknown[]) =>
  client.query({ ...statement, values });

interface AccountRow {
  accountNumber: string;
  cash: number;
  /** BIGINT: node-postgres returns it as text. */
  rngState: string;
}

const LOCK_ACCOUNT: Statement = {
  name: 'sim_accounts.lock',
  text: `SELECT account_number AS "accountNumber", cash, rng_state AS "rngState"
    FROM sim_accounts WHERE user_id = $1 FOR UPDATE`,
};

/**
 * LOCK_ACCOUNT with the user id written in, for the transaction's opening round trip (which
 * takes no parameters): an integer, checked, so the text is safe.
 */
function lockAccountText(userId: number): string {
  if (!Number.isSafeInteger(userId)) throw new TypeError(`not a user id: ${userId}`);
  return LOCK_ACCOUNT.text.replace('$1', String(userId));
}

const OPEN_ACCOUNT: Statement = {
  name: 'sim_accounts.open',
  text: `INSERT INTO sim_accounts (user_id, account_number, cash, rng_state)
    VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING`,
};

/**
 * The user's account row, locked: the transaction's opening statement found it (`locked`), else
 * it is opened (insert, racing openers settle on ON CONFLICT) and then locked and read, so an
 * existing account costs no insert and no round trip of its own.
 */
async function lockAccount(
  client: pg.PoolClient,
  userId: number,
  locked: AccountRow | undefined,
  opening: { cash: number; seed: number; accountNumber: string },
): Promise<AccountRow> {
  if (locked !== undefined) return locked;
  const select = async () => (await run(client, LOCK_ACCOUNT, [userId])).rows as AccountRow[];
  await run(client, OPEN_ACCOUNT, [
    userId,
    opening.accountNumber,
    opening.cash,
    opening.seed >>> 0,
  ]);
  const [opened] = await select();
  if (opened === undefined) throw new Error(`sim account ${userId} missing after opening`);
  return opened;
}

const ms = (at: string) => `(extract(epoch from ${at}) * 1000)::bigint`;
const jsonOrder = `json_build_object(
  'id', o.id, 'clientOrderId', o.client_order_id, 'symbol', o.symbol, 'side', o.side,
  'type', o.type, 'timeInForce', o.time_in_force, 'qty', o.qty, 'filledQty', o.filled_qty,
  'filledAvgPrice', o.filled_avg_price, 'limitPrice', o.limit_price, 'stopPrice', o.stop_price,
  'trail', o.trail, 'extreme', o.extreme, 'bracketStopAt', o.bracket_stop_at,
  'bracketTargetAt', o.bracket_target_at, 'bracketTrail', o.bracket_trail,
  'parentId', o.parent_id, 'status', o.status, 'firstBar', ${ms('o.first_bar')},
  'submittedAt', ${ms('o.submitted_at')}, 'filledAt', ${ms('o.filled_at')},
  'endedAt', ${ms('o.ended_at')})`;
/**
 * Open orders (oldest first), positions (by symbol) and the order of client order id $2 (any
 * status; $2 null: none), as JSON text: one statement.
 */
const OPEN_BOOK: Statement = {
  name: 'sim_orders.open_book',
  text: `SELECT
  (SELECT coalesce(json_agg(${jsonOrder} ORDER BY o.submitted_at, o.id), '[]')::text
     FROM sim_orders o
     WHERE o.user_id = $1 AND o.status IN ('new', 'partially_filled')) AS orders,
  (SELECT coalesce(json_agg(json_build_object(
       'symbol', p.symbol, 'qty', p.qty, 'avgEntryPrice', p.avg_entry_price) ORDER BY p.symbol),
     '[]')::text
     FROM sim_positions p WHERE p.user_id = $1) AS positions,
  (SELECT ${jsonOrder}::text FROM sim_orders o
     WHERE o.user_id = $1 AND o.client_order_id = $2::text) AS by_client_id`,
};

/**
 * The locked account's open orders and positions, and the order of `clientOrderId` when one is
 * asked for, in one round trip (read after the lock, so they are what the previous holder
 * committed).
 */
async function openBook(
  client: pg.PoolClient,
  userId: number,
  clientOrderId: string | null,
): Promise<{ open: SimOrder[]; positions: SimPosition[]; byClientId: SimOrder | null }> {
  const [row] = (await run(client, OPEN_BOOK, [userId, clientOrderId])).rows as {
    orders: string;
    positions: string;
    by_client_id: string | null;
  }[];
  const byClientId = row?.by_client_id ?? null;
  return {
    open: (JSON.parse(row?.orders ?? '[]') as OrderJson[]).map(fromJson),
    positions: JSON.parse(row?.positions ?? '[]') as SimPosition[],
    byClientId: byClientId === null ? null : fromJson(JSON.parse(byClientId) as OrderJson),
  };
}

const FILL_COLUMNS = `id::text AS id, order_id AS "orderId", symbol, side, qty, price,
  commission, reason, time`;

const FILLS_AFTER: Statement = {
  name: 'sim_fills.after',
  text: `SELECT ${FILL_COLUMNS} FROM sim_fills WHERE user_id = $1 AND time > $2 ORDER BY time, id`,
};

const FILLS_SINCE: Statement = {
  name: 'sim_fills.since',
  text: `SELECT ${FILL_COLUMNS} FROM sim_fills WHERE user_id = $1 AND time >= $2 ORDER BY time, id`,
};

/** The user's fills after or since `time` (its index: user, time, id), oldest first. */
async function readFills(
  on: Pick<pg.Pool, 'query'>,
  statement: Statement,
  userId: number,
  time: number,
): Promise<SimFill[]> {
  const { rows } = await on.query<Omit<SimFill, 'time'> & { time: Date }>({
    ...statement,
    values: [userId, new Date(time)],
  });
  return rows.map((r) => ({ ...r, time: r.time.getTime() }));
}

const ORDER_BY_CLIENT_ID: Statement = {
  name: 'sim_orders.by_client_id',
  text: `SELECT ${ORDER_COLUMNS} FROM sim_orders WHERE user_id = $1 AND client_order_id = $2`,
};

const ORDER_BY_ID: Statement = {
  name: 'sim_orders.by_id',
  text: `SELECT ${ORDER_COLUMNS} FROM sim_orders WHERE user_id = $1 AND id = $2`,
};

async function findOrder(
  client: pg.PoolClient,
  statement: Statement,
  values: unknown[],
): Promise<SimOrder | null> {
  const [row] = (await run(client, statement, values)).rows as OrderRow[];
  return row === undefined ? null : toRecord(row);
}

/** The `SimBrokerStore` over PostgreSQL. */
export function simBrokerStore(db: Db): SimBrokerStore {
  return {
    async transact<T>(
      userId: number,
      opening: { cash: number; seed: number; accountNumber: string },
      work: (ledger: SimLedger) => Promise<{ changes: SimChanges | null; value: T }>,
      options: { clientOrderId?: string } = {},
    ): Promise<T> {
      return inTransaction(
        db,
        async (client, opened) => {
          const account = await lockAccount(
            client,
            userId,
            opened[0] as AccountRow | undefined,
            opening,
          );
          const asked = options.clientOrderId ?? null;
          const { open, positions, byClientId } = await openBook(client, userId, asked);
          const ledger: SimLedger = {
            account: {
              accountNumber: account.accountNumber,
              cash: account.cash,
              rngState: Number(account.rngState),
            },
            openOrders: open,
            positions,
            orderByClientId: async (clientOrderId) =>
              clientOrderId === asked
                ? byClientId
                : findOrder(client, ORDER_BY_CLIENT_ID, [userId, clientOrderId]),
            orderById: (id) => findOrder(client, ORDER_BY_ID, [userId, id]),
            fillsAfter: (time) => readFills(client, FILLS_AFTER, userId, time),
          };
          const { changes, value } = await work(ledger);
          if (changes !== null) await writeChanges(client, userId, changes);
          return value;
        },
        lockAccountText(userId),
      );
    },

    listFills: (userId: number, since: number) => readFills(db.pool, FILLS_SINCE, userId, since),
  };
}
