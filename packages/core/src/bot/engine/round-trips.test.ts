import { describe, expect, it } from 'vitest';
import { historicalPerformance, newYorkTimestamp } from '../reads/performance.js';
import { roundTrips, type TradeFill } from './round-trips.js';

const t = (day: number) => new Date(Date.UTC(2026, 0, day, 14, 30));
let next = 0;
const fill = (f: Partial<TradeFill> & Pick<TradeFill, 'side' | 'qty' | 'price'>): TradeFill => ({
  id: `f${++next}`,
  commission: 0,
  time: t(5 + next),
  reason: null,
  ...f,
});

describe('roundTrips', () => {
  it('joins partial entry and exit fills into one long trade with weighted prices and fees', () => {
    const fills = [
      fill({ side: 'buy', qty: 4, price: 100, commission: 0.04 }),
      fill({ side: 'buy', qty: 6, price: 105, commission: 0.06 }),
      fill({ side: 'sell', qty: 3, price: 110, commission: 0.03, reason: 'signal' }),
      fill({ side: 'sell', qty: 7, price: 120, commission: 0.07, reason: 'take_profit' }),
    ];
    const [trade, ...rest] = roundTrips(fills);
    expect(rest).toEqual([]);
    // Entry (4·100 + 6·105)/10 = 103, exit (3·110 + 7·120)/10 = 117, fees 0.2.
    expect(trade).toMatchObject({
      side: 'long',
      qty: 10,
      entryAt: fills[0]!.time,
      exitAt: fills[3]!.time,
      reason: 'take_profit',
      exitFillId: fills[3]!.id,
    });
    expect(trade!.entryPrice).toBeCloseTo(103, 10);
    expect(trade!.exitPrice).toBeCloseTo(117, 10);
    expect(trade!.pnl).toBeCloseTo(10 * 14 - 0.2, 10);
  });

  it('counts a short and leaves an open remainder out', () => {
    const fills = [
      fill({ side: 'sell', qty: 5, price: 50 }),
      fill({ side: 'buy', qty: 5, price: 45, reason: 'manual_sell' }),
      fill({ side: 'buy', qty: 2, price: 44 }),
    ];
    expect(roundTrips(fills)).toEqual([
      expect.objectContaining({
        side: 'short',
        qty: 5,
        entryPrice: 50,
        exitPrice: 45,
        pnl: 25,
        reason: 'manual_sell',
        exitFillId: fills[1]!.id,
      }),
    ]);
  });

  it('splits a fill that flips the position between the closed trade and the next one', () => {
    const fills = [
      fill({ side: 'buy', qty: 10, price: 20, commission: 1 }),
      fill({ side: 'sell', qty: 15, price: 22, commission: 1.5, reason: 'signal' }),
      fill({ side: 'buy', qty: 5, price: 21, commission: 0.5, reason: 'stop_loss' }),
    ];
    const trades = roundTrips(fills);
    expect(trades).toHaveLength(2);
    // Long 10: +20 less 1 (entry) and 10/15 of 1.5 (exit).
    expect(trades[0]).toMatchObject({ side: 'long', qty: 10, exitFillId: fills[1]!.id });
    expect(trades[0]!.pnl).toBeCloseTo(20 - 1 - 1, 10);
    // Short 5 from the flip: +5 less 0.5 (its share of the flip) and 0.5.
    expect(trades[1]).toMatchObject({
      side: 'short',
      qty: 5,
      entryPrice: 22,
      exitPrice: 21,
      entryAt: fills[1]!.time,
      reason: 'stop_loss',
      exitFillId: fills[2]!.id,
    });
    expect(trades[1]!.pnl).toBeCloseTo(5 - 0.5 - 0.5, 10);
  });

  it('same-millisecond fills (entry and stop at a gapped open) replay in the broker order', () => {
    // Stored by activity id, the stop leg ("…::0aaa") comes before the entry ("…::ffff").
    const at = new Date(Date.UTC(2026, 0, 6, 14, 30, 0, 123));
    const stop = fill({
      id: '20260106143000123::0aaa',
      side: 'sell',
      qty: 77,
      price: 86.2,
      time: at,
      reason: 'stop_loss',
      seq: '2026-01-06T14:30:00.123457000Z|1',
    });
    const entry = fill({
      id: '20260106143000123::ffff',
      side: 'buy',
      qty: 77,
      price: 86.2,
      time: at,
      reason: 'signal',
      seq: '2026-01-06T14:30:00.123456000Z|0',
    });
    const trades = roundTrips([stop, entry]);
    expect(trades).toEqual([
      expect.objectContaining({
        side: 'long',
        qty: 77,
        entryPrice: 86.2,
        exitPrice: 86.2,
        reason: 'stop_loss',
        exitFillId: stop.id,
      }),
    ]);
  });

  it('is the same over the same fills (a re-sync derives the same keys)', () => {
    const fills = [
      fill({ side: 'buy', qty: 1, price: 10 }),
      fill({ side: 'sell', qty: 1, price: 9 }),
    ];
    expect(roundTrips(fills)).toEqual(roundTrips([...fills]));
    expect(roundTrips(fills)[0]!.pnl).toBe(-1);
  });
});

