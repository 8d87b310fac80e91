import type { trading } from '@alpacahq/alpaca-trade-api/rest';
import { BrokerError, type OrderRequest, type TimeInForce } from '../ports/broker.port.js';

/**
 * An entry's protective exits as Alpaca's bracket order (order class `bracket`): the entry, a
 * take-profit limit leg and a stop-loss stop leg, activated together once the entry has filled
 * completely, one cancelling the other (Alpaca's "Bracket Orders" in "Understand Orders").
 *
 * - Leg prices are absolute and must be known at submission, before the fill: they are the
 *   bot's reference price (the deciding bar's close) × the README's multiples, not the real fill
 *   × the multiples as in the backtester. The levels therefore differ from the backtest's by the
 *   overnight gap between that close and the fill (README, "Live trading").
 * - Prices are rounded to Alpaca's increments (sub-penny rule): whole cents at $1 and above,
 *   4 decimals below $1.
 * - Time in force: Alpaca takes only `day` or `gtc` for a bracket (never `opg`), and the legs
 *   take the entry's time in force (a leg's own is ignored). A `day` bracket's legs expire at that
 *   day's close, which would leave the position unprotected from the second day on, so every
 *   bracket is sent `gtc`. An `opg` entry (fill at the next open) is therefore a market `gtc`
 *   order sent before the open: Alpaca queues it and routes it to the primary exchange's opening
 *   auction, where it fills at the official opening price like `opg` (Alpaca's order handling
 *   standards: market orders received before the exchange's cut-off, 9:28 ET, get the opening
 *   print). Sent while the market is open it fills at once at the current price instead, and an
 *   entry that does not fill stays working until the bot's `order_timeout` cancels it.
 * - A trailing stop (`trail` > 0) cannot be a bracket leg at Alpaca (trailing stops are single
 *   orders only): the adapter leaves it out and the bot watches the trailing level every tick,
 *   exiting at market when it is crossed.
 */

/** A bracket's time in force at Alpaca: always gtc, so the legs outlive the entry's day. */
export function bracketTimeInForce(tif: TimeInForce): 'gtc' {
  if (tif === 'opg' || tif === 'day' || tif === 'gtc') return 'gtc';
  throw new BrokerError(
    'rejected',
    `Alpaca takes a bracket order only with time in force day or gtc (opg is sent as gtc), not ${tif}.`,
  );
}

/** Half-up rounding to `decimals` places of the decimal value (1.005 → 1.01, not 1.00). */
function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(Number((value * scale).toPrecision(12))) / scale;
}

/** Rounds a price to Alpaca's increment: 2 decimals at $1 and above, 4 below; as decimal text. */
export function alpacaPrice(price: number): string {
  if (!Number.isFinite(price) || price <= 0) {
    throw new BrokerError('rejected', `A bracket price must be a positive number, not ${price}.`);
  }
  const fine = roundTo(price, 4);
  if (fine >= 1) return roundTo(price, 2).toFixed(2);
  if (fine <= 0) throw new BrokerError('rejected', `A bracket price rounds to 0 (${price}).`);
  return fine.toFixed(4);
}

export type BracketFields = Pick<
  trading.PostOrderRequest,
  'orderClass' | 'takeProfit' | 'stopLoss' | 'timeInForce'
>;

/**
 * The bracket part of `POST /v2/orders` for an order with `bracket`, checked before anything is
 * sent: a reference price, a market or limit entry, and a take-profit on the winning side of the
 * stop-loss (above it for a buy, below it for a sell) once both are rounded.
 */
export function bracketFields(order: OrderRequest): BracketFields {
  const b = order.bracket;
  if (!b) throw new Error('bracketFields needs an order with a bracket');
  const reference = b.referencePrice;
  if (reference === undefined || !Number.isFinite(reference) || reference <= 0) {
    throw new BrokerError(
      'rejected',
      `A bracket order for ${order.symbol} needs a reference price: Alpaca takes the take-profit and stop-loss as prices, set before the entry fills.`,
    );
  }
  if (order.type !== 'market' && order.type !== 'limit') {
    throw new BrokerError(
      'rejected',
      `Alpaca takes a bracket only on a market or limit entry, not ${order.type}.`,
    );
  }
  const takeProfit = alpacaPrice(reference * b.takeProfitAt);
  const stopLoss = alpacaPrice(reference * b.stopLossAt);
  const tp = Number(takeProfit);
  const sl = Number(stopLoss);
  if (order.side === 'buy' ? !(tp > sl) : !(tp < sl)) {
    throw new BrokerError(
      'rejected',
      `A ${order.side} bracket for ${order.symbol} needs its take-profit (${takeProfit}) ${order.side === 'buy' ? 'above' : 'below'} its stop-loss (${stopLoss}).`,
    );
  }
  return {
    orderClass: 'bracket',
    takeProfit: { limitPrice: takeProfit },
    stopLoss: { stopPrice: stopLoss },
    timeInForce: bracketTimeInForce(order.timeInForce),
  };
}

export type OcoFields = Pick<
  trading.PostOrderRequest,
  'orderClass' | 'takeProfit' | 'stopLoss' | 'timeInForce'
>;

/**
 * The OCO part of `POST /v2/orders` for an order with `oco` (Alpaca's "OCO Orders": the exits of
 * a position already held, `order_class` "oco", `type` "limit", the take-profit's
 * `take_profit.limit_price` and the stop-loss's `stop_loss.stop_price`): checked before anything
 * is sent — a limit order, gtc (the exits outlive the day), and the take-profit on the winning
 * side of the stop-loss once both are rounded (above it for a sell closing a long, below it for
 * a buy covering a short).
 */
export function ocoFields(order: OrderRequest): OcoFields {
  const o = order.oco;
  if (!o) throw new Error('ocoFields needs an order with oco');
  if (order.type !== 'limit' || order.timeInForce !== 'gtc') {
    throw new BrokerError(
      'rejected',
      `An OCO order for ${order.symbol} must be a gtc limit order, not ${order.type} ${order.timeInForce}.`,
    );
  }
  const takeProfit = alpacaPrice(o.limitPrice);
  const stopLoss = alpacaPrice(o.stopPrice);
  const tp = Number(takeProfit);
  const sl = Number(stopLoss);
  if (order.side === 'sell' ? !(tp > sl) : !(tp < sl)) {
    throw new BrokerError(
      'rejected',
      `A ${order.side} OCO for ${order.symbol} needs its take-profit (${takeProfit}) ${order.side === 'sell' ? 'above' : 'below'} its stop-loss (${stopLoss}).`,
    );
  }
  return {
    orderClass: 'oco',
    takeProfit: { limitPrice: takeProfit },
    stopLoss: { stopPrice: stopLoss },
    timeInForce: 'gtc',
  };
}
