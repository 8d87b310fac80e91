import { describe, expect, it } from 'vitest';
import { lowerBound, worstSubWindow } from './robust-score.js';

describe('robust scores', () => {
  it('lowerBound is Σr − k·√n·sd, 0 for a set that never trades, profit without returns', () => {
    const returns = [0.01, -0.01, 0.02, 0];
    // Σ = 0.02, mean 0.005, sample sd = √(0.00025/3), √n = 2.
    const sd = Math.sqrt((0.005 ** 2 + 0.015 ** 2 + 0.015 ** 2 + 0.005 ** 2) / 3);
    expect(lowerBound(2)({ profit: 5, sharpe: 0, returns })).toBeCloseTo(0.02 - 2 * 2 * sd, 12);
    expect(lowerBound()({ profit: 0, sharpe: 0, returns: new Float64Array(300) })).toBe(0);
    expect(lowerBound()({ profit: 7, sharpe: 0 })).toBe(7);
  });

  it('worstSubWindow is the smallest sum over consecutive thirds', () => {
    expect(worstSubWindow(3)({ profit: 0, sharpe: 0, returns: [1, 1, -1, 2, 0.5, 0.5] })).toBe(1);
  });
});
