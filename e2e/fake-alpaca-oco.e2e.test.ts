import {
  createAlpacaBroker,
  dayFromIso,
  isoFromDay,
  newYorkInstant,
  sessionsBetween,
} from '@tradebot/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ALPACA_KEY, startFakeAlpaca, type FakeAlpaca } from './fake-alpaca.js';

/**
 * The e2e fake Alpaca's OCO orders against the app's Alpaca adapter (no browser): the protection
 * the bot puts on a held position whose bracket legs are gone (a partial entry cancelled at its
 * time-out, a refused close), working from the start, stop-loss first, one cancelling the other.
 */
const at = (date: string, hhmm: string) =>
  newYorkInstant(dayFromIso(date), Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));

let fake: FakeAlpaca;
const broker = () =>
  createAlpacaBroker({
    keyId: E2E_ALPACA_KEY,
    secretKey: 'e2e-secret',
    paper: true,
    env: { ALPACA_TRADING_URL: fake.url, ALPACA_DATA_URL: fake.url },
    retry: { sleep: () => Promise.resolve() },
  });

beforeAll(async () => {
  fake = await startFakeAlpaca({ now: at('2024-03-05', '20:00') });
  // AAPL: flat at 100, the entry day, a quiet day, then a fall through 95.95 (the OCO's stop).
  const days = sessionsBetween(dayFromIso('2023-06-01'), dayFromIso('2024-03-11'));
  fake.market.setBars(
    'AAPL',
    days.map((s) => {
      const date = isoFromDay(s.day);
      if (date === '2024-03-06') return { date, o: 101, h: 102, l: 99.5, c: 100.5 };
      if (date === '2024-03-08') return { date, o: 100, h: 112, l: 94, c: 95 };
      return { date, o: 100, h: 100.5, l: 99.5, c: 100 };
    }),
  );
});
afterAll(() => new Promise<void>((done) => fake.server.close(() => done())));

describe('e2e fake Alpaca: OCO', () => {
  it('an OCO on a held position: both legs work, the stop first when both are reached', async () => {
    const b = broker();
    await b.submitOrder({
      symbol: 'AAPL',
      qty: 10,
      side: 'buy',
      type: 'market',
      timeInForce: 'opg',
      clientOrderId: 'tb1-AAPL-20240305-e',
      bracket: { stopLossAt: 0.95, takeProfitAt: 1.1, trail: 0, referencePrice: 100 },
    });
    fake.market.setTime(at('2024-03-06', '10:00'));
    // The legs go (cancelling one cancels the pair); the position is left bare.
    await b.cancelOrder((await b.listOpenOrders())[0]!.id);
    expect(await b.listOpenOrders()).toEqual([]);
    const oco = await b.submitOrder({
      symbol: 'AAPL',
      qty: 10,
      side: 'sell',
      type: 'limit',
      timeInForce: 'gtc',
      clientOrderId: 'tb1-AAPL-p10-20240306',
      oco: { stopPrice: 101 * 0.95, limitPrice: 101 * 1.1 },
    });
    expect(oco).toMatchObject({ type: 'limit', limitPrice: 111.1, status: 'new' });
    expect(oco.legs!.map((l) => [l.type, l.stopPrice, l.status])).toEqual([['stop', 95.95, 'new']]);
    // More than the free shares is refused: the OCO holds them.
    await expect(
      b.submitOrder({
        symbol: 'AAPL',
        qty: 10,
        side: 'sell',
        type: 'market',
        timeInForce: 'day',
        clientOrderId: 'sell-held',
      }),
    ).rejects.toThrow('insufficient qty');

    fake.market.setTime(at('2024-03-07', '17:00'));
    expect((await b.listOpenOrders()).map((o) => o.type)).toEqual(['limit', 'stop']);
    // 2024-03-08 reaches both 111.10 and 95.95: the stop-loss fills, the take-profit is cancelled.
    fake.market.setTime(at('2024-03-08', '17:00'));
    expect(await b.getPositions()).toEqual([]);
    expect(await b.listOpenOrders()).toEqual([]);
    const fills = await b.getFills(at('2024-03-05', '00:00'));
    expect(fills.map((f) => [f.side, f.qty, f.price, f.reason])).toEqual([
      ['buy', 10, 101, undefined],
      ['sell', 10, 95.95, 'stop_loss'],
    ]);
    expect(
      fake.book.orders.find((o) => o.client_order_id === 'tb1-AAPL-p10-20240306')!.status,
    ).toBe('canceled');
  });

  it('refuses an OCO that is not a gtc limit with its levels on either side', async () => {
    const b = broker();
    await expect(
      b.submitOrder({
        symbol: 'AAPL',
        qty: 1,
        side: 'sell',
        type: 'limit',
        timeInForce: 'gtc',
        clientOrderId: 'bad-oco',
        oco: { stopPrice: 120, limitPrice: 110 },
      }),
    ).rejects.toMatchObject({ code: 'rejected' });
  });
});
