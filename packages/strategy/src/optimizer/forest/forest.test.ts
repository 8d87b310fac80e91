import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../testing.js';
import { fitForest } from './forest.js';
import { normalise, permutationImportance } from './importance.js';
import { predictForest } from './predict.js';

/** y = 4·x0 + sin(6·x1) + (x2 > 0.5 ? 1 : 0); x3..x5 are noise features. */
function data(seed: number, n: number) {
  const rng = mulberry32(seed);
  const d = 6;
  const X = new Float64Array(n * d);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) X[i * d + j] = rng();
    y[i] = 4 * X[i * d]! + Math.sin(6 * X[i * d + 1]!) + (X[i * d + 2]! > 0.5 ? 1 : 0);
  }
  return { X, y, d };
}

describe('fitForest', () => {
  const train = data(1, 400);
  const test = data(2, 200);

  it('predicts held-out rows of a known function (R² > 0.85)', () => {
    const forest = fitForest(train.X, train.y, train.d, mulberry32(5));
    const { mean, std } = predictForest(forest, test.X, 200);
    let sse = 0;
    let sst = 0;
    const my = test.y.reduce((a, b) => a + b, 0) / 200;
    for (let i = 0; i < 200; i++) {
      sse += (mean[i]! - test.y[i]!) ** 2;
      sst += (test.y[i]! - my) ** 2;
    }
    expect(1 - sse / sst).toBeGreaterThan(0.85);
    expect(std.every((s) => s >= 0)).toBe(true);
  });

  it('is deterministic for a seed', () => {
    const a = fitForest(train.X, train.y, train.d, mulberry32(9), { trees: 8 });
    const b = fitForest(train.X, train.y, train.d, mulberry32(9), { trees: 8 });
    expect(predictForest(a, test.X, 200).mean).toEqual(predictForest(b, test.X, 200).mean);
  });

  it('ranks the informative features above the noise features', () => {
    const forest = fitForest(train.X, train.y, train.d, mulberry32(5), { trees: 48 });
    const perm = normalise(permutationImportance(forest, train.X, train.y, mulberry32(6)));
    const imp = normalise(forest.impurity);
    for (const scores of [perm, imp]) {
      const noise = Math.max(scores[3]!, scores[4]!, scores[5]!);
      expect(scores[0]!).toBeGreaterThan(noise);
      expect(scores[1]!).toBeGreaterThan(noise);
      expect(scores[2]!).toBeGreaterThan(noise);
    }
    expect(perm[0]!).toBe(Math.max(...perm));
  });
});
