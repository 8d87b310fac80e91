import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  broker,
  buy,
  fake,
  posts,
  server,
  state,
  useFakeAlpacaTrading,
  waits,
} from '../../test/alpaca-broker-harness.js';

useFakeAlpacaTrading();

describe('refusals', () => {
  const refuse = (status: number, message: string, extra: Record<string, unknown> = {}) =>
    server.use(
      http.post(
        '*/v2/orders',
        () => HttpResponse.json({ code: status * 100_000, message, ...extra }, { status }),
        { once: true },
      ),
    );

  it('403 insufficient buying power, 403 pattern day trader, other 403, 422', async () => {
    // Alpaca's documented body: the code, the message, and the figures behind the refusal.
    refuse(403, 'insufficient buying power', {
      code: 40310000,
      buying_power: '176531.28',
      cost_basis: '48640000',
    });
    await expect(broker().submitOrder(buy('x-1'))).rejects.toMatchObject({
      code: 'insufficient_buying_power',
    });
    refuse(403, 'trade denied due to pattern day trading protection', { code: 40310100 });
    await expect(broker().submitOrder(buy('x-2'))).rejects.toMatchObject({
      code: 'pattern_day_trader',
    });
    // By the code alone (Alpaca's wording may change).
    refuse(403, 'order denied', { code: 40310100 });
    await expect(broker().submitOrder(buy('x-2'))).rejects.toMatchObject({
      code: 'pattern_day_trader',
    });
    refuse(403, 'account is not allowed to short');
    await expect(broker().submitOrder(buy('x-3'))).rejects.toMatchObject({
      code: 'not_permitted',
    });
    refuse(422, 'qty must be > 0');
    await expect(broker().submitOrder(buy('x-4'))).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringContaining('qty must be > 0'),
    });
    expect(waits).toEqual([]);
  });

  it('429: waits as Retry-After says, then succeeds; still 429 → rate_limited', async () => {
    let refusals = 2;
    server.use(
      http.post('*/v2/orders', () =>
        refusals-- > 0
          ? HttpResponse.json(
              { code: 42910000, message: 'rate limit exceeded' },
              { status: 429, headers: { 'Retry-After': '3' } },
            )
          : undefined,
      ),
    );
    const order = await broker().submitOrder(buy('rl-1'));
    expect(order.clientOrderId).toBe('rl-1');
    expect(waits).toEqual([3000, 3000]);
    expect(state.orders).toHaveLength(1);

    waits.length = 0;
    server.use(
      http.get('*/v2/positions', () =>
        HttpResponse.json({ code: 42910000, message: 'rate limit exceeded' }, { status: 429 }),
      ),
    );
    await expect(broker().getPositions()).rejects.toMatchObject({ code: 'rate_limited' });
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('5xx on a read is retried, then unavailable', async () => {
    let failures = 1;
    server.use(
      http.get('*/v2/account', () =>
        failures-- > 0 ? new HttpResponse('upstream error', { status: 502 }) : undefined,
      ),
    );
    expect((await broker().getAccount()).status).toBe('ACTIVE');
    expect(waits).toEqual([1000]);
    server.use(http.get('*/v2/account', () => new HttpResponse(null, { status: 503 })));
    await expect(broker().getAccount()).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('a submit whose answer is lost', () => {
  /** Alpaca takes the order, then the answer never arrives (dropped, too late, or a 503). */
  function loseNextAnswer(how: 'network' | 'timeout' | '503') {
    server.use(
      http.post(
        '*/v2/orders',
        async ({ request }) => {
          const order = fake.addOrder((await request.json()) as Record<string, unknown>);
          if (how === 'network') return HttpResponse.error();
          if (how === '503') return new HttpResponse('gateway', { status: 503 });
          await delay(400);
          return HttpResponse.json(order);
        },
        { once: true },
      ),
    );
  }

  it.each(['network', 'timeout', '503'] as const)(
    '%s → unknown_outcome, never sent twice; the lookup finds the order; a resend is idempotent',
    async (how) => {
      loseNextAnswer(how);
      const b = broker({ timeoutMs: 200 });
      await expect(b.submitOrder(buy('lost-1'))).rejects.toMatchObject({
        code: 'unknown_outcome',
      });
      expect(posts()).toHaveLength(0); // the overriding handler answered: nothing re-sent
      expect(state.orders.map((o) => o.client_order_id)).toEqual(['lost-1']);
      expect(waits).toEqual([]);
      expect(await b.getOrderByClientId('lost-1')).toMatchObject({ status: 'new', qty: 10 });
      // Sent again anyway: Alpaca refuses the repeated id, the adapter returns the order it has.
      const again = await b.submitOrder(buy('lost-1'));
      expect(again.id).toBe(state.orders[0]!.id);
      expect(state.orders).toHaveLength(1);
      expect(posts()).toHaveLength(1);
    },
  );
});
