/**
 * Surrogate forest: this package's typed-array forest vs ml-random-forest on the optimizer's
 * shape of data (n evaluated points × 16 parameters), same tree count, depth and feature share.
 * Prints fit and predict times and held-out R². Run: npx tsx bench/forest-compare.ts [--quick]
 */
import { RandomForestRegression } from 'ml-random-forest';
import { performance } from 'node:perf_hooks';
import { fitForest, predictForest } from '@tradebot/strategy';
import { mulberry32 } from '@tradebot/strategy/testing';

const quick = process.argv.includes('--quick');
const D = 16;
const TREES = 32;

function dataset(seed: number, n: number): { X: Float64Array; y: Float64Array } {
  const rng = mulberry32(seed);
  const X = new Float64Array(n * D);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < D; j++) {
      const x = rng();
      X[i * D + j] = x;
      s += 8 * 0.7 ** j * (x - 0.3 - 0.03 * j) ** 2;
    }
    y[i] = 100 - 100 * s + 5 * (rng() - 0.5);
  }
  return { X, y };
}

function r2(pred: ArrayLike<number>, y: Float64Array): number {
  const mean = y.reduce((a, b) => a + b, 0) / y.length;
  let sse = 0;
  let sst = 0;
  for (let i = 0; i < y.length; i++) {
    sse += ((pred[i] as number) - (y[i] as number)) ** 2;
    sst += ((y[i] as number) - mean) ** 2;
  }
  return 1 - sse / sst;
}

const rows = (X: Float64Array, n: number): number[][] =>
  Array.from({ length: n }, (_, i) => Array.from(X.subarray(i * D, (i + 1) * D)));

console.log(`forest comparison: ${TREES} trees, depth ≤ 12, ceil(d/3) features, d = ${D}`);
console.log(
  'n      ours fit ms  ours pred ms/1k  ours R²   ml-rf fit ms  ml-rf pred ms/1k  ml-rf R²  fit ratio',
);
for (const n of quick ? [100, 300] : [100, 300, 1000]) {
  const train = dataset(1, n);
  const test = dataset(2, 1000);
  let t0 = performance.now();
  const forest = fitForest(train.X, train.y, D, mulberry32(3), { trees: TREES, maxDepth: 12 });
  const oursFit = performance.now() - t0;
  t0 = performance.now();
  const ours = predictForest(forest, test.X, 1000).mean;
  const oursPred = performance.now() - t0;
  const rf = new RandomForestRegression({
    nEstimators: TREES,
    maxFeatures: Math.ceil(D / 3) / D + 1e-9,
    replacement: true,
    useSampleBagging: true,
    seed: 3,
    noOOB: true,
    treeOptions: { maxDepth: 12, minNumSamples: 3 },
  });
  t0 = performance.now();
  rf.train(rows(train.X, n), Array.from(train.y));
  const mlFit = performance.now() - t0;
  t0 = performance.now();
  const ml = rf.predict(rows(test.X, 1000));
  const mlPred = performance.now() - t0;
  console.log(
    [
      n,
      oursFit.toFixed(1),
      oursPred.toFixed(2),
      r2(ours, test.y).toFixed(3),
      mlFit.toFixed(0),
      mlPred.toFixed(1),
      r2(ml, test.y).toFixed(3),
      `${(mlFit / oursFit).toFixed(0)}×`,
    ]
      .map((s, k) => String(s).padEnd(k === 0 ? 7 : 13))
      .join(' '),
  );
}
