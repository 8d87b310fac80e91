import { BrokerError, type OrderRequest } from '../ports/broker.port.js';
import type { SimOrderType } from './sim-ledger.js';

/** Texts for orders the simulated broker refuses (safe to show). */
export const simOrderMessages = {
  badQty: 'The quantity must be a whole number of shares, at least 1.',
  badType: (type: string) => `The demo market does not take ${type} orders.`,
  badTimeInForce: (tif: string) =>
    `The demo market does not take orders with time in force ${tif}.`,
  opgMarketOnly: 'An opening-auction (opg) order must be a market order.',
  needsLimit: 'A limit order needs a positive limit price.',
  needsStop: 'A stop order needs a positive stop price.',
  needsTrail: 'A trailing stop needs a positive trail percent.',
  badBracket: 'A bracket needs a market entry with time in force opg or day and valid levels.',
  badClientOrderId: 'The client order id must be 1 to 128 characters.',
  badOco:
    'An OCO needs a gtc limit order with a positive stop-loss and take-profit, the take-profit on the winning side.',
};

const TIME_IN_FORCE = new Set(['day', 'gtc', 'opg']);

function positive(x: number | undefined): x is number {
  return typeof x === 'number' && Number.isFinite(x) && x > 0;
}

/**
 * Checks an order the simulated broker takes: whole shares; market, limit, stop or trailing stop
 * (no stop-limit); time in force day, gtc or opg (opg for market orders only); a bracket only on a
 * market entry that fills on one bar (opg or day); an OCO (a held position's stop-loss and
 * take-profit) on a gtc limit order, stored as one stop order holding both levels. Returns the
 * stored type and the trail fraction.
 */
export function validateSimOrder(req: OrderRequest): {
  type: SimOrderType;
  trail: number | null;
} {
  const reject = (message: string) => new BrokerError('rejected', message);
  if (!(req.clientOrderId.length >= 1 && req.clientOrderId.length <= 128))
    throw reject(simOrderMessages.badClientOrderId);
  if (!(Number.isInteger(req.qty) && req.qty >= 1)) throw reject(simOrderMessages.badQty);
  if (req.type === 'stop_limit') throw reject(simOrderMessages.badType('stop-limit'));
  if (!TIME_IN_FORCE.has(req.timeInForce))
    throw reject(simOrderMessages.badTimeInForce(req.timeInForce));
  if (req.timeInForce === 'opg' && req.type !== 'market')
    throw reject(simOrderMessages.opgMarketOnly);
  const oco = req.oco;
  if (oco !== undefined) {
    const ordered =
      req.side === 'sell' ? oco.limitPrice > oco.stopPrice : oco.limitPrice < oco.stopPrice;
    if (!(
      req.type === 'limit' &&
      req.timeInForce === 'gtc' &&
      req.bracket === undefined &&
      positive(oco.stopPrice) &&
      positive(oco.limitPrice) &&
      ordered
    ))
      throw reject(simOrderMessages.badOco);
    // One order holds both levels, checked inside each bar as a bracket's exit is.
    return { type: 'stop', trail: null };
  }
  if (req.type === 'limit' && !positive(req.limitPrice)) throw reject(simOrderMessages.needsLimit);
  if (req.type === 'stop' && !positive(req.stopPrice)) throw reject(simOrderMessages.needsStop);
  if (req.type === 'trailing_stop' && !positive(req.trailPercent))
    throw reject(simOrderMessages.needsTrail);
  const b = req.bracket;
  if (
    b !== undefined &&
    !(
      req.type === 'market' &&
      (req.timeInForce === 'opg' || req.timeInForce === 'day') &&
      positive(b.stopLossAt) &&
      positive(b.takeProfitAt) &&
      Number.isFinite(b.trail) &&
      b.trail >= 0 &&
      b.trail < 1
    )
  )
    throw reject(simOrderMessages.badBracket);
  return {
    type: req.type,
    trail: req.type === 'trailing_stop' ? (req.trailPercent as number) / 100 : null,
  };
}
