import { describe, expect, it } from 'vitest';
import { candles, equityCurveData, fillMarkers, marketDay } from './bot-chart-data';

const colors = { buy: 'green', sell: 'red' };

describe('the dashboard charts', () => {
  it('dates an instant by the New York market day', () => {
    // 01:30 UTC on the 6th is still the 5th in New York.
    expect(marketDay('2026-01-06T01:30:00.000Z')).toBe('2026-01-05');
    expect(marketDay('2026-01-06T15:00:00.000Z')).toBe('2026-01-06');
    expect(marketDay('2026-01-06')).toBe('2026-01-06');
  });

  it('keeps one equity point per market day, from 0 the day before the first close', () => {
    const data = equityCurveData([
      { time: '2026-01-07T15:00:00.000Z', cumulative_pnl: 30 },
      { time: '2026-01-06T15:00:00.000Z', cumulative_pnl: 10 },
      { time: '2026-01-07T18:00:00.400Z', cumulative_pnl: 25 },
    ]);
    expect(data).toEqual([
      { time: '2026-01-05', value: 0 },
      { time: '2026-01-06', value: 10 },
      { time: '2026-01-07', value: 25 },
    ]);
  });

  it('draws one closed trade as a move from zero, not a lone point', () => {
    expect(equityCurveData([{ time: '2026-03-02T20:00:00.000Z', cumulative_pnl: 9 }])).toEqual([
      { time: '2026-03-01', value: 0 },
      { time: '2026-03-02', value: 9 },
    ]);
    expect(equityCurveData([])).toEqual([]);
  });

  it('keys candles by market day, once each, sorted', () => {
    const bar = { open: 1, high: 2, low: 0.5, close: 1.5 };
    const data = candles([
      { time: '2026-01-06T05:00:00.000Z', ...bar },
      { time: '2026-01-05', ...bar, close: 1.2 },
    ]);
    expect(data.map((c) => c.time)).toEqual(['2026-01-05', '2026-01-06']);
  });

  it('puts each fill on its bar, or the last bar before it, in time order', () => {
    const days = ['2026-01-02', '2026-01-05', '2026-01-06'];
    const markers = fillMarkers(
      [
        { time: '2026-01-06T14:31:00.000Z', side: 'sell', qty: 12, price: 190, reason: null },
        // Saturday: drawn on Friday's bar.
        { time: '2026-01-03T15:00:00.000Z', side: 'buy', qty: 12, price: 187.2, reason: null },
        // Before the first bar: not drawn.
        { time: '2025-12-01T15:00:00.000Z', side: 'buy', qty: 1, price: 100, reason: null },
      ],
      days,
      colors,
    );
    expect(markers).toEqual([
      {
        time: '2026-01-02',
        position: 'belowBar',
        shape: 'arrowUp',
        color: 'green',
        text: 'Buy 12 @ 187.20',
      },
      {
        time: '2026-01-06',
        position: 'aboveBar',
        shape: 'arrowDown',
        color: 'red',
        text: 'Sell 12 @ 190.00',
      },
    ]);
  });
});
