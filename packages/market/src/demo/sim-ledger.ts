import type { BracketExits, OrderSide, OrderStatus, TimeInForce } from '../ports/broker.port.js';

/**
 * The simulated broker's state as it is stored (PostgreSQL, `packages/db` sim-broker.repo.ts):
 * this package defines the shapes and the store it needs, the database package implements it and
 * core wires the two. Times are ms since the epoch.
 */
export type SimOrderType = 'market' | 'limit' | 'stop' | 'trailing_stop';

export interface SimOrder {
  id: string;
  clientOrderId: string;
  symbol: string;
  side: OrderSide;
  type: SimOrderType;
  timeInForce: TimeInForce;
  qty: number;
  filledQty: number;
  filledAvgPrice: number | null;
  limitPrice: number | null;
  /** The fixed stop (a bracket's stop-loss); null for a plain trailing stop. */
  stopPrice: number | null;
  /** Trailing distance as a fraction (2 % = 0.02); null or 0: none. */
  trail: number | null;
  /** Best price since the order (high for a sell, low for a buy) before the coming bar. */
  extreme: number | null;
  bracket: BracketExits | null;
  /** The entry a bracket's exit belongs to. */
  parentId: string | null;
  status: OrderStatus;
  /**
   * Time (UTC midnight of its date) of the next daily bar the order may fill on: the first session
   * opening after it was placed, then moved past each bar it has been checked on, so a settle
   * never checks (or draws for) an order on the same bar twice.
   */
  firstBar: number;
  submittedAt: number;
  filledAt: number | null;
  endedAt: number | null;
}

export interface SimPosition {
  symbol: string;
  /** Signed: negative for a short; 0 in a change deletes the row. */
  qty: number;
  avgEntryPrice: number;
}

export interface SimFill {
  /** Assigned by the store (ordered by insertion); empty in a change. */
  id: string;
  orderId: string;
  symbol: string;
  side: OrderSide;
  qty: number;
  /** Slippage included. */
  price: number;
  commission: number;
  /** Exits inside a bar: which level filled; null for fills at the open and for entries. */
  reason: 'stop_loss' | 'trailing_stop' | 'take_profit' | null;
  time: number;
}

export interface SimAccountState {
  accountNumber: string;
  cash: number;
  /** Mulberry32 state of the partial-fill draws. */
  rngState: number;
}

/** What one transaction sees: the account row (locked), its open orders and positions. */
export interface SimLedger {
  account: SimAccountState;
  openOrders: SimOrder[];
  positions: SimPosition[];
  /** Any order of the account by the caller's id (open or ended), inside the transaction. */
  orderByClientId(clientOrderId: string): Promise<SimOrder | null>;
  orderById(id: string): Promise<SimOrder | null>;
  /** The account's stored fills made after `time` (ms), oldest first. */
  fillsAfter(time: number): Promise<SimFill[]>;
}

/** What a transaction writes back: orders and positions upserted (qty 0 deletes), fills added. */
export interface SimChanges {
  cash: number;
  rngState: number;
  orders: SimOrder[];
  positions: SimPosition[];
  fills: SimFill[];
}

/** A new account: starting cash and the seed of its partial-fill draws. */
export interface SimOpening {
  cash: number;
  seed: number;
  accountNumber: string;
}

export interface SimBrokerStore {
  /**
   * One transaction: creates the user's account from `opening` if it has none, locks its row,
   * loads the ledger, runs `work` and writes the changes it returns (all or nothing), then returns
   * its value. Concurrent calls for one user run one after the other. With `clientOrderId`, the
   * order of that id (if any) is loaded with the ledger, so `orderByClientId` for it reads nothing.
   */
  transact<T>(
    userId: number,
    opening: SimOpening,
    work: (ledger: SimLedger) => Promise<{ changes: SimChanges | null; value: T }>,
    options?: { clientOrderId?: string },
  ): Promise<T>;
  /** Fills at or after `since` (ms), oldest first. */
  listFills(userId: number, since: number): Promise<SimFill[]>;
}
