import { listBotTrades, recordOrderIntent, updateOrderIntent } from '@tradebot/db';
import {
  BrokerError,
  type BrokerCashActivity,
  type BrokerFill,
  type BrokerOrder,
  type BrokerPort,
} from '@tradebot/market';
import { describe, expect, it } from 'vitest';
import { db, useDemoBrokerFixture, userA, userB } from '../../../test/demo-broker-fixture.js';
import { accountHistory, syncCashActivities } from '../reads/cash.js';
import { syncFills } from './fills.js';
import { historicalPerformance } from '../reads/performance.js';

useDemoBrokerFixture();

/**
 * An Alpaca-shaped broker: FILL activities with Alpaca's ids ("<ms>::<random>"), a sequence from
 * the full-precision transaction time, orders looked up by client order id (or, with `lookups`
 * failing, unreachable), and DIV activities.
 */
type AlpacaShaped = BrokerPort & {
  lookupsFail: boolean;
  dividends: BrokerCashActivity[];
  getCashActivities(since: number): Promise<BrokerCashActivity[]>;
};

function alpacaShaped(fills: BrokerFill[], orders: BrokerOrder[] = []): AlpacaShaped {
  const refuse = () => Promise.reject(new Error('not used'));
  const broker: AlpacaShaped = {
    lookupsFail: false,
    dividends: [] as BrokerCashActivity[],
    getFills: async (since: number) => fills.filter((f) => f.time >= since),
    getOrderByClientId: async (id: string) => {
      if (broker.lookupsFail) throw new BrokerError('unavailable', 'Alpaca did not answer.');
      return orders.find((o) => o.clientOrderId === id) ?? null;
    },
    getCashActivities: async (since: number) =>
      broker.dividends.filter((d) => Date.parse(`${d.date}T00:00:00Z`) >= since),
    getAccount: refuse,
    getPositions: refuse,
    submitOrder: refuse,
    listOpenOrders: refuse,
    cancelOrder: refuse,
    closePosition: refuse,
  };
  return broker;
}

const GAP_OPEN = Date.UTC(2026, 0, 6, 14, 30, 0, 123);

const trades = (userId: number) =>
  db.botTrade.findMany({ where: { userId }, orderBy: { exitAt: 'asc' } });

describe('fills in the broker’s order', () => {
  // An entry that opened below its stop: the entry and the stop leg fill in one millisecond, and
  // the stop leg's activity id sorts first.
  const entry: BrokerFill = {
    id: '20260106143000123::f7c1e2d4-entry',
    orderId: 'entry-o',
    symbol: 'APH',
    side: 'buy',
    qty: 77,
    price: 86.2,
    time: GAP_OPEN,
    sequence: '2026-01-06T14:30:00.123456000Z|0',
  };
  const stop: BrokerFill = {
    id: '20260106143000123::0a9b8c7d-stop',
    orderId: 'stop-leg-o',
    symbol: 'APH',
    side: 'sell',
    qty: 77,
    price: 86.2,
    time: GAP_OPEN,
    reason: 'stop_loss',
    sequence: '2026-01-06T14:30:00.123457000Z|1',
  };

  it('same-millisecond entry and stop give one long round trip, not a short', async () => {
    // Alpaca lists them by id here (the stop first): the stored sequence decides.
    await syncFills(db, alpacaShaped([stop, entry]), userA);
    const rows = await trades(userA);
    expect(rows.map((t) => [t.symbol, t.side, t.qty, t.entryPrice, t.exitPrice, t.reason])).toEqual(
      [['APH', 'long', 77, 86.2, 86.2, 'stop_loss']],
    );
    expect(rows[0]!.exitFillId).toBe(stop.id);
  });

  it('a phantom short stored from fills without a sequence is replaced on the next sync', async () => {
    const bare = ({ sequence: _s, ...f }: BrokerFill) => f;
    // As stored before the broker's order was kept: by id, a short that never was.
    await syncFills(db, alpacaShaped([bare(stop), bare(entry)]), userB);
    expect((await trades(userB)).map((t) => t.side)).toEqual(['short']);
    // The broker reports the same fills again (the sync's overlap), now with their sequence.
    await syncFills(db, alpacaShaped([stop, entry]), userB);
    const rows = await trades(userB);
    expect(rows.map((t) => [t.side, t.reason, t.exitFillId])).toEqual([
      ['long', 'stop_loss', stop.id],
    ]);
  });
});

