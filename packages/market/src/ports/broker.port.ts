/**
 * The broker port: what the bot needs of a brokerage account. Two adapters implement
 * it: Alpaca (`alpaca/`, the user's paper or live keys) and the simulated broker on the demo
 * market (fills by the backtester's rules, state in PostgreSQL). Money and quantities are
 * numbers here (Alpaca sends decimal strings); times are ms since the epoch (UTC).
 */
export interface BrokerAccount {
  /** The broker's account status, e.g. "ACTIVE". */
  status: string;
  /** The account number as the broker gives it; mask it before showing (`maskAccountNumber`). */
  accountNumber: string;
  currency: string;
  equity: number;
  cash: number;
  buyingPower: number;
  /** Equity at the previous session's close (for the day's P&L), when the broker says. */
  lastEquity: number | null;
  patternDayTrader: boolean;
  tradingBlocked: boolean;
}

export interface BrokerPosition {
  symbol: string;
  /** Shares held: negative for a short. */
  qty: number;
  side: 'long' | 'short';
  avgEntryPrice: number;
  currentPrice: number | null;
  marketValue: number | null;
  unrealizedPl: number | null;
}

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'market' | 'limit' | 'stop' | 'stop_limit' | 'trailing_stop';
/** `opg`: the opening auction (an entry decided on a completed daily bar fills at the next open). */
export type TimeInForce = 'day' | 'gtc' | 'opg' | 'cls' | 'ioc' | 'fok';

export interface OrderRequest {
  symbol: string;
  qty: number;
  side: OrderSide;
  type: OrderType;
  timeInForce: TimeInForce;
  limitPrice?: number;
  stopPrice?: number;
  /** Trailing stops: distance as a percent of the best price since the order (2 = 2 %). */
  trailPercent?: number;
  /**
   * Protective exits attached to an entry (Alpaca: a bracket order), placed when it fills. Only
   * on a market entry with time in force `opg` or `day` (one fill bar).
   */
  bracket?: BracketExits;
  /**
   * Protective exits of a position already held, one cancelling the other (Alpaca: order class
   * `oco`): a take-profit limit at `limitPrice` and a stop-loss stop at `stopPrice`, absolute
   * prices, on a closing-side `limit` order with time in force `gtc` (a sell for a long, a buy for
   * a short). The simulated broker checks both inside each bar by the backtester's rules.
   */
  oco?: OcoExits;
  /**
   * Deterministic id, recorded in PostgreSQL before the order is sent: after a timeout or a
   * crash the bot looks the order up by it instead of sending again.
   */
  clientOrderId: string;
}

/**
 * The README's protective exits as multiples of the entry's fill price P (slippage included):
 * stop-loss P·stopLossAt, take-profit P·takeProfitAt, and a trailing stop `trail` (a fraction,
 * 0 = off) below the best price since the fill. The bot passes `levelMultiples(params)` and the
 * backtest settings' `trailing_stop_pct`, so the levels round exactly as the backtester's. The
 * simulated broker checks them inside every bar from the fill bar on, by the backtester's rules;
 * Alpaca gets absolute prices from its adapter.
 */
export interface BracketExits {
  stopLossAt: number;
  takeProfitAt: number;
  trail: number;
  /**
   * The price the multiples are applied to by a broker that needs absolute prices before the
   * fill (Alpaca's bracket legs): the bot passes the deciding bar's close. The simulated broker
   * ignores it and uses the real fill price.
   */
  referencePrice?: number;
}

/** A held position's stop-loss and take-profit as prices (see `OrderRequest.oco`). */
export interface OcoExits {
  stopPrice: number;
  limitPrice: number;
}

/**
 * Order states the bot acts on. Alpaca has more (accepted, pending_new, done_for_day, …): the
 * adapter maps each to the nearest of these and keeps the original in `brokerStatus`.
 */
export type OrderStatus =
  'new' | 'partially_filled' | 'filled' | 'canceled' | 'expired' | 'rejected';

export interface BrokerOrder {
  id: string;
  clientOrderId: string;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  timeInForce: TimeInForce;
  qty: number;
  filledQty: number;
  filledAvgPrice: number | null;
  limitPrice: number | null;
  stopPrice: number | null;
  status: OrderStatus;
  brokerStatus: string;
  submittedAt: number;
  filledAt: number | null;
  /** When the order ended unfilled or partly filled (canceled, expired, rejected). */
  endedAt: number | null;
  /**
   * A bracket's exit orders as the broker holds them (Alpaca: the take-profit limit and the
   * stop-loss stop, working once the entry has filled); absent for a simple order.
   */
  legs?: BrokerOrder[];
}

