import type { BrokerOrder } from '../ports/broker.port.js';
import type { SimBook } from './sim-book.js';
import type { SimOrder } from './sim-ledger.js';
import { stopLevel } from './sim-settle.js';

/** The simulated broker's orders as the broker port shows them, and its errors' texts. */

/** The book's open orders, oldest first. */
export function openOf(book: SimBook): BrokerOrder[] {
  return [...book.open.values()]
    .sort((a, b) => a.submittedAt - b.submittedAt || (a.id < b.id ? -1 : 1))
    .map(toBrokerOrder);
}

/** Texts the simulated broker's errors carry (safe to show). */
export const simBrokerMessages = {
  unknownSymbol: (symbol: string) => `${symbol} is not traded on the demo market.`,
  orderNotFound: 'No such order.',
  orderFilled: 'The order is already filled.',
  noPosition: (symbol: string) => `There is no open position in ${symbol}.`,
};

export function toBrokerOrder(o: SimOrder): BrokerOrder {
  return {
    id: o.id,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    timeInForce: o.timeInForce,
    qty: o.qty,
    filledQty: o.filledQty,
    filledAvgPrice: o.filledAvgPrice,
    limitPrice: o.limitPrice,
    stopPrice: stopLevel(o),
    status: o.status,
    brokerStatus: o.status,
    submittedAt: o.submittedAt,
    filledAt: o.filledAt,
    endedAt: o.endedAt,
  };
}
