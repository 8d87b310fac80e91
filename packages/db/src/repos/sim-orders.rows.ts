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

export function toRow(userId: number, o: SimOrder) {
  return {
    userId,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    timeInForce: o.timeInForce,
    qty: o.qty,
    filledQty: o.filledQty,
    filledAvgPrice: o.filledAvgPrice,
    limitPrice: o.limitPrice,
    stopPrice: o.stopPrice,
    trail: o.trail,
    extreme: o.extreme,
    bracketStopAt: o.bracket?.stopLossAt ?? null,
    bracketTargetAt: o.bracket?.takeProfitAt ?? null,
    bracketTrail: o.bracket?.trail ?? null,
    parentId: o.parentId,
    status: o.status,
    firstBar: new Date(o.firstBar),
    submittedAt: new Date(o.submittedAt),
    filledAt: date(o.filledAt),
    endedAt: date(o.endedAt),
  };
}

/** sim_orders' columns besides the id, in the order `toRow` gives them. */
export const ORDER_FIELDS = [
  'user_id',
  'client_order_id',
  'symbol',
  'side',
  'type',
  'time_in_force',
  'qty',
  'filled_qty',
  'filled_avg_price',
  'limit_price',
  'stop_price',
  'trail',
  'extreme',
  'bracket_stop_at',
  'bracket_target_at',
  'bracket_trail',
  'parent_id',
  'status',
  'first_bar',
  'submitted_at',
  'filled_at',
  'ended_at',
];
