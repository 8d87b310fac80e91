import { describe, expect, it } from 'vitest';
import { allocBars } from '../bars.js';
import { macd, rsi, sma } from '../indicators/index.js';
import { STOCK_PARAM_DEFAULTS } from '../params.js';
import { RSI_BLOCK_SHIFT, rsiBlockRange, sideCodes } from '../signals/types.js';
import { IndicatorCache } from './indicator-cache.js';
import { SeriesPool } from './series-pool.js';
import { syntheticBars } from './testing.js';

describe('IndicatorCache codes', () => {
  const bars = syntheticBars(500, 3);

  it('MACD codes (one fused pass, no float arrays) equal the codes of the float MACD and signal', () => {
    const cache = new IndicatorCache(bars);
    for (const [fast, slow] of [
      [12, 26],
      [5, 60],
      [20, 21],
      [30, 10],
      [7, 7],
      [40, 495],
    ] as const) {
      const m = macd(bars.close, fast, slow, 9);
      expect(cache.macdSide(fast, slow)).toEqual(sideCodes(m.macd, m.signal));
    }
  });

  it('keeps "equal" apart from "not warm" (a flat series: MACD = signal = 0 once warm)', () => {
    const flat = allocBars('FLAT', 60);
    flat.close.fill(10);
    const side = new IndicatorCache(flat).macdSide(12, 26);
    expect(side[32]).toBe(0); // signal not warm (first value at 26 − 1 + 9 − 1 = 33)
    expect(side[33]).toBe(2);
  });

  it('close-vs-SMA codes equal the side codes of the close against the float SMA', () => {
    const cache = new IndicatorCache(bars);
    for (const period of [1, 10, 50, 499, 500, 600])
      expect(cache.smaSide(period)).toEqual(sideCodes(bars.close, sma(bars.close, period)));
  });

  it('codes a close equal to its SMA as equal, not as not warm', () => {
    const flat = allocBars('FLAT', 30);
    flat.close.fill(10);
    const side = new IndicatorCache(flat).smaSide(10);
    expect(side[8]).toBe(0);
    expect(side[9]).toBe(2);
  });

  it('RSI block bounds hold every RSI of their block', () => {
    const r = rsi(bars.close, 14);
    const range = rsiBlockRange(r);
    for (let i = 0; i < r.length; i++) {
      const b = i >> RSI_BLOCK_SHIFT;
      const x = r[i] as number;
      if (Number.isNaN(x)) expect([range[2 * b], range[2 * b + 1]]).toEqual([-Infinity, Infinity]);
      else expect((range[2 * b] as number) <= x && x <= (range[2 * b + 1] as number)).toBe(true);
    }
  });

  it('with a SeriesPool, gives the same inputs symbol after symbol (buffers reused after release)', () => {
    const pool = new SeriesPool();
    const params = [
      STOCK_PARAM_DEFAULTS,
      {
        ...STOCK_PARAM_DEFAULTS,
        rsi_period: 9,
        sma_period: 20,
        atr_period: 5,
        macd_fast: 8,
        macd_slow: 40,
      },
    ];
    for (const b of [syntheticBars(400, 1), syntheticBars(300, 2), syntheticBars(400, 3)]) {
      const pooled = new IndicatorCache(b, pool);
      pooled.prepare(params);
      const plain = new IndicatorCache(b);
      for (const p of params) {
        const x = pooled.inputs(p);
        const y = plain.inputs(p);
        for (const k of [
          'rsi',
          'atr',
          'smaSide',
          'macdSide',
          'rsiRange',
          'sma',
          'macd',
          'signal',
        ] as const)
          expect(x[k]).toEqual(y[k]);
      }
      pooled.release();
    }
  });
});
