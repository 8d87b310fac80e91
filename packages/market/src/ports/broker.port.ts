/**
 * The broker port (account, positions, orders, order by client id). Only the shape for now.
 * TODO(Step 6, broker slice): the Alpaca adapter (`alpaca/`) and the simulated broker that fills
 * against the demo market with slippage and partial fills (`demo/`); money fields are decimal
 * strings at Alpaca, numbers here.
 */
export interface BrokerAccount {
  equity: number;
  cash: number;
  buying_power: number;
}

export interface BrokerPosition {
  symbol: string;
  qty: number;
  avg_entry_price: number;
  unrealized_pl: number;
}

export type OrderSide = 'buy' | 'sell';

export interface OrderRequest {
  symbol: string;
  qty: number;
  side: OrderSide;
  type: 'market' | 'limit' | 'stop';
  limitPrice?: number;
  stopPrice?: number;
  /** Deterministic id that makes submitting twice harmless. */
  clientOrderId: string;
}

export interface BrokerOrder extends OrderRequest {
  id: string;
  status: 'new' | 'partially_filled' | 'filled' | 'canceled' | 'rejected' | 'expired';
  filledQty: number;
  filledAvgPrice: number | null;
  submittedAt: number;
}

export interface BrokerPort {
  getAccount(): Promise<BrokerAccount>;
  getPositions(): Promise<BrokerPosition[]>;
  submitOrder(order: OrderRequest): Promise<BrokerOrder>;
  getOrderByClientId(clientOrderId: string): Promise<BrokerOrder | null>;
  cancelOrder(id: string): Promise<void>;
}
