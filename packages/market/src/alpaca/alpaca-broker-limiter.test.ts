import { describe, expect, it } from 'vitest';
import { broker, buy, state, useFakeAlpacaTrading } from '../../test/alpaca-broker-harness.js';
import { BrokerError } from '../ports/broker.port.js';
import { RequestSlotTimeoutError } from './errors.js';

useFakeAlpacaTrading();

/** The broker adapter with the key's shared request budget (core's Redis limiter). */
describe('the Alpaca broker with a shared request limiter', () => {
  it('asks the limiter once before every request it sends', async () => {
    const acquired: number[] = [];
    const limiter = { acquire: async () => void acquired.push(state.requests.length) };
    const b = broker({ limiter });
    await b.getAccount();
    await b.getPositions();
    await b.submitOrder(buy('lim-1'));
    expect(state.requests.length).toBeGreaterThanOrEqual(3);
    // One acquire per request, each before its request went out.
    expect(acquired).toEqual(state.requests.map((_, i) => i));
  });

  it('refuses a submit it could not get a slot for: rate_limited, never sent, never unknown', async () => {
    const limiter = {
      acquire: async () => {
        throw new RequestSlotTimeoutError(60_000);
      },
    };
    const err = await broker({ limiter })
      .submitOrder(buy('lim-2'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BrokerError);
    expect(err).toMatchObject({ code: 'rate_limited' });
    expect(state.requests).toHaveLength(0);
  });

  it('a limiter that fails (Redis down) leaves the order unsent and says unavailable', async () => {
    const limiter = {
      acquire: async () => {
        throw new Error('Connection is closed.');
      },
    };
    const err = await broker({ limiter })
      .getAccount()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'unavailable' });
    expect((err as Error).message).toBe('GET /v2/account not sent: Connection is closed.');
    expect(state.requests).toHaveLength(0);
  });
});
