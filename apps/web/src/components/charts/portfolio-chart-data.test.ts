import { describe, expect, it } from 'vitest';
import {
  bandData,
  drawdownBins,
  drawdownData,
  percentFormat,
  tradingDayAfter,
} from './portfolio-chart-data';

describe('drawdownData', () => {
  it('measures each close against the highest close before it, in percent', () => {
    const points = [
      { date: '2026-01-05', value: 100 },
      { date: '2026-01-06', value: 120 },
      { date: '2026-01-07', value: 90 },
      { date: '2026-01-08', value: 130 },
    ];
    expect(drawdownData(points).map((p) => p.value)).toEqual([0, 0, -25, 0]);
  });
});

describe('percentFormat', () => {
  it('keeps the decimals a shallow drawdown needs on the axis', () => {
    const shallow = percentFormat([{ value: 0 }, { value: -0.35 }, { value: -0.1 }]);
    expect(shallow.formatter(-0.35)).toBe('-0.35 %');
    expect(shallow.formatter(-0.1)).toBe('-0.10 %');
    expect(shallow.minMove).toBe(0.01);
  });

  it('writes one decimal once the curve falls 2 % or more', () => {
    const deep = percentFormat([{ value: 0 }, { value: -12.5 }]);
    expect(deep.formatter(-12.5)).toBe('-12.5 %');
    expect(deep.minMove).toBe(0.1);
  });
});

describe('tradingDayAfter', () => {
  it('skips weekends', () => {
    expect(tradingDayAfter('2026-01-09', 0)).toBe('2026-01-09');
    expect(tradingDayAfter('2026-01-09', 1)).toBe('2026-01-12');
    expect(tradingDayAfter('2026-01-05', 5)).toBe('2026-01-12');
  });
});

describe('bandData', () => {
  it('dates each band point by its trading day from the start', () => {
    const bands = [
      { day: 0, p5: 100, p50: 100, p95: 100 },
      { day: 5, p5: 95, p50: 101, p95: 108 },
    ];
    expect(bandData(bands, 'p5', '2026-01-05')).toEqual([
      { time: '2026-01-05', value: 100 },
      { time: '2026-01-12', value: 95 },
    ]);
  });
});

describe('drawdownBins', () => {
  it('keeps the bins up to past the last path and the halt, and marks those beyond the halt', () => {
    const counts = new Array<number>(50).fill(0);
    counts[2] = 30;
    counts[3] = 50;
    counts[5] = 20;
    const bins = drawdownBins({ bin_width: 0.02, counts }, 0.2);
    // The halt (bin 10) is further than the last path (bin 5): bins 0..11.
    expect(bins).toHaveLength(12);
    expect(bins[3]).toEqual({ from: 0.06, to: 0.08, count: 50, share: 0.5, halted: false });
    expect(bins.filter((b) => b.halted).map((b) => b.from)).toEqual([0.2, 0.22]);
    counts[20] = 1;
    const wide = drawdownBins({ bin_width: 0.02, counts }, 0.1);
    expect(wide).toHaveLength(22);
    expect(wide[20]).toMatchObject({ count: 1, halted: true });
    expect(wide[4]!.halted).toBe(false);
    expect(wide[5]!.halted).toBe(true);
  });
});
