import {
  AlpacaMarketData,
  createAlpacaBroker,
  dayFromIso,
  isoFromDay,
  newYorkInstant,
  sessionsBetween,
} from '@tradebot/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ALPACA_KEY, startFakeAlpaca, type FakeAlpaca } from './fake-alpaca.js';

/**
 * The e2e fake Alpaca against the app's own Alpaca adapters (no browser): what a bot on paper
 * keys does in a tick — clock, bars, account, an opg bracket entry sent the evening before, the
 * fill at the next open, the stop-loss leg, Quick Sell of a position held by legs.
 */
const at = (date: string, hhmm: string) =>
  newYorkInstant(dayFromIso(date), Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));

let fake: FakeAlpaca;
const env = () => ({ ALPACA_TRADING_URL: fake.url, ALPACA_DATA_URL: fake.url });
/** The waits the adapter asked for (its sleep returns at once). */
const waits: number[] = [];
const broker = () =>
  createAlpacaBroker({
    keyId: E2E_ALPACA_KEY,
    secretKey: 'e2e-secret',
    paper: true,
    env: env(),
    retry: {
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    },
  });

beforeAll(async () => {
  fake = await startFakeAlpaca({ now: at('2024-03-05', '20:00') });
  // AAPL: flat at 100, then an entry day and a day that falls through the stop-loss (95.00).
  const days = sessionsBetween(dayFromIso('2023-06-01'), dayFromIso('2024-03-08'));
  fake.market.setBars(
    'AAPL',
    days.map((s) => {
      const date = isoFromDay(s.day);
      if (date === '2024-03-06') return { date, o: 101, h: 102, l: 99.5, c: 100.5 };
      if (date === '2024-03-07') return { date, o: 100, h: 100.5, l: 94, c: 95 };
      return { date, o: 100, h: 100.5, l: 99.5, c: 100 };
    }),
  );
});
afterAll(() => new Promise<void>((done) => fake.server.close(() => done())));

