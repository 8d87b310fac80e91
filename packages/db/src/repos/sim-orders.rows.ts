import type { SimOrder } from '@tradebot/market/sim-ledger';

/** The simulated broker's order rows (sim_orders) and their mapping to the ledger's `SimOrder`. */

/** An OrderRow's columns in SQL, named as it names them. */
export const ORDER_COLUMNS = `id, client_order_id AS "clientOrderId", symbol, side, type,
  time_in_force AS "timeInForce", qty, filled_qty AS "filledQty",
  filled_avg_price AS "filledAvgPrice", limit_price AS "limitPrice", stop_price AS "stopPrice",
  trail, extreme, bracket_stop_at AS "bracketStopAt", bracket_target_at AS "bracketTargetAt",
  bracket_trail AS "bracketTrail", parent_id AS "parentId", status, first_bar AS "firstBar",
  submitted_at AS "submittedAt", filled_at AS "filledAt", ended_at AS "endedAt"`;

export interface OrderRow {
  id: string;
  clientOrderId: string;
  symbol: string;
  side: string;
  type: string;
  timeInForce: string;
  qty: number;
  filledQty: number;
  filledAvgPrice: number | null;
  limitPrice: number | null;
  stopPrice: number | null;
  trail: number | null;
  extreme: number | null;
  bracketStopAt: number | null;
  bracketTargetAt: number | null;
  bracketTrail: number | null;
  parentId: string | null;
  status: string;
  firstBar: Date;
  submittedAt: Date;
  filledAt: Date | null;
  endedAt: Date | null;
}

export function toRecord(r: OrderRow): SimOrder {
  return {
    id: r.id,
    clientOrderId: r.clientOrderId,
    symbol: r.symbol,
    side: r.side as SimOrder['side'],
    type: r.type as SimOrder['type'],
    timeInForce: r.timeInForce as SimOrder['timeInForce'],
    qty: r.qty,
    filledQty: r.filledQty,
    filledAvgPrice: r.filledAvgPrice,
    limitPrice: r.limitPrice,
    stopPrice: r.stopPrice,
    trail: r.trail,
    extreme: r.extreme,
    bracket:
      r.bracketStopAt === null || r.bracketTargetAt === null
        ? null
        : {
            stopLossAt: r.bracketStopAt,
            takeProfitAt: r.bracketTargetAt,
            trail: r.bracketTrail ?? 0,
          },
    parentId: r.parentId,
    status: r.status as SimOrder['status'],
    firstBar: r.firstBar.getTime(),
    submittedAt: r.submittedAt.getTime(),
    filledAt: r.filledAt?.getTime() ?? null,
    endedAt: r.endedAt?.getTime() ?? null,
  };
}

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

/** An order as the open book's JSON gives it: its times in ms since the epoch. */
export type OrderJson = Omit<OrderRow, 'firstBar' | 'submittedAt' | 'filledAt' | 'endedAt'> & {
  firstBar: number;
  submittedAt: number;
  filledAt: number | null;
  endedAt: number | null;
};

export const fromJson = (o: OrderJson): SimOrder =>
  toRecord({
    ...o,
    firstBar: new Date(o.firstBar),
    submittedAt: new Date(o.submittedAt),
    filledAt: date(o.filledAt),
    endedAt: date(o.endedAt),
  });

/**
 * sim_orders' written columns besides user_id, with their SQL types, in the order
 * `orderValues` gives an order's values.
 */
export const ORDER_WRITE_COLUMNS: ReadonlyArray<readonly [column: string, type: string]> = [
  ['id', 'uuid'],
  ['client_order_id', 'text'],
  ['symbol', 'text'],
  ['side', 'text'],
  ['type', 'text'],
  ['time_in_force', 'text'],
  ['qty', 'float8'],
  ['filled_qty', 'float8'],
  ['filled_avg_price', 'float8'],
  ['limit_price', 'float8'],
  ['stop_price', 'float8'],
  ['trail', 'float8'],
  ['extreme', 'float8'],
  ['bracket_stop_at', 'float8'],
  ['bracket_target_at', 'float8'],
  ['bracket_trail', 'float8'],
  ['parent_id', 'uuid'],
  ['status', 'text'],
  ['first_bar', 'timestamptz'],
  ['submitted_at', 'timestamptz'],
  ['filled_at', 'timestamptz'],
  ['ended_at', 'timestamptz'],
];

/** An order's values for ORDER_WRITE_COLUMNS, in their order. */
export function orderValues(o: SimOrder): unknown[] {
  return [
    o.id,
    o.clientOrderId,
    o.symbol,
    o.side,
    o.type,
    o.timeInForce,
    o.qty,
    o.filledQty,
    o.filledAvgPrice,
    o.limitPrice,
    o.stopPrice,
    o.trail,
    o.extreme,
    o.bracket?.stopLossAt ?? null,
    o.bracket?.takeProfitAt ?? null,
    o.bracket?.trail ?? null,
    o.parentId,
    o.status,
    new Date(o.firstBar),
    new Date(o.submittedAt),
    date(o.filledAt),
    date(o.endedAt),
  ];
}
