import {
  BrokerError,
  type BrokerAccount,
  type BrokerFill,
  type BrokerOrder,
  type BrokerPort,
  type BrokerPosition,
  type OrderRequest,
} from '@tradebot/market';

/**
 * A broker that behaves as Alpaca's paper account does for market orders in session: a submit is
 * answered `new` ("accepted") and the order fills a moment later, here on the next read of
 * anything; FILL ids are "<ms>::<random>", the sequence is the full-precision time; no snapshot
 * and no batch lookup (Alpaca offers neither). Cash and positions move with the fills.
 */
export class AlpacaShapedBroker implements BrokerPort {
  cash: number;
  readonly positions = new Map<string, { qty: number; avg: number; price: number }>();
  readonly orders: BrokerOrder[] = [];
  readonly fills: BrokerFill[] = [];
  private pending: BrokerOrder[] = [];
  private n = 0;

  constructor(
    private readonly now: () => number,
    cash: number,
  ) {
    this.cash = cash;
  }

  /** A position bought a day before, with its fill. */
  hold(symbol: string, qty: number, price: number): void {
    this.positions.set(symbol, { qty, avg: price, price });
    this.cash -= qty * price;
    const time = this.now() - 86_400_000;
    this.n++;
    this.fills.push({
      id: `${time}::entry-${symbol}`,
      orderId: `entry-${symbol}`,
      symbol,
      side: 'buy',
      qty,
      price,
      time,
    });
  }

  private execute(): void {
    for (const order of this.pending) {
      const held = this.positions.get(order.symbol);
      const price = held?.price ?? 100;
      const signed = order.side === 'buy' ? order.qty : -order.qty;
      const time = this.now();
      this.cash -= signed * price;
      const qty = (held?.qty ?? 0) + signed;
      if (qty === 0) this.positions.delete(order.symbol);
      else this.positions.set(order.symbol, { qty, avg: held?.avg ?? price, price });
      Object.assign(order, {
        status: 'filled',
        brokerStatus: 'filled',
        filledQty: order.qty,
        filledAvgPrice: price,
        filledAt: time,
      });
      this.n++;
      this.fills.push({
        id: `${time}::${(0xffff - this.n).toString(16)}-${order.id}`,
        orderId: order.id,
        symbol: order.symbol,
        side: order.side,
        qty: order.qty,
        price,
        time,
        sequence: `${new Date(time).toISOString().slice(0, 23)}${String(this.n).padStart(6, '0')}Z|0`,
      });
    }
    this.pending = [];
  }

  async getAccount(): Promise<BrokerAccount> {
    this.execute();
    let value = 0;
    for (const p of this.positions.values()) value += p.qty * p.price;
    const equity = this.cash + value;
    return {
      status: 'ACTIVE',
      accountNumber: 'PA0000000001',
      currency: 'USD',
      equity,
      cash: this.cash,
      buyingPower: Math.max(0, 2 * equity - Math.abs(value)),
      lastEquity: null,
      patternDayTrader: false,
      tradingBlocked: false,
    };
  }

  async getPositions(): Promise<BrokerPosition[]> {
    this.execute();
    return [...this.positions.entries()].map(([symbol, p]) => ({
      symbol,
      qty: p.qty,
      side: p.qty > 0 ? 'long' : 'short',
      avgEntryPrice: p.avg,
      currentPrice: p.price,
      marketValue: p.qty * p.price,
      unrealizedPl: p.qty * (p.price - p.avg),
    }));
  }

  async submitOrder(request: OrderRequest): Promise<BrokerOrder> {
    this.execute();
    if (this.orders.some((o) => o.clientOrderId === request.clientOrderId))
      throw new BrokerError('rejected', 'client_order_id must be unique');
    const order: BrokerOrder = {
      id: `order-${this.orders.length + 1}`,
      clientOrderId: request.clientOrderId,
      symbol: request.symbol,
      side: request.side,
      type: request.type,
      timeInForce: request.timeInForce,
      qty: request.qty,
      filledQty: 0,
      filledAvgPrice: null,
      limitPrice: null,
      stopPrice: null,
      status: 'new',
      brokerStatus: 'accepted',
      submittedAt: this.now(),
      filledAt: null,
      endedAt: null,
    };
    this.orders.push(order);
    this.pending.push(order);
    return { ...order };
  }

  async getOrderByClientId(clientOrderId: string): Promise<BrokerOrder | null> {
    this.execute();
    const order = this.orders.find((o) => o.clientOrderId === clientOrderId);
    return order ? { ...order } : null;
  }

  async listOpenOrders(): Promise<BrokerOrder[]> {
    this.execute();
    return this.orders.filter((o) => o.status === 'new').map((o) => ({ ...o }));
  }

  async cancelOrder(id: string): Promise<void> {
    const order = this.orders.find((o) => o.id === id);
    if (!order || order.status !== 'new') throw new BrokerError('not_found', 'order not found');
    Object.assign(order, { status: 'canceled', brokerStatus: 'canceled', endedAt: this.now() });
    this.pending = this.pending.filter((o) => o !== order);
  }

  async closePosition(symbol: string): Promise<BrokerOrder> {
    const held = this.positions.get(symbol);
    if (!held) throw new BrokerError('not_found', 'position not found');
    return this.submitOrder({
      symbol,
      qty: Math.abs(held.qty),
      side: held.qty > 0 ? 'sell' : 'buy',
      type: 'market',
      timeInForce: 'day',
      clientOrderId: `close-${symbol}-${this.orders.length}`,
    });
  }

  async getFills(since: number): Promise<BrokerFill[]> {
    this.execute();
    return this.fills.filter((f) => f.time >= since);
  }
}
