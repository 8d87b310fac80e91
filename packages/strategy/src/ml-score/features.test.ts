import { describe, expect, it } from 'vitest';
import { sliceBars } from '../bars.js';
import { syntheticBars } from '../backtest/testing.js';
import {
  benchmarkOn,
  equalWeightIndex,
  FEATURE_NAMES,
  featureSeries,
  MONTH,
  YEAR,
} from './features.js';

const same = (a: number, b: number) => (Number.isNaN(a) ? Number.isNaN(b) : a === b);

describe('featureSeries', () => {
  const universe = [
    syntheticBars(400, 1, 'AAA'),
    syntheticBars(400, 2, 'BBB'),
    syntheticBars(400, 3, 'CCC'),
  ];

  it('is point in time: bars after i never change a feature at i', () => {
    const full = featureSeries(universe[0]!, benchmarkOn(universe[0]!, equalWeightIndex(universe)));
    for (const cut of [260, 300, 399]) {
      const cutUniverse = universe.map((b) => sliceBars(b, 0, cut));
      const part = featureSeries(
        cutUniverse[0]!,
        benchmarkOn(cutUniverse[0]!, equalWeightIndex(cutUniverse)),
      );
      for (let f = 0; f < FEATURE_NAMES.length; f++) {
        for (let i = 0; i < cut; i++) {
          expect(same(part[f]![i]!, full[f]![i]!), `${FEATURE_NAMES[f]} at ${i} (cut ${cut})`).toBe(
            true,
          );
        }
      }
    }
  });

  it('computes returns and 12-1 momentum from the closes, and every feature after a year', () => {
    const bars = universe[1]!;
    const s = featureSeries(bars, benchmarkOn(bars, equalWeightIndex(universe)));
    const c = bars.close;
    const i = 350;
    expect(s[0]![i]).toBeCloseTo(c[i]! / c[i - MONTH]! - 1, 12);
    expect(s[3]![i]).toBeCloseTo(c[i]! / c[i - YEAR]! - 1, 12);
    expect(s[4]![i]).toBeCloseTo(c[i - MONTH]! / c[i - YEAR]! - 1, 12);
    expect(s[4]![YEAR - 1]).toBeNaN();
    for (let f = 0; f < FEATURE_NAMES.length; f++)
      expect(Number.isFinite(s[f]![i]), FEATURE_NAMES[f]).toBe(true);
  });
});