describe('e2e fake Alpaca', () => {
  it('clock, bars up to the last completed session, account; other keys get 401', async () => {
    const data = await AlpacaMarketData.connect({
      keyId: E2E_ALPACA_KEY,
      secret: 'e2e-secret',
      paper: true,
      env: env(),
    });
    expect(data.clock.isOpen()).toBe(false);
    expect(data.clock.nextOpen()).toBe(at('2024-03-06', '09:30'));
    const bars = await data.getDailyBars('AAPL', { from: '2024-01-02', to: '2024-03-08' });
    expect(bars.time.length).toBe(
      sessionsBetween(dayFromIso('2024-01-02'), dayFromIso('2024-03-05')).length,
    );
    expect(bars.close[bars.close.length - 1]).toBe(100);
    const msft = await data.getDailyBars('MSFT', { from: '2024-02-01', to: '2024-03-05' });
    expect(msft.close.length).toBeGreaterThan(15);
    expect(await broker().getAccount()).toMatchObject({
      status: 'ACTIVE',
      equity: 100_000.25,
      cash: 100_000.25,
      buyingPower: 200_000.5,
    });
    const stranger = createAlpacaBroker({ keyId: 'PKOTHER', secretKey: 'x', env: env() });
    await expect(stranger.getAccount()).rejects.toMatchObject({ code: 'invalid_keys' });
  });

  it('an opg bracket entry fills at the next open; the stop-loss leg exits the next day', async () => {
    const b = broker();
    const sent = await b.submitOrder({
      symbol: 'AAPL',
      qty: 10,
      side: 'buy',
      type: 'market',
      timeInForce: 'opg',
      clientOrderId: 'tb1-AAPL-20240305-e',
      bracket: { stopLossAt: 0.95, takeProfitAt: 1.1, trail: 0.03, referencePrice: 100 },
    });
    expect(sent).toMatchObject({ status: 'new', timeInForce: 'gtc' });
    expect(sent.legs!.map((l) => [l.type, l.limitPrice ?? l.stopPrice, l.brokerStatus])).toEqual([
      ['limit', 110, 'held'],
      ['stop', 95, 'held'],
    ]);
    // A repeated client order id is refused by the fake; the adapter answers with the order.
    expect(
      (await b.submitOrder({ ...sentRequest(), clientOrderId: 'tb1-AAPL-20240305-e' })).id,
    ).toBe(sent.id);

    fake.market.setTime(at('2024-03-06', '10:00'));
    const entry = await b.getOrderByClientId('tb1-AAPL-20240305-e');
    expect(entry).toMatchObject({
      status: 'filled',
      filledAvgPrice: 101,
      filledAt: at('2024-03-06', '09:30'),
    });
    expect(entry!.legs!.map((l) => l.brokerStatus)).toEqual(['new', 'held']);
    expect(await b.getPositions()).toMatchObject([{ symbol: 'AAPL', qty: 10, avgEntryPrice: 101 }]);
    expect((await b.listOpenOrders()).map((o) => o.type)).toEqual(['limit', 'stop']);

    fake.market.setTime(at('2024-03-07', '17:00'));
    expect(await b.getPositions()).toEqual([]);
    expect(await b.listOpenOrders()).toEqual([]);
    const fills = await b.getFills(at('2024-03-05', '00:00'));
    expect(fills.map((f) => [f.side, f.qty, f.price, f.reason])).toEqual([
      ['buy', 10, 101, undefined],
      ['sell', 10, 95, 'stop_loss'],
    ]);
    expect((await b.getAccount()).cash).toBeCloseTo(100_000.25 - 1010 + 950, 6);
  });

  it('refuses opg in the day and selling held shares; Quick Sell cancels the legs first', async () => {
    const b = broker();
    fake.market.setTime(at('2024-03-08', '11:00'));
    await expect(
      // A limit order keeps opg (a plain market opg goes to Alpaca as day: alpacaTimeInForce).
      b.submitOrder({
        ...sentRequest(),
        type: 'limit',
        limitPrice: 100,
        clientOrderId: 'opg-late',
      }),
    ).rejects.toMatchObject({
      code: 'rejected',
    });
    const msft = await b.submitOrder({
      symbol: 'MSFT',
      qty: 5,
      side: 'buy',
      type: 'market',
      timeInForce: 'day',
      clientOrderId: 'tb1-MSFT-20240308-e',
      bracket: {
        stopLossAt: 0.5,
        takeProfitAt: 2,
        trail: 0,
        referencePrice: fake.market.priceAt('MSFT', at('2024-03-08', '11:00'))!,
      },
    });
    // Sent inside the session: filled at once at the price of that moment.
    expect((await b.getOrderByClientId(msft.clientOrderId))!.status).toBe('filled');
    const held = b.submitOrder({
      symbol: 'MSFT',
      qty: 5,
      side: 'sell',
      type: 'market',
      timeInForce: 'day',
      clientOrderId: 'sell-held',
    });
    await expect(held).rejects.toMatchObject({ code: 'rejected' });
    await expect(held).rejects.toThrow('insufficient qty');
    // Sent again while the shares stay held, then refused for good.
    expect(waits).toEqual([250, 500, 1000, 2000, 4000]);
    const close = await b.closePosition('MSFT');
    expect(close).toMatchObject({ side: 'sell', qty: 5, status: 'filled' });
    expect(await b.getPositions()).toEqual([]);
    expect(fake.book.orders.filter((o) => o.symbol === 'MSFT').map((o) => o.status)).toEqual([
      'filled',
      'canceled',
      'canceled',
      'filled',
    ]);
  });
});

describe('e2e fake Alpaca controls over HTTP', () => {
  const control = async (path: string, body?: unknown) => {
    const res = await fetch(`${fake.url}/_fake/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('sets the time, moves it on, replaces bars and shows the account', async () => {
    const set = await control('time', { now: '2024-03-11T14:00:00Z' });
    expect(set.json.now).toBe('2024-03-11T14:00:00.000Z');
    expect((await control('advance', { ms: 3_600_000 })).json.now).toBe('2024-03-11T15:00:00.000Z');
    await control('bars', {
      symbol: 'TSLA',
      bars: [{ date: '2024-03-08', o: 10, h: 11, l: 9, c: 10.5 }],
    });
    expect(fake.market.priceAt('TSLA', at('2024-03-09', '12:00'))).toBe(10.5);
    const state = (await control('state')).json;
    // The two brackets' entries and the close, legs nested under their entries; four fills.
    expect((state.orders as unknown[]).length).toBe(3);
    expect((state.fills as unknown[]).length).toBe(4);
    expect(state.positions).toEqual({});
    expect((await control('nothing', {})).status).toBe(404);
  });
});

function sentRequest() {
  return {
    symbol: 'AAPL',
    qty: 10,
    side: 'buy',
    type: 'market',
    timeInForce: 'opg',
    clientOrderId: '',
  } as const;
}
