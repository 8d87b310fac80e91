import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createAlpacaBroker, type AlpacaBrokerOptions } from '../src/alpaca/alpaca-broker.js';
import type { OrderRequest } from '../src/ports/broker.port.js';
import { ACCOUNT_FIXTURE, createFakeAlpacaTrading } from './alpaca-trading-server.js';

/**
 * The Alpaca broker adapter's tests against the msw fake trading API: the fake, its recorded
 * state, the back-off waits the adapter asked for (its sleep is injected), and order helpers.
 */
export const fake = createFakeAlpacaTrading();
export const { server, state } = fake;
export const waits: number[] = [];

/** Registers the fake's hooks in the calling test file: a fresh account and no orders per test. */
export function useFakeAlpacaTrading(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  beforeEach(() => {
    waits.length = 0;
    state.requests.length = 0;
    state.orders.length = 0;
    state.fills.length = 0;
    state.positions = [];
    state.account = { ...ACCOUNT_FIXTURE };
    state.slowCancels = false;
  });
}

export function broker(o: Partial<AlpacaBrokerOptions> = {}) {
  return createAlpacaBroker({
    keyId: 'PKTESTKEY',
    secretKey: 'test-secret-value',
    retry: { sleep: async (ms) => void waits.push(ms) },
    ...o,
  });
}

export const buy = (clientOrderId: string, extra: Partial<OrderRequest> = {}): OrderRequest => ({
  symbol: 'AAPL',
  qty: 10,
  side: 'buy',
  type: 'limit',
  timeInForce: 'day',
  limitPrice: 187.5,
  clientOrderId,
  ...extra,
});
export const posts = () => state.requests.filter((r) => r.method === 'POST');
export const at = (iso: string) => Date.parse(iso);
