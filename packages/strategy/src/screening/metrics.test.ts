import { describe, expect, it } from 'vitest';
import { sliceBars } from '../bars.js';
import { syntheticBars } from '../backtest/testing.js';
import { atr, atrPercent } from '../indicators/atr.js';
import { beta } from '../indicators/beta.js';
import { macd } from '../indicators/macd.js';
import { rsi } from '../indicators/rsi.js';
import { averageVolume } from '../indicators/volume.js';
import { METRIC_SETTINGS, stockMetrics } from './metrics.js';

const last = (series: Float64Array) => series[series.length - 1];

describe('stockMetrics', () => {
  const bars = syntheticBars(300, 7, 'ABC');
  const index = syntheticBars(300, 8, 'IDX');
  for (let i = 0; i < 300; i++) bars.volume[i] = 1000 + i;

  it('equals the last value of each batch indicator', () => {
    const m = stockMetrics(bars, index);
    const line = macd(bars.close, 12, 26, 9);
    expect(m.symbol).toBe('ABC');
    expect(m.as_of).toBe(last(bars.time));
    expect(m.last_price).toBe(last(bars.close));
    expect(m.rsi).toBe(last(rsi(bars.close, 14)));
    expect(m.atr).toBe(last(atr(bars.high, bars.low, bars.close, 14)));
    expect(m.atr_percent).toBeCloseTo(last(atrPercent(bars.high, bars.low, bars.close, 14))!, 12);
    expect(m.macd).toBe(last(line.macd));
    expect(m.macd_signal).toBe(last(line.signal));
    expect(m.macd_histogram).toBe(last(line.histogram));
    // Volumes 1000..1299: the mean of the last 30 is (1270 + 1299) / 2.
    expect(m.average_volume).toBe(last(averageVolume(bars.volume, 30)));
    expect(m.average_volume).toBe(1284.5);
  });

  it('takes beta over the last 252 returns of the common dates', () => {
    const m = stockMetrics(bars, index);
    const w = METRIC_SETTINGS.betaWindow;
    const expected = last(beta(bars.close, index.close, w));
    expect(m.beta).toBeCloseTo(expected!, 12);
  });

  it('aligns the index by date: extra or missing index days change nothing', () => {
    const m = stockMetrics(bars, index);
    // The index starts 40 days earlier and ends 5 days later than the stock.
    const longer = syntheticBars(345, 8, 'IDX');
    for (let i = 0; i < 345; i++) longer.time[i] = Date.UTC(2020, 0, 1 + i - 40);
    longer.close.set(index.close, 40);
    expect(stockMetrics(bars, longer).beta).toBeCloseTo(m.beta!, 12);
    // A stock whose bars skip days: beta is taken on the dates both have.
    const gappy = stockMetrics(sliceBars(bars, 200, 300), index);
    const expected = last(beta(bars.close.subarray(200), index.close.subarray(200), 99));
    expect(gappy.beta).toBeCloseTo(expected!, 12);
  });

  it('is a regression slope: a stock that moves twice the index has beta 2', () => {
    const stock = syntheticBars(300, 1, 'TWO');
    stock.close[0] = 50;
    for (let i = 1; i < 300; i++)
      stock.close[i] = stock.close[i - 1]! * (1 + 2 * (index.close[i]! / index.close[i - 1]! - 1));
    expect(stockMetrics(stock, index).beta).toBeCloseTo(2, 10);
  });

  it('gives null, not NaN, where the bars are too few', () => {
    const short = sliceBars(bars, 0, 20);
    const m = stockMetrics(short, index);
    expect(m.last_price).toBe(bars.close[19]);
    expect(m.rsi).not.toBeNull();
    expect(m.average_volume).toBeNull();
    expect(m.macd).toBeNull();
    expect(m.beta).toBeNull();
    expect(stockMetrics(bars).beta).toBeNull();
    const empty = stockMetrics(sliceBars(bars, 0, 0), index);
    expect(empty).toMatchObject({ last_price: null, rsi: null, atr: null, as_of: null });
  });
});
