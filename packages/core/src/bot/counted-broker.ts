import { BrokerError, type BrokerPort } from '@tradebot/market';
import { brokerErrors } from '../observability/metrics.js';

/** Counts a BrokerError by kind and rethrows whatever it was given. */
export function countBrokerError(error: unknown): never {
  if (error instanceof BrokerError) brokerErrors.inc({ kind: error.code });
  throw error;
}

/**
 * The broker with every BrokerError it answers counted by kind (tradebot_broker_errors_total);
 * calls and errors pass through unchanged, and an optional method the broker lacks stays absent.
 */
export function countedBroker(broker: BrokerPort): BrokerPort {
  return new Proxy(broker, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        try {
          const result: unknown = Reflect.apply(value, target, args);
          return result instanceof Promise ? result.catch(countBrokerError) : result;
        } catch (error) {
          return countBrokerError(error);
        }
      };
    },
  });
}
