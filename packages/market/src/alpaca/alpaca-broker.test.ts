import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_FIXTURE,
  createFakeAlpacaTrading,
  positionFixture,
} from '../../test/alpaca-trading-server.js';
import { maskAccountNumber, type OrderRequest } from '../ports/broker.port.js';
import { createAlpacaBroker, type AlpacaBrokerOptions } from './alpaca-broker.js';

const fake = createFakeAlpacaTrading();
const { server, state } = fake;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let waits: number[] = [];
beforeEach(() => {
  waits = [];
  state.requests.length = 0;
  state.orders.length = 0;
  state.fills.length = 0;
  state.positions = [];
  state.account = { ...ACCOUNT_FIXTURE };
});

function broker(o: Partial<AlpacaBrokerOptions> = {}) {
  return createAlpacaBroker({
    keyId: 'PKTESTKEY',
    secretKey: 'test-secret-value',
    retry: { sleep: async (ms) => void waits.push(ms) },
    ...o,
  });
}

const buy = (clientOrderId: string, extra: Partial<OrderRequest> = {}): OrderRequest => ({
  symbol: 'AAPL',
  qty: 10,
  side: 'buy',
  type: 'limit',
  timeInForce: 'day',
  limitPrice: 187.5,
  clientOrderId,
  ...extra,
});
const posts = () => state.requests.filter((r) => r.method === 'POST');
const at = (iso: string) => Date.parse(iso);

describe('account and addresses', () => {
  it('reads the account: decimal strings as numbers, the number masked for display', async () => {
    const account = await broker().getAccount();
    expect(account).toEqual({
      status: 'ACTIVE',
      accountNumber: 'PA2XK4QVZ1XY',
      currency: 'USD',
      equity: 101250.75,
      cash: 100000.25,
      buyingPower: 200000.5,
      lastEquity: 100980.1,
      patternDayTrader: false,
      tradingBlocked: false,
    });
    expect(maskAccountNumber(account.accountNumber)).toBe('********Z1XY');
    expect(state.requests[0]!.keyId).toBe('PKTESTKEY');
  });

  it('paper keys go to paper-api, live keys to api; ALPACA_TRADING_URL overrides both', async () => {
    await broker().getAccount();
    await broker({ paper: false }).getAccount();
    const env = { ALPACA_TRADING_URL: 'http://127.0.0.1:9/alpaca/' };
    await broker({ paper: false, env }).getAccount();
    expect(state.requests.map((r) => r.url.href)).toEqual([
      'https://paper-api.alpaca.markets/v2/account',
      'https://api.alpaca.markets/v2/account',
      'http://127.0.0.1:9/alpaca/v2/account',
    ]);
  });

  it('a blocked account says so; a malformed account is refused whole', async () => {
    state.account = { ...ACCOUNT_FIXTURE, account_blocked: true, pattern_day_trader: true };
    expect(await broker().getAccount()).toMatchObject({
      tradingBlocked: true,
      patternDayTrader: true,
    });
    state.account = { ...ACCOUNT_FIXTURE, buying_power: 'lots' };
    await expect(broker().getAccount()).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('buying_power'),
    });
  });

  it('401 → invalid_keys without retrying', async () => {
    server.use(
      http.get('*/v2/account', () =>
        HttpResponse.json(
          { code: 40110000, message: 'request is not authorized' },
          { status: 401 },
        ),
      ),
    );
    await expect(broker().getAccount()).rejects.toMatchObject({
      name: 'BrokerError',
      code: 'invalid_keys',
    });
    expect(waits).toEqual([]);
  });
});

