import { describe, expect, it } from 'vitest';
import { sliceBars } from '../bars.js';
import { syntheticBars } from '../backtest/testing.js';
import { buildDataset, stack } from './dataset.js';
import { NotEnoughHistoryError, runMlScore, splitByTime } from './evaluate.js';
import { FEATURE_NAMES } from './features.js';
import { spearman } from './metrics.js';
import { fitModel, forestFromJson, forestToJson, predictRows } from './model.js';

const universe = Array.from({ length: 24 }, (_, k) => syntheticBars(900, 100 + k, `S${k}`));
const small = { trees: 8, maxDepth: 4, minLeaf: 20, sampleSize: 2_000 };

describe('buildDataset', () => {
  it('samples month ends with rank-normalized features and known forward returns', () => {
    const { samples, latest } = buildDataset(universe);
    expect(samples.length).toBeGreaterThan(12);
    for (const s of samples) {
      expect(new Date(s.time).getUTCMonth()).not.toBe(new Date(s.time + 86_400_000).getUTCMonth());
      expect(s.X.every((x) => x >= 0 && x <= 1)).toBe(true);
      expect(s.forward.every(Number.isFinite)).toBe(true);
    }
    expect(latest?.time).toBe(universe[0]!.time[899]);
    expect(latest?.symbols).toHaveLength(24);
  });

  it('forward returns are 21 sessions ahead', () => {
    const { samples } = buildDataset(universe);
    const s = samples[3]!;
    const bars = universe.find((b) => b.symbol === s.symbols[0])!;
    const i = bars.time.indexOf(s.time);
    expect(s.forward[0]).toBeCloseTo(bars.close[i + 21]! / bars.close[i]! - 1, 12);
  });
});

describe('splitByTime', () => {
  it('keeps an embargo of a horizon between the last training label and the test period', () => {
    const { samples } = buildDataset(universe);
    const { train, test } = splitByTime(samples, 0.4, 21);
    expect(test.length).toBeGreaterThan(0);
    const last = train[train.length - 1]!;
    expect(last.day + 21 + 21).toBeLessThanOrEqual(test[0]!.day);
    expect(train.length + test.length).toBeLessThan(samples.length);
  });
});

describe('the score model', () => {
  it('learns a planted relation', () => {
    const n = 2_000;
    const d = FEATURE_NAMES.length;
    const X = new Float64Array(n * d).map((_, i) => ((i * 7919) % 1000) / 1000);
    const y = new Float64Array(n).map((_, r) => X[r * d + 2]!);
    const forest = fitModel(X, y, d, 7, small);
    expect(spearman(predictRows(forest, X), y)).toBeGreaterThan(0.9);
  });

  it('is deterministic for a seed and round-trips through JSON', () => {
    const a = runMlScore(universe, { seed: 3, forest: small });
    const b = runMlScore(universe, { seed: 3, forest: small });
    const c = runMlScore(universe, { seed: 4, forest: small });
    expect(forestToJson(a.forest)).toEqual(forestToJson(b.forest));
    expect([...a.scores]).toEqual([...b.scores]);
    expect(a.evaluation).toEqual(b.evaluation);
    expect(forestToJson(c.forest)).not.toEqual(forestToJson(a.forest));
    const { X } = stack(buildDataset(universe).samples.slice(0, 2));
    const restored = forestFromJson(JSON.parse(JSON.stringify(forestToJson(a.forest))));
    expect(Array.from(predictRows(restored, X))).toEqual(Array.from(predictRows(a.forest, X)));
  });

  it('scores the latest cross-section as percentiles 0–100 and compares with momentum on the same dates', () => {
    const r = runMlScore(universe, { seed: 3, forest: small });
    const values = [...r.scores.values()].sort((x, y) => x - y);
    expect(values[0]).toBe(0);
    expect(values[values.length - 1]).toBe(100);
    expect(r.evaluation.model.dates).toBe(r.evaluation.baseline.dates);
    expect(r.evaluation.model.picks).toBe(r.evaluation.baseline.picks);
    expect(r.evaluation.train.to).toBeLessThan(r.evaluation.test.from);
  });
});

describe('runMlScore on too little history', () => {
  it('says so with NotEnoughHistoryError (a year of warm-up and 12 months are needed)', () => {
    expect(() => runMlScore(universe.map((b) => sliceBars(b, 0, 400)))).toThrow(
      NotEnoughHistoryError,
    );
    expect(() => runMlScore([])).toThrow(NotEnoughHistoryError);
  });
});
