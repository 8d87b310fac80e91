import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { broker, server, useFakeAlpacaTrading } from '../../test/alpaca-broker-harness.js';
import { timeKey } from './broker-mappers.js';

/**
 * Account activities as Alpaca documents them (Trading API "Account Activities"): FILL rows
 * ordered within one millisecond, and the non-trade DIV… rows of the account history.
 */
useFakeAlpacaTrading();

const PARENT = '61e69015-8549-4bfd-b9c3-01e75843f47d';
const STOP_LEG = '9b2b4a5e-1c59-4f0e-8b55-2f4c0a7f2c11';
const TP_LEG = 'c3a1f1d2-5e6f-4a3b-9c8d-7e6f5a4b3c2d';

const fillRow = (orderId: string, tail: string, time: string, side: string, price: string) => ({
  activity_type: 'FILL',
  id: `20260106143000123::${tail}`,
  transaction_time: time,
  type: 'fill',
  price,
  qty: '77',
  side,
  symbol: 'APH',
  leaves_qty: '0',
  order_id: orderId,
  cum_qty: '77',
  order_status: 'filled',
});

const order = (id: string, type: string, side: string, extra: object = {}) => ({
  id,
  client_order_id: `c-${id}`,
  symbol: 'APH',
  side,
  type,
  order_type: type,
  time_in_force: 'gtc',
  qty: '77',
  filled_qty: '77',
  filled_avg_price: '86.2',
  status: 'filled',
  submitted_at: '2026-01-05T21:00:00Z',
  filled_at: '2026-01-06T14:30:00.123Z',
  order_class: 'bracket',
  ...extra,
});

/** The bracket (nested) and the given FILL rows; other activity types answer nothing. */
function serveFills(rows: object[]) {
  server.use(
    http.get('*/v2/account/activities', ({ request }) => {
      const types = new URL(request.url).searchParams.get('activity_types');
      return HttpResponse.json(types === 'FILL' ? rows : []);
    }),
    http.get('*/v2/orders', () =>
      HttpResponse.json([
        order(PARENT, 'market', 'buy', {
          legs: [
            order(TP_LEG, 'limit', 'sell', { status: 'canceled', filled_qty: '0' }),
            order(STOP_LEG, 'stop', 'sell'),
          ],
        }),
      ]),
    ),
  );
}

describe('fills in the order Alpaca executed them', () => {
  it('same millisecond: the microseconds decide, not the activity id', async () => {
    // The stop leg's id sorts first ("0…" < "f…"), but it executed a microsecond later.
    serveFills([
      fillRow(STOP_LEG, '0aaa', '2026-01-06T14:30:00.123457Z', 'sell', '86.2'),
      fillRow(PARENT, 'ffff', '2026-01-06T14:30:00.123456Z', 'buy', '86.2'),
    ]);
    const fills = await broker().getFills(0);
    expect(fills.map((f) => [f.orderId, f.side, f.reason])).toEqual([
      [PARENT, 'buy', undefined],
      [STOP_LEG, 'sell', 'stop_loss'],
    ]);
    expect(fills[0]!.time).toBe(fills[1]!.time);
    expect(fills.map((f) => f.sequence)).toEqual([
      '2026-01-06T14:30:00.123456000Z|0',
      '2026-01-06T14:30:00.123457000Z|1',
    ]);
  });

  it('one instant even in full precision: the parent’s fill before its leg’s', async () => {
    serveFills([
      fillRow(STOP_LEG, '0aaa', '2026-01-06T14:30:00.123Z', 'sell', '86.2'),
      fillRow(PARENT, 'ffff', '2026-01-06T14:30:00.123Z', 'buy', '86.2'),
    ]);
    const fills = await broker().getFills(0);
    expect(fills.map((f) => f.orderId)).toEqual([PARENT, STOP_LEG]);
  });

  it('time keys sort chronologically whatever the offset and precision', () => {
    expect(timeKey('2026-01-06T09:30:00.5-05:00')).toBe('2026-01-06T14:30:00.500000000Z');
    expect(timeKey('2026-01-06T14:30:00Z')).toBe('2026-01-06T14:30:00.000000000Z');
    expect(timeKey('2026-01-06T14:30:00.123456789123Z')).toBe('2026-01-06T14:30:00.123456789Z');
  });
});

describe('dividends (DIV activities)', () => {
  const div = (id: string, type: string, date: string, net: string, extra: object = {}) => ({
    activity_type: type,
    id,
    date,
    net_amount: net,
    symbol: 'T',
    qty: '2',
    per_share_amount: '0.51',
    ...extra,
  });

  it('reads every dividend type, across pages, as signed amounts by day', async () => {
    const page1 = Array.from({ length: 100 }, (_, k) =>
      div(`20190801011955${String(k).padStart(3, '0')}::a-${k}`, 'DIV', '2019-08-01', '1.02'),
    );
    const page2 = [
      div('20190802011955195::nra', 'DIVNRA', '2019-08-02T05:00:00Z', '-0.31', {
        per_share_amount: null,
        description: 'NRA tax withheld',
      }),
    ];
    const asked: URL[] = [];
    server.use(
      http.get('*/v2/account/activities', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        return HttpResponse.json(url.searchParams.get('page_token') ? page2 : page1);
      }),
    );
    const rows = await broker().getCashActivities!(Date.parse('2019-07-31T00:00:00Z'));
    expect(rows).toHaveLength(101);
    expect(rows[0]).toEqual({
      id: '20190801011955000::a-0',
      type: 'DIV',
      date: '2019-08-01',
      netAmount: 1.02,
      symbol: 'T',
      qty: 2,
      perShareAmount: 0.51,
      description: null,
    });
    expect(rows[100]).toMatchObject({
      type: 'DIVNRA',
      date: '2019-08-02',
      netAmount: -0.31,
      perShareAmount: null,
      description: 'NRA tax withheld',
    });
    const types = asked[0]!.searchParams.get('activity_types')!.split(',');
    expect(types).toEqual(expect.arrayContaining(['DIV', 'DIVCGL', 'DIVCGS', 'DIVNRA', 'DIVROC']));
    expect(types).toContain('DIVTXEX');
    expect(types).not.toContain('FILL');
    expect(asked[1]!.searchParams.get('page_token')).toBe('20190801011955099::a-99');
  });

  it('a malformed activity is refused whole', async () => {
    server.use(
      http.get('*/v2/account/activities', () =>
        HttpResponse.json([div('x::1', 'DIV', '2019-08-01', 'lots')]),
      ),
    );
    await expect(broker().getCashActivities!(0)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