describe('historicalPerformance', () => {
  const trade = (pnl: number, day: number) => ({
    symbol: 'X',
    side: 'long' as const,
    qty: 1,
    entryPrice: 1,
    exitPrice: 1 + pnl,
    entryAt: t(day - 1),
    exitAt: t(day),
    pnl,
    reason: null,
    exitFillId: `x${day}`,
  });

  it('sums P&L and counts winners; without equity points the curve is the trades’', () => {
    const perf = historicalPerformance([trade(100, 6), trade(-300, 7), trade(50, 8)], 1000);
    expect(perf).toMatchObject({ cumulative_pnl: -150, trades_count: 3 });
    expect(perf.win_rate).toBeCloseTo((2 / 3) * 100, 10);
    expect(perf.trades.map((x) => x.pnl)).toEqual([50, -300, 100]);
    expect(perf.equity_curve.map((p) => p.cumulative_pnl)).toEqual([100, -200, -150]);
  });

  it('measures the curve and the max drawdown on the marked equity, the current one included', () => {
    const points = [1000, 1100, 800, 850].map((equity, k) => ({ at: t(k + 1), equity }));
    const perf = historicalPerformance([trade(-150, 8)], 1000, points);
    // Peak 1100, trough 800: 300/1100; the curve is equity − base at each point.
    expect(perf.max_drawdown).toBeCloseTo((300 / 1100) * 100, 10);
    expect(perf.equity_curve.map((p) => p.cumulative_pnl)).toEqual([0, 100, -200, -150]);
    // The status's current drawdown (equity 700, peak 1100) is never above the historical one.
    const now = historicalPerformance([], 1000, points, { equity: 700, peak: 1100 });
    expect(now.max_drawdown).toBeCloseTo((400 / 1100) * 100, 10);
    const deeper = historicalPerformance([], 1000, points, { equity: 900, peak: 1200 });
    expect(deeper.max_drawdown).toBeGreaterThanOrEqual((300 / 1200) * 100);
  });

  it('is all zeros without trades', () => {
    expect(historicalPerformance([], 1000)).toEqual({
      cumulative_pnl: 0,
      win_rate: 0,
      max_drawdown: 0,
      trades_count: 0,
      trades: [],
      equity_curve: [],
    });
  });
});

describe('newYorkTimestamp', () => {
  it('shows New York wall time in winter and summer', () => {
    expect(newYorkTimestamp(Date.UTC(2026, 0, 5, 15, 30, 5))).toBe('2026-01-05 10:30:05');
    expect(newYorkTimestamp(Date.UTC(2026, 6, 6, 13, 30, 0))).toBe('2026-07-06 09:30:00');
    // 02:00 UTC on Jan 6 is still Jan 5 in New York.
    expect(newYorkTimestamp(Date.UTC(2026, 0, 6, 2, 0, 0))).toBe('2026-01-05 21:00:00');
  });
});
