import { describe, expect, it } from 'vitest';
import { rankNormalize, spearman, summarize, topDecileHits } from './metrics.js';

describe('rankNormalize', () => {
  it('maps to [0, 1] with ties sharing their average rank', () => {
    // Sorted: 1 (rank 0), 3 and 3 (ranks 1, 2 → 1.5), 7 (rank 3); divided by n − 1 = 3.
    expect(Array.from(rankNormalize([3, 1, 7, 3]))).toEqual([0.5, 0, 1, 0.5]);
    expect(Array.from(rankNormalize([42]))).toEqual([0.5]);
  });
});

describe('spearman (IC)', () => {
  it('is 1 for any increasing relation and −1 for a decreasing one', () => {
    expect(spearman([1, 2, 3, 4], [10, 100, 1000, 10_000])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
  });

  it('matches 1 − 6Σd²/(n(n²−1)) without ties', () => {
    // Ranks a = 1..5, b = 2,1,4,3,5: d = (−1, 1, −1, 1, 0), Σd² = 4 → 1 − 24/120 = 0.8.
    expect(spearman([1, 2, 3, 4, 5], [20, 10, 40, 30, 50])).toBeCloseTo(0.8, 12);
  });

  it('is NaN for a constant side', () => {
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
  });
});

describe('topDecileHits', () => {
  it('counts the top ceil(n/10) picks whose return beats the median', () => {
    // 20 stocks: picks = 2 (scores 19 and 18). Median of 0..19 = 9.5.
    const score = Array.from({ length: 20 }, (_, i) => i);
    const forward = Array.from({ length: 20 }, (_, i) => i);
    forward[19] = -1; // the best-scored stock fell
    expect(topDecileHits(score, forward)).toEqual({ picks: 2, hits: 1 });
  });

  it('takes one pick from a small cross-section', () => {
    expect(topDecileHits([0.1, 0.9, 0.5], [1, 3, 2])).toEqual({ picks: 1, hits: 1 });
    expect(topDecileHits([0.1, 0.9, 0.5], [1, 2, 3])).toEqual({ picks: 1, hits: 0 });
  });
});

describe('summarize', () => {
  it('averages ICs, gives their t-statistic and pools hits over picks', () => {
    const s = summarize([
      { ic: 0.1, picks: 2, hits: 2 },
      { ic: 0.3, picks: 2, hits: 1 },
      { ic: Number.NaN, picks: 2, hits: 0 },
    ]);
    // mean 0.2, sample sd √0.02, t = 0.2 / (√0.02 / √2) = 2.
    expect(s.dates).toBe(2);
    expect(s.ic).toBeCloseTo(0.2, 12);
    expect(s.icTStat).toBeCloseTo(2, 12);
    expect(s.icPositive).toBe(1);
    expect(s.hitRate).toBeCloseTo(3 / 6, 12);
  });
});
