import { describe, expect, it } from 'vitest';
import {
  FEE,
  S,
  SYMBOL,
  afterClose,
  bar,
  broker,
  clock,
  market,
  order,
  session,
  useDemoBrokerFixture,
  userA,
} from '../../test/demo-broker-fixture.js';

useDemoBrokerFixture();

/**
 * The simulated broker's last equity (Alpaca's `last_equity`): cash and positions as they were
 * at the previous trading day's close, each position marked at that day's close, whatever was
 * filled since. D1…D3 are Tuesday to Thursday.
 */
describe('the simulated broker’s equity at the previous close', () => {
  it('undoes the fills made since that close and marks the positions at its prices', async () => {
    const a = broker(userA);
    // 10 shares bought at D1's open.
    await a.submitOrder(order({ clientOrderId: 'd1' }));
    afterClose(1);
    const cashD1 = 10_000 - 10 * (bar(1).open * (1 + S)) - FEE * 10;
    const closeD1 = cashD1 + 10 * bar(1).close;
    expect((await a.getAccount()).equity).toBeCloseTo(closeD1, 8);
    // 4 more for D2's open, settled by the first read during D2 (in that read's transaction).
    await a.submitOrder(order({ clientOrderId: 'd2-open', qty: 4 }));

    clock.advanceTo(session(2).open + 2 * 3_600_000);
    const first = await a.getAccount();
    const cashOpen = cashD1 - 4 * (bar(2).open * (1 + S)) - FEE * 4;
    expect(first.cash).toBeCloseTo(cashOpen, 8);
    expect(first.lastEquity).toBeCloseTo(closeD1, 8);

    // 5 sold at the market during D2 (a stored fill), while the price has moved from D1's close.
    const last = (await market.getLatestTrade(SYMBOL))!.price;
    expect(last).not.toBe(bar(1).close);
    await a.submitOrder(
      order({ clientOrderId: 'd2-sell', qty: 5, side: 'sell', timeInForce: 'day' }),
    );
    const during = await a.snapshot();
    const cashNow = cashOpen + 5 * (last * (1 - S)) - FEE * 5;
    expect(during.account.cash).toBeCloseTo(cashNow, 8);
    expect(during.account.equity).toBeCloseTo(cashNow + 9 * last, 8);
    expect(during.account.lastEquity).toBeCloseTo(closeD1, 8);

    // After D2's close, on the same New York date, the day still counts from D1's close.
    afterClose(2);
    expect((await a.getAccount()).lastEquity).toBeCloseTo(closeD1, 8);

    // Thursday before the open: Wednesday's close, which nothing has moved since.
    clock.advanceTo(session(3).open - 3_600_000);
    const thursday = await a.getAccount();
    expect(thursday.lastEquity).toBeCloseTo(cashNow + 9 * bar(2).close, 8);
    expect(thursday.lastEquity).toBeCloseTo(thursday.equity, 8);
  });

  it('counts a position closed since the previous close at that close', async () => {
    const a = broker(userA);
    await a.submitOrder(order({ clientOrderId: 'in', qty: 8 }));
    afterClose(1);
    const cashD1 = 10_000 - 8 * (bar(1).open * (1 + S)) - FEE * 8;
    await a.closePosition(SYMBOL);
    clock.advanceTo(session(2).open + 3_600_000);
    const account = await a.getAccount();
    expect(await a.getPositions()).toEqual([]);
    expect(account.equity).toBeCloseTo(cashD1 + 8 * (bar(2).open * (1 - S)) - FEE * 8, 8);
    expect(account.lastEquity).toBeCloseTo(cashD1 + 8 * bar(1).close, 8);
  });
});
