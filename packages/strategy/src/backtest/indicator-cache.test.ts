import { describe, expect, it } from 'vitest';
import { atr, macd, rsi, sma } from '../indicators/index.js';
import { STOCK_PARAM_DEFAULTS } from '../params.js';
import { IndicatorCache } from './indicator-cache.js';
import { syntheticBars } from './testing.js';

describe('IndicatorCache', () => {
  const bars = syntheticBars(400, 2);

  it('gives the indicators module values, MACD from shared EMAs included', () => {
    const cache = new IndicatorCache(bars);
    for (const [fast, slow] of [
      [12, 26],
      [5, 60],
      [20, 21],
    ] as const) {
      const x = cache.inputs({ ...STOCK_PARAM_DEFAULTS, macd_fast: fast, macd_slow: slow });
      const m = macd(bars.close, fast, slow, 9);
      expect(x.macd).toEqual(m.macd);
      expect(x.signal).toEqual(m.signal);
    }
    const x = cache.inputs(STOCK_PARAM_DEFAULTS);
    expect(x.rsi).toEqual(rsi(bars.close, 14));
    expect(x.sma).toEqual(sma(bars.close, 50));
    expect(x.atr).toEqual(atr(bars.high, bars.low, bars.close, 14));
    expect(x.smaSide[10]).toBe(0); // SMA(50) not warm
    expect(x.smaSide[200]).toBe((bars.close[200] as number) > (x.sma[200] as number) ? 1 : -1);
  });

  it('computes each (indicator, period) once and shares it across parameter sets', () => {
    const cache = new IndicatorCache(bars);
    const a = cache.inputs(STOCK_PARAM_DEFAULTS);
    const b = cache.inputs({ ...STOCK_PARAM_DEFAULTS, rsi_buy_threshold: 20, sma_period: 30 });
    expect(b.rsi).toBe(a.rsi);
    expect(b.macd).toBe(a.macd);
    expect(b.atr).toBe(a.atr);
    expect(b.sma).not.toBe(a.sma);
  });
});