describe('reasons of orders whose answer was lost', () => {
  const QS_ID = 'tb1-AAA-qs-1767710000';
  const sell: BrokerFill = {
    id: 'qs-fill',
    orderId: 'qs-broker-o',
    symbol: 'AAA',
    side: 'sell',
    qty: 10,
    price: 12,
    time: GAP_OPEN + 3_600_000,
  };
  const buy: BrokerFill = {
    ...sell,
    id: 'buy-fill',
    orderId: 'buy-o',
    side: 'buy',
    price: 10,
    time: sell.time - 60_000,
  };
  const qsOrder = {
    id: 'qs-broker-o',
    clientOrderId: QS_ID,
    symbol: 'AAA',
    side: 'sell',
    type: 'market',
    timeInForce: 'day',
    qty: 10,
    filledQty: 10,
    filledAvgPrice: 12,
    limitPrice: null,
    stopPrice: null,
    status: 'filled',
    brokerStatus: 'filled',
    submittedAt: GAP_OPEN + 3_000_000,
    filledAt: sell.time,
    endedAt: null,
  } satisfies BrokerOrder;

  /** A Quick Sell whose answer was lost: recorded, sent, its state unknown. */
  async function lostQuickSell(userId: number) {
    await recordOrderIntent(db, {
      userId,
      clientOrderId: QS_ID,
      symbol: 'AAA',
      purpose: 'manual_sell',
      side: 'sell',
      qty: 10,
      request: { clientOrderId: QS_ID },
      decidedOn: null,
      createdAt: new Date(GAP_OPEN),
    });
    await updateOrderIntent(db, userId, QS_ID, { attempted: true, status: 'unknown' });
  }

  it('the order is identified before its fill is synced: the trade has its reason', async () => {
    await lostQuickSell(userA);
    await syncFills(db, alpacaShaped([buy, sell], [qsOrder]), userA);
    expect((await trades(userA)).map((t) => t.reason)).toEqual(['manual_sell']);
    const intent = await db.botOrder.findFirst({ where: { userId: userA } });
    expect(intent).toMatchObject({ status: 'filled', brokerOrderId: 'qs-broker-o' });
  });

  it('a trade stored without a reason takes it once its order is identified', async () => {
    await lostQuickSell(userB);
    const broker = alpacaShaped([buy, sell], [qsOrder]);
    broker.lookupsFail = true;
    await syncFills(db, broker, userB);
    expect((await trades(userB)).map((t) => t.reason)).toEqual([null]);
    broker.lookupsFail = false;
    // Nothing new at the broker: the sync still identifies the order and fills in the reason.
    expect(await syncFills(db, broker, userB)).toEqual({ newFills: 0, closedTrades: 0 });
    expect((await trades(userB)).map((t) => t.reason)).toEqual(['manual_sell']);
  });
});

describe('dividends (the account history)', () => {
  const div = (id: string, date: string, net: number, type = 'DIV'): BrokerCashActivity => ({
    id,
    type,
    date,
    netAmount: net,
    symbol: 'T',
    qty: 2,
    perShareAmount: net / 2,
    description: null,
  });

  it('stores each once, serves them newest first in cents, and never counts them as trades', async () => {
    const broker = alpacaShaped([]);
    broker.dividends = [
      div('d1', '2026-01-02', 1.0249999),
      div('d2', '2026-01-05', -0.305, 'DIVNRA'),
    ];
    expect(await syncCashActivities(db, broker, userA)).toBe(2);
    broker.dividends.push(div('d3', '2026-01-09', 0.51));
    expect(await syncCashActivities(db, broker, userA)).toBe(1);
    expect(await syncCashActivities(db, broker, userA)).toBe(0);
    // None becomes a trade, nor a fill.
    await syncFills(db, broker, userA);
    expect(await db.botCashActivity.count()).toBe(3);
    expect(await db.botFill.count()).toBe(0);
    const history = await accountHistory(db, userA);
    expect(history.activities.map((a) => [a.id, a.type, a.date, a.net_amount])).toEqual([
      ['d3', 'DIV', '2026-01-09', 0.51],
      ['d2', 'DIVNRA', '2026-01-05', -0.31],
      ['d1', 'DIV', '2026-01-02', 1.02],
    ]);
    expect(historicalPerformance(await listBotTrades(db, userA), null).trades_count).toBe(0);
    expect((await accountHistory(db, userB)).activities).toEqual([]);
  });

  it('a broker without dividends (the simulated one) has none; a failing read is left for later', async () => {
    const { getCashActivities: _none, ...plain } = alpacaShaped([]);
    expect(await syncCashActivities(db, plain, userA)).toBe(0);
    const failing = alpacaShaped([]);
    failing.getCashActivities = () => Promise.reject(new BrokerError('unavailable', 'down'));
    expect(await syncCashActivities(db, failing, userA)).toBe(0);
  });
});