describe('positions', () => {
  it('long and short, the short with a negative qty', async () => {
    state.positions = [
      positionFixture('AAPL', 10, 180, 187.5),
      positionFixture('TSLA', -5, 200, 190),
    ];
    expect(await broker().getPositions()).toEqual([
      {
        symbol: 'AAPL',
        qty: 10,
        side: 'long',
        avgEntryPrice: 180,
        currentPrice: 187.5,
        marketValue: 1875,
        unrealizedPl: 75,
      },
      {
        symbol: 'TSLA',
        qty: -5,
        side: 'short',
        avgEntryPrice: 200,
        currentPrice: 190,
        marketValue: -950,
        unrealizedPl: 50,
      },
    ]);
  });

  it('closes a position at market, and 404 when there is none', async () => {
    state.positions = [positionFixture('AAPL', 10, 180, 187.5)];
    const order = await broker().closePosition('aapl');
    expect(order).toMatchObject({ symbol: 'AAPL', side: 'sell', qty: 10, type: 'market' });
    await expect(broker().closePosition('AAPL')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('order lifecycle', () => {
  it('sends the documented body, then new → partially_filled → filled by client order id', async () => {
    const b = broker();
    const sent = await b.submitOrder(buy('bot-1-AAPL-entry'));
    expect(posts()[0]!.body).toMatchObject({
      symbol: 'AAPL',
      qty: '10',
      side: 'buy',
      type: 'limit',
      time_in_force: 'day',
      limit_price: '187.5',
      client_order_id: 'bot-1-AAPL-entry',
    });
    expect(sent).toMatchObject({
      clientOrderId: 'bot-1-AAPL-entry',
      status: 'new',
      brokerStatus: 'new',
      qty: 10,
      filledQty: 0,
      filledAvgPrice: null,
      limitPrice: 187.5,
      submittedAt: at('2024-03-05T15:00:00Z'),
      filledAt: null,
      endedAt: null,
    });

    fake.fill('bot-1-AAPL-entry', 4, 187.4);
    expect(await b.getOrderByClientId('bot-1-AAPL-entry')).toMatchObject({
      status: 'partially_filled',
      brokerStatus: 'partially_filled',
      filledQty: 4,
      filledAvgPrice: 187.4,
      filledAt: null,
    });

    fake.fill('bot-1-AAPL-entry', 6, 187.5);
    const filled = await b.getOrderByClientId('bot-1-AAPL-entry');
    expect(filled).toMatchObject({ status: 'filled', filledQty: 10, endedAt: null });
    expect(filled!.filledAvgPrice).toBeCloseTo(187.46, 6);
    expect(filled!.filledAt).toBe(at('2024-03-05T15:00:01Z'));
    expect(await b.getOrderByClientId('never-sent')).toBeNull();
  });

  it('cancel → canceled with its time; cancelling again is rejected', async () => {
    const b = broker();
    const order = await b.submitOrder(buy('c-1'));
    await b.cancelOrder(order.id);
    expect(await b.getOrderByClientId('c-1')).toMatchObject({
      status: 'canceled',
      endedAt: at('2024-03-05T15:01:00Z'),
    });
    await expect(b.cancelOrder(order.id)).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringContaining('not cancelable'),
    });
  });

  it('expired and rejected orders keep their end time; a partly filled expiry keeps its fill', async () => {
    const b = broker();
    await b.submitOrder(buy('e-1', { timeInForce: 'opg', type: 'market', limitPrice: undefined }));
    fake.end('e-1', 'expired');
    expect(await b.getOrderByClientId('e-1')).toMatchObject({
      status: 'expired',
      timeInForce: 'opg',
      type: 'market',
      endedAt: at('2024-03-05T15:01:00Z'),
    });
    await b.submitOrder(buy('e-2'));
    fake.fill('e-2', 3, 187);
    fake.end('e-2', 'expired');
    expect(await b.getOrderByClientId('e-2')).toMatchObject({ status: 'expired', filledQty: 3 });
    await b.submitOrder(buy('r-1'));
    fake.end('r-1', 'rejected');
    expect(await b.getOrderByClientId('r-1')).toMatchObject({
      status: 'rejected',
      brokerStatus: 'rejected',
      endedAt: at('2024-03-05T15:01:00Z'),
    });
  });

  it("maps working statuses to new / partially_filled and keeps Alpaca's", async () => {
    const b = broker();
    await b.submitOrder(buy('w-1'));
    for (const s of ['accepted', 'pending_new', 'held', 'pending_cancel', 'done_for_day']) {
      state.orders[0]!.status = s;
      expect(await b.getOrderByClientId('w-1')).toMatchObject({ status: 'new', brokerStatus: s });
    }
    state.orders[0]!.status = 'replaced';
    expect(await b.getOrderByClientId('w-1')).toMatchObject({ status: 'canceled' });
  });

  it('lists open orders only', async () => {
    const b = broker();
    await b.submitOrder(buy('o-1'));
    await b.submitOrder(
      buy('o-2', {
        symbol: 'MSFT',
        side: 'sell',
        type: 'trailing_stop',
        limitPrice: undefined,
        trailPercent: 2,
        timeInForce: 'gtc',
      }),
    );
    await b.submitOrder(buy('o-3'));
    fake.fill('o-3', 10, 187);
    expect(posts()[1]!.body).toMatchObject({ type: 'trailing_stop', trail_percent: '2' });
    const open = await b.listOpenOrders();
    expect(open.map((o) => [o.clientOrderId, o.status])).toEqual([
      ['o-1', 'new'],
      ['o-2', 'new'],
    ]);
    expect(state.requests.at(-1)!.url.searchParams.get('status')).toBe('open');
  });

  it('fills from FILL activities since a time, oldest first, across pages', async () => {
    const b = broker();
    for (let i = 0; i < 105; i++) {
      await b.submitOrder(buy(`f-${i}`, { qty: 1 }));
      fake.fill(`f-${i}`, 1, 100 + i);
    }
    const all = await b.getFills(0);
    expect(all).toHaveLength(105);
    expect(all[0]).toEqual({
      id: state.fills[0]!.id,
      orderId: state.orders[0]!.id,
      symbol: 'AAPL',
      side: 'buy',
      qty: 1,
      price: 100,
      time: at('2024-03-05T15:00:00Z'),
    });
    expect(all.map((f) => f.price)).toEqual(state.fills.map((f) => Number(f.price)));
    const since = await b.getFills(at('2024-03-05T15:01:43Z'));
    expect(since.map((f) => f.price)).toEqual([203, 204]);
  });
});

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

    waits = [];
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
