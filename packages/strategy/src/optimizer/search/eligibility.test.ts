import { describe, expect, it } from 'vitest';
import type { StockParams } from '../../params.js';
import { stockSearchSpace } from '../space/space.js';
import type { ParamValues } from '../space/types.js';
import { mulberry32 } from '../testing.js';
import { isEligible, rankedTargets, ranksAbove } from './eligibility.js';
import { optimize } from './optimize.js';
import { lowerBound } from './robust-score.js';
import type { EvalResult, Trial } from './types.js';

type P = StockParams & ParamValues;

const trial = (score: number, trades?: number): Trial<unknown> => ({
  params: {},
  score,
  profit: 0,
  sharpe: 0,
  barSharpe: 0,
  ...(trades === undefined ? {} : { trades }),
});

describe('eligibility rule', () => {
  it('ranks by min(trades, minTrades) first, then by score; unreported trades count as eligible', () => {
    expect(isEligible(6, 6)).toBe(true);
    expect(isEligible(5, 6)).toBe(false);
    expect(isEligible(undefined, 6)).toBe(true);
    // A set that never trades (score 0) loses to a trading loser once the rule is on...
    expect(ranksAbove({ score: -5, trades: 6 }, { score: 0, trades: 0 }, 6)).toBe(true);
    // ...but not without it.
    expect(ranksAbove({ score: -5, trades: 6 }, { score: 0, trades: 0 }, 0)).toBe(false);
    // Among eligible sets only the score counts; among ineligible ones more trades rank higher.
    expect(ranksAbove({ score: 1, trades: 6 }, { score: 0, trades: 40 }, 6)).toBe(true);
    expect(ranksAbove({ score: -9, trades: 3 }, { score: 0, trades: 2 }, 6)).toBe(true);
    expect(ranksAbove({ score: 1, trades: 2 }, { score: 0, trades: 2 }, 6)).toBe(true);
  });

  it('forest targets put every ineligible trial below every eligible one, closer the more it traded', () => {
    const trials = [trial(0, 0), trial(-2, 6), trial(-1, 9), trial(0, 3), trial(Number.NaN, 7)];
    const y = trials.map((t) => t.score);
    const out = Array.from(rankedTargets(y, trials, 6));
    // Eligible: -2, -1, and the failed run mapped to the worst eligible score.
    expect(out[1]).toBe(-2);
    expect(out[2]).toBe(-1);
    expect(out[4]).toBe(-2);
    // Ineligible: lo − spread·(N − t)/N with lo = -2 and spread = 0 − (−2) = 2.
    expect(out[0]).toBeCloseTo(-2 - 2, 12);
    expect(out[3]).toBeCloseTo(-2 - 1, 12);
    // Without the rule: the scores, failed runs at the worst finite score (as before the rule).
    expect(Array.from(rankedTargets(y, trials, 0))).toEqual([0, -2, -1, 0, -2]);
  });
});

/**
 * Sets trade more the higher rsi_buy_threshold is above 30 and lose a little per trade, with noise;
 * below 30 they never trade (returns all 0): the shape of the real data under lowerBound(3).
 */
function evaluate(p: P): EvalResult {
  const trades = Math.max(0, Math.round(p.rsi_buy_threshold - 30));
  const rng = mulberry32(Math.round(p.rsi_buy_threshold * 1e6) + p.rsi_period);
  const returns = new Float64Array(500);
  for (let k = 0; k < trades; k++) returns[(k * 37) % 500] = -0.001 + 0.01 * (rng() - 0.5);
  const profit = returns.reduce((a, b) => a + b, 0) * 1e4;
  return { profit, sharpe: 0, returns, trades };
}

describe('optimize with minTrades', () => {
  const run = (minTrades?: number) =>
    optimize<P>({
      evaluate,
      space: stockSearchSpace(),
      window: { start: 0, end: 500 },
      budget: { evaluations: 80 },
      rng: mulberry32(5),
      score: lowerBound(3),
      ...(minTrades === undefined ? {} : { minTrades }),
    });

  it('without the rule lowerBound(3) picks a set that does not trade; with it, one that trades enough', () => {
    expect(run().best.result.trades).toBe(0);
    const best = run(6).best;
    expect(best.result.trades).toBeGreaterThanOrEqual(6);
    expect(best.trades).toBe(best.result.trades);
  });

  it('picks the set closest to the rule when no set trades enough', () => {
    const res = run(1000);
    const most = Math.max(...res.trials.map((t) => t.trades ?? 0));
    expect(res.best.trades).toBe(most);
  });
});
