import type { TBacktestResult } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { candleData, lineData, tradeMarkers } from './chart-data';

type Trade = TBacktestResult['trades'][number];
const trade = (over: Partial<Trade>): Trade => ({
  side: 'long',
  entry_date: '2024-01-02',
  exit_date: '2024-01-05',
  entry_price: 100,
  exit_price: 110,
  quantity: 10,
  net_pnl: 99,
  reason: 'signal',
  ...over,
});
const colors = { long: 'green', short: 'red', exit: 'gray' };

describe('lineData', () => {
  it('pairs each date with its value and leaves a gap for null', () => {
    expect(lineData(['2024-01-02', '2024-01-03', '2024-01-04'], [null, 1000, 1010.5])).toEqual([
      { time: '2024-01-02' },
      { time: '2024-01-03', value: 1000 },
      { time: '2024-01-04', value: 1010.5 },
    ]);
  });
});

describe('candleData', () => {
  it('builds one candle per date from the four arrays', () => {
    const bars = { open: [1, 2], high: [3, 4], low: [0.5, 1.5], close: [2, 3] };
    expect(candleData(['2024-01-02', '2024-01-03'], bars)[1]).toEqual({
      time: '2024-01-03',
      open: 2,
      high: 4,
      low: 1.5,
      close: 3,
    });
  });
});

describe('tradeMarkers', () => {
  it('marks a long entry below the bar and its exit above, with the exit reason', () => {
    expect(tradeMarkers([trade({ reason: 'take_profit' })], colors)).toEqual([
      { time: '2024-01-02', position: 'belowBar', shape: 'arrowUp', color: 'green', text: 'Long' },
      {
        time: '2024-01-05',
        position: 'aboveBar',
        shape: 'circle',
        color: 'gray',
        text: 'Exit: take profit',
      },
    ]);
  });

  it('marks a short entry above the bar, and sorts all markers by date', () => {
    const markers = tradeMarkers(
      [
        trade({ entry_date: '2024-02-01', exit_date: '2024-02-09' }),
        trade({
          side: 'short',
          entry_date: '2024-01-10',
          exit_date: '2024-01-20',
          reason: 'stop_loss',
        }),
      ],
      colors,
    );
    expect(markers.map((m) => m.time)).toEqual([
      '2024-01-10',
      '2024-01-20',
      '2024-02-01',
      '2024-02-09',
    ]);
    expect(markers[0]).toMatchObject({ position: 'aboveBar', shape: 'arrowDown', text: 'Short' });
    expect(markers[1]).toMatchObject({ position: 'belowBar', text: 'Exit: stop loss' });
  });
});