/** One execution (Alpaca: an activity of type FILL). */
export interface BrokerFill {
  id: string;
  orderId: string;
  symbol: string;
  side: OrderSide;
  qty: number;
  price: number;
  time: number;
  /** Commission paid on this fill, when the broker reports it (the simulated broker does). */
  commission?: number;
  /**
   * Which protective level an exit filled at, when the broker knows it: the simulated broker
   * for exits inside a bar, Alpaca for the fills of a bracket's legs; other fills leave it out.
   */
  reason?: 'stop_loss' | 'trailing_stop' | 'take_profit';
  /**
   * The broker's chronological order where the time in ms cannot tell (fills of one
   * millisecond): a key that sorts as the broker executed them (Alpaca: the full-precision
   * transaction time, then a bracket parent's fill before its legs'). Absent: the time and the
   * order the broker listed them in decide.
   */
  sequence?: string;
}

/** Alpaca's dividend activity types (cash credited or withheld for a holding). */
export const DIVIDEND_ACTIVITY_TYPES = [
  'DIV',
  'DIVCGL',
  'DIVCGS',
  'DIVFEE',
  'DIVFT',
  'DIVNRA',
  'DIVROC',
  'DIVTW',
  'DIVTXEX',
] as const;

/** Cash the broker credited or charged outside a trade (Alpaca: a DIV… activity). */
export interface BrokerCashActivity {
  id: string;
  /** The broker's activity type, e.g. DIV, DIVNRA (tax withheld: a negative amount). */
  type: string;
  /** YYYY-MM-DD, the day the broker booked it. */
  date: string;
  /** Signed: credited > 0, charged < 0. */
  netAmount: number;
  symbol: string | null;
  qty: number | null;
  perShareAmount: number | null;
  description: string | null;
}

export type BrokerErrorCode =
  | 'invalid_keys'
  | 'not_permitted'
  | 'insufficient_buying_power'
  | 'pattern_day_trader'
  | 'rejected'
  | 'not_found'
  | 'rate_limited'
  | 'unavailable'
  /** The request may or may not have reached the broker (a lost response): look the order up. */
  | 'unknown_outcome';

/** The one error type adapters throw; `message` is safe to show the user. */
export class BrokerError extends Error {
  override readonly name = 'BrokerError';
  constructor(
    readonly code: BrokerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The account, its positions and its open orders as of one read. */
export interface BrokerSnapshot {
  account: BrokerAccount;
  positions: BrokerPosition[];
  openOrders: BrokerOrder[];
  /** The fills since `fillsSince`, when it was asked for (what `getFills` would answer). */
  fills?: BrokerFill[];
}

export interface BrokerPort {
  getAccount(): Promise<BrokerAccount>;
  getPositions(): Promise<BrokerPosition[]>;
  /** Submits once; a repeated clientOrderId is refused by the broker, never filled twice. */
  submitOrder(order: OrderRequest): Promise<BrokerOrder>;
  getOrderByClientId(clientOrderId: string): Promise<BrokerOrder | null>;
  listOpenOrders(): Promise<BrokerOrder[]>;
  cancelOrder(id: string): Promise<void>;
  /** Closes the whole position at market (Quick Sell, the kill switch). */
  closePosition(symbol: string): Promise<BrokerOrder>;
  /** Fills since `since` (ms), oldest first. */
  getFills(since: number): Promise<BrokerFill[]>;
  /**
   * Optional: account, positions and open orders in one read (the simulated broker: one settled
   * transaction), and with `fillsSince` (ms) the fills since then. Without it, callers read them
   * one by one.
   */
  snapshot?(options?: { fillsSince?: number }): Promise<BrokerSnapshot>;
  /**
   * Optional: cash activities that are not trades (dividends) booked on or after the New York
   * day of `since` (ms), oldest first. A broker without them (the simulated one) leaves it out.
   */
  getCashActivities?(since: number): Promise<BrokerCashActivity[]>;
  /** Optional: several `getOrderByClientId` in one read (absent ids map to null). */
  getOrdersByClientIds?(
    clientOrderIds: readonly string[],
  ): Promise<Map<string, BrokerOrder | null>>;
}

/** "PA1234567" → "*****4567". */
export function maskAccountNumber(accountNumber: string): string {
  return accountNumber.length <= 4
    ? '*'.repeat(accountNumber.length)
    : '*'.repeat(accountNumber.length - 4) + accountNumber.slice(-4);
}
