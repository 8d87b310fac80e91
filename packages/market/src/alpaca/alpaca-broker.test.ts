import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FIXTURE, positionFixture } from '../../test/alpaca-trading-server.js';
import {
  at,
  broker,
  buy,
  fake,
  posts,
  server,
  state,
  useFakeAlpacaTrading,
  waits,
} from '../../test/alpaca-broker-harness.js';
import { maskAccountNumber } from '../ports/broker.port.js';
import { alpacaTimeInForce } from './alpaca-broker.js';

useFakeAlpacaTrading();

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
    await b.submitOrder(buy('e-1', { timeInForce: 'opg' }));
    fake.end('e-1', 'expired');
    expect(await b.getOrderByClientId('e-1')).toMatchObject({
      status: 'expired',
      timeInForce: 'opg',
      type: 'limit',
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
      sequence: '2024-03-05T15:00:00.000000000Z|0',
    });
    expect(all.map((f) => f.price)).toEqual(state.fills.map((f) => Number(f.price)));
    const since = await b.getFills(at('2024-03-05T15:01:43Z'));
    expect(since.map((f) => f.price)).toEqual([203, 204]);
  });
});

describe('time in force sent to Alpaca', () => {
  const order = (extra: Partial<Parameters<typeof alpacaTimeInForce>[0]>) => ({
    type: 'market' as const,
    timeInForce: 'opg' as const,
    ...extra,
  });
  it('a plain market opg goes as day (Alpaca refuses opg from 9:28 to 19:00 ET)', () => {
    expect(alpacaTimeInForce(order({}))).toBe('day');
  });
  it('limit opg, brackets and other times in force are sent as asked', () => {
    expect(alpacaTimeInForce(order({ type: 'limit' }))).toBe('opg');
    expect(alpacaTimeInForce(order({ timeInForce: 'gtc' }))).toBe('gtc');
    expect(
      alpacaTimeInForce(
        order({ bracket: { stopLossAt: 0.98, takeProfitAt: 1.05, trail: 0, referencePrice: 10 } }),
      ),
    ).toBe('opg');
  });
});
