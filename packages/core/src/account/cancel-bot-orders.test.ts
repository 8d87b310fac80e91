import { BrokerError, type BrokerOrder, type BrokerPort } from '@tradebot/market';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { botOrderId, closeOrderId, protectOrderId } from '../bot/orders/order-ids.js';
import { cancelWaitingBotOrders, isWaitingBotOrder } from './cancel-bot-orders.js';

const order = (id: string, clientOrderId: string): BrokerOrder => ({
  id,
  clientOrderId,
  symbol: 'AAPL',
  side: 'buy',
  type: 'market',
  timeInForce: 'opg',
  qty: 1,
  filledQty: 0,
  filledAvgPrice: null,
  limitPrice: null,
  stopPrice: null,
  status: 'new',
  brokerStatus: 'new',
  submittedAt: 0,
  filledAt: null,
  endedAt: null,
});

/** A broker that lists `open` and records cancels; anything that would trade throws. */
function fakeBroker(open: BrokerOrder[], refuse: Record<string, BrokerError> = {}) {
  const canceled: string[] = [];
  const never = () => {
    throw new Error('account deletion must not trade');
  };
  const broker = {
    listOpenOrders: async () => open,
    cancelOrder: async (id: string) => {
      if (refuse[id]) throw refuse[id];
      canceled.push(id);
    },
    submitOrder: never,
    closePosition: never,
  } as unknown as BrokerPort;
  return { broker, canceled };
}

afterEach(() => vi.restoreAllMocks());

describe('the orders an account deletion cancels', () => {
  it('are the bot’s own waiting orders of this user, never its protective ones', () => {
    const day = '2026-01-06';
    expect(isWaitingBotOrder(7, order('1', botOrderId(7, 'AAPL', day, 'e')))).toBe(true);
    expect(isWaitingBotOrder(7, order('1', botOrderId(7, 'BRK-B', day, 'x')))).toBe(true);
    expect(isWaitingBotOrder(7, order('1', botOrderId(7, 'AAPL', day, 't')))).toBe(true);
    const at = new Date('2026-01-06T15:00:00Z');
    expect(isWaitingBotOrder(7, order('1', closeOrderId(7, 'AAPL', 'manual_sell', at)))).toBe(true);
    expect(isWaitingBotOrder(7, order('1', protectOrderId(7, 'AAPL', 10, day)))).toBe(false);
    expect(isWaitingBotOrder(7, order('1', protectOrderId(7, 'BRK-B', 10, day, 3)))).toBe(false);
    // Another user's (tb70 is not tb7), a hand-placed order, a bracket leg with Alpaca's id.
    expect(isWaitingBotOrder(7, order('1', botOrderId(70, 'AAPL', day, 'e')))).toBe(false);
    expect(isWaitingBotOrder(7, order('1', 'my-own-order'))).toBe(false);
    expect(isWaitingBotOrder(7, order('1', '6f0d2c1e-1b5a-4a7e-9c11-2b8f0e8d1a00'))).toBe(false);
  });

  it('cancels them best effort: an ended order is skipped, a failure counted and logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const day = '2026-01-06';
    const paper = fakeBroker(
      [
        order('a', botOrderId(7, 'AAPL', day, 'e')),
        order('b', protectOrderId(7, 'MSFT', 5, day)),
        order('c', 'hand-placed'),
        order('d', botOrderId(7, 'MSFT', day, 'x')),
        order('e', botOrderId(7, 'NVDA', day, 'e')),
      ],
      {
        d: new BrokerError('not_found', 'gone'),
        e: new BrokerError('unavailable', 'Alpaca did not answer'),
      },
    );
    const result = await cancelWaitingBotOrders(7, [
      { name: 'alpaca paper', open: async () => paper.broker },
      {
        name: 'alpaca live',
        open: async () => {
          throw new Error('keys unreadable');
        },
      },
    ]);
    expect(paper.canceled).toEqual(['a']);
    expect(result).toEqual({ canceled: 1, failed: 2 });
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      expect.stringContaining(
        'alpaca paper: tb7-NVDA-20260106-e not cancelled: Alpaca did not answer',
      ),
      expect.stringContaining('alpaca live: open orders not read: keys unreadable'),
    ]);
  });
});
