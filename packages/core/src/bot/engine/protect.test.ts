import type { BrokerOrder } from '@tradebot/market';
import { describe, expect, it } from 'vitest';
import { levelsFor, protectionOf } from './protect.js';
import { protectOrderId } from '../orders/order-ids.js';

const order = (o: Partial<BrokerOrder>): BrokerOrder => ({
  id: o.id ?? Math.random().toString(36).slice(2),
  clientOrderId: 'x',
  symbol: 'AAPL',
  side: 'sell',
  type: 'limit',
  timeInForce: 'gtc',
  qty: 10,
  filledQty: 0,
  filledAvgPrice: null,
  limitPrice: null,
  stopPrice: null,
  status: 'new',
  brokerStatus: 'new',
  submittedAt: 0,
  filledAt: null,
  endedAt: null,
  ...o,
});

const PARAMS = {
  stop_loss_percentage: 5,
  take_profit_percentage: 8,
  short_stop_loss_percentage: 4,
  short_take_profit_percentage: 6,
};
const long = { symbol: 'AAPL', qty: 10, avgEntryPrice: 100 };
const short = { symbol: 'AAPL', qty: -10, avgEntryPrice: 100 };
const L = levelsFor(long, PARAMS, null);
const S = levelsFor(short, PARAMS, null);
const tp = (limitPrice: number, extra: Partial<BrokerOrder> = {}) =>
  order({ type: 'limit', limitPrice, ...extra });
const sl = (stopPrice: number, extra: Partial<BrokerOrder> = {}) =>
  order({ type: 'stop', stopPrice, ...extra });

describe('protective levels and what counts as protection', () => {
  it('levels from the average entry price: long below/above, short above/below', () => {
    expect([L.stop, L.target]).toEqual([95, 108]);
    expect([S.stop, S.target]).toEqual([104, 94]);
    const withBracket = levelsFor(long, PARAMS, {
      stopLossAt: 0.95,
      takeProfitAt: 1.08,
      referencePrice: 99,
    });
    expect(withBracket.alsoAccepted).toEqual({ stop: 99 * 0.95, target: 99 * 1.08 });
  });

  it('a take-profit and a stop-loss for the whole position at the levels (cents) is right', () => {
    expect(protectionOf(long, [tp(108), sl(95)], L)?.ok).toBe(true);
    expect(protectionOf(long, [tp(108.004), sl(94.996)], L)?.ok).toBe(true);
    // The simulated broker's one exit holding both levels.
    expect(
      protectionOf(long, [order({ type: 'stop', stopPrice: 95, limitPrice: 108 })], L)?.ok,
    ).toBe(true);
    // A trailing stop above the fixed stop-loss (it only tightens) is right too.
    expect(
      protectionOf(long, [order({ type: 'trailing_stop', stopPrice: 97, limitPrice: 108 })], L)?.ok,
    ).toBe(true);
    // A short's buy-to-cover pair; Alpaca's stop-limit is a stop, its limit is not a target.
    const buy = { side: 'buy' as const };
    expect(protectionOf(short, [tp(94, buy), sl(104, buy)], S)?.ok).toBe(true);
    expect(
      protectionOf(
        short,
        [tp(94, buy), sl(104, { ...buy, type: 'stop_limit', limitPrice: 106 })],
        S,
      )?.ok,
    ).toBe(true);
  });

  it('missing, another quantity or another level is wrong', () => {
    expect(protectionOf(long, [], L)).toMatchObject({ ok: false, protective: [] });
    expect(protectionOf(long, [sl(95)], L)?.ok).toBe(false);
    expect(protectionOf(long, [tp(108, { qty: 24 }), sl(95, { qty: 24 })], L)?.ok).toBe(false);
    expect(protectionOf(long, [tp(108), sl(95), sl(90)], L)?.ok).toBe(false);
    expect(protectionOf(long, [tp(108), sl(94.98)], L)?.ok).toBe(false);
    // A partly filled take-profit leaves what is left of it to count.
    expect(protectionOf(long, [tp(108, { qty: 24, filledQty: 14 }), sl(95)], L)?.ok).toBe(true);
  });

  it('left alone while an entry is filling or a close is working', () => {
    expect(
      protectionOf(long, [order({ side: 'buy', type: 'market' }), tp(108, { qty: 24 })], L),
    ).toBe(null);
    expect(protectionOf(long, [order({ type: 'market' }), tp(108), sl(95)], L)).toBe(null);
    // Other symbols' orders do not count.
    expect(
      protectionOf(long, [tp(108), sl(95), order({ symbol: 'MSFT', type: 'market' })], L)?.ok,
    ).toBe(true);
  });

  it('ids: per position, quantity and day, within 48 characters', () => {
    expect(protectOrderId(12, 'BDX', 15, '2026-03-04')).toBe('tb12-BDX-p15-20260304');
    expect(protectOrderId(12, 'BDX', 15, '2026-03-04', 2)).toBe('tb12-BDX-p15-20260304-2');
    expect(
      protectOrderId(2_147_483_647, 'ABCDEFGHIJ', 123_456_789, '2026-03-04', 5).length,
    ).toBeLessThanOrEqual(48);
  });
});
