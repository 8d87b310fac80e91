import type { SimChanges } from '@tradebot/market/sim-ledger';
import type pg from 'pg';
import type { Statement } from '../pool-query.js';
import { ORDER_WRITE_COLUMNS, orderValues } from './sim-orders.rows.js';

const ORDER_ARRAYS = ORDER_WRITE_COLUMNS.map(([, type], k) => `$${k + 5}::${type}[]`);
const ORDER_NAMES = ORDER_WRITE_COLUMNS.map(([column]) => column);
const AFTER_ORDERS = ORDER_WRITE_COLUMNS.length + 5;
const param = (k: number) => `$${AFTER_ORDERS + k}`;

/**
 * A settled book's changes written in one statement (one round trip, whatever changed): the
 * account's cash, every changed order (inserted or updated), every changed position (deleted
 * when flat) and the new fills, in the order the book made them. Foreign keys are checked at
 * the statement's end, so a new order's bracket exits and fills may come with it.
 */
const WRITE_CHANGES: Statement = {
  name: 'sim_broker.write_changes',
  text: `WITH account AS (
      UPDATE sim_accounts SET cash = $2, rng_state = $3, updated_at = $4 WHERE user_id = $1
    ), orders AS (
      INSERT INTO sim_orders (user_id, ${ORDER_NAMES.join(', ')})
      SELECT $1, ${ORDER_NAMES.map((c) => `o.${c}`).join(', ')}
      FROM unnest(${ORDER_ARRAYS.join(', ')}) WITH ORDINALITY AS o(${ORDER_NAMES.join(', ')}, n)
      ORDER BY o.n
      ON CONFLICT (id) DO UPDATE SET
      ${ORDER_NAMES.filter((c) => c !== 'id')
        .map((c) => `${c} = EXCLUDED.${c}`)
        .join(', ')}
    ), flat AS (
      DELETE FROM sim_positions WHERE user_id = $1 AND symbol = ANY(${param(0)}::text[])
    ), held AS (
      INSERT INTO sim_positions (user_id, symbol, qty, avg_entry_price)
      SELECT $1, p.symbol, p.qty, p.avg_entry_price
      FROM unnest(${param(1)}::text[], ${param(2)}::float8[], ${param(3)}::float8[])
        AS p(symbol, qty, avg_entry_price)
      ON CONFLICT (user_id, symbol) DO UPDATE SET qty = EXCLUDED.qty,
        avg_entry_price = EXCLUDED.avg_entry_price
    ), fills AS (
      INSERT INTO sim_fills (user_id, order_id, symbol, side, qty, price, commission, reason, time)
      SELECT $1, f.order_id, f.symbol, f.side, f.qty, f.price, f.commission, f.reason, f.time
      FROM unnest(${param(4)}::uuid[], ${param(5)}::text[], ${param(6)}::text[],
        ${param(7)}::float8[], ${param(8)}::float8[], ${param(9)}::float8[], ${param(10)}::text[],
        ${param(11)}::timestamptz[]) WITH ORDINALITY
        AS f(order_id, symbol, side, qty, price, commission, reason, time, n)
      ORDER BY f.n
    )
    SELECT 1`,
};

/** Column k of `rows` (each row a list of values). */
const column = (rows: unknown[][], k: number) => rows.map((row) => row[k]);

export async function writeChanges(
  client: pg.PoolClient,
  userId: number,
  c: SimChanges,
): Promise<void> {
  const orders = c.orders.map(orderValues);
  const flat = c.positions.filter((p) => p.qty === 0);
  const held = c.positions.filter((p) => p.qty !== 0);
  await client.query({
    ...WRITE_CHANGES,
    values: [
      userId,
      c.cash,
      c.rngState,
      new Date(),
      ...ORDER_WRITE_COLUMNS.map((_, k) => column(orders, k)),
      flat.map((p) => p.symbol),
      held.map((p) => p.symbol),
      held.map((p) => p.qty),
      held.map((p) => p.avgEntryPrice),
      c.fills.map((f) => f.orderId),
      c.fills.map((f) => f.symbol),
      c.fills.map((f) => f.side),
      c.fills.map((f) => f.qty),
      c.fills.map((f) => f.price),
      c.fills.map((f) => f.commission),
      c.fills.map((f) => f.reason),
      c.fills.map((f) => new Date(f.time)),
    ],
  });
}
