import { describe, expect, it } from 'vitest';
import { computeMetrics } from './metrics.js';
import type { Trade } from './types.js';

const trade = (
  entryIndex: number,
  exitIndex: number,
  netPnl: number,
  reason: Trade['reason'],
): Trade => ({
  side: 'long',
  entryIndex,
  exitIndex,
  entryDecisionIndex: entryIndex - 1,
  exitDecisionIndex: exitIndex,
  entryTime: 0,
  exitTime: 0,
  entryPrice: 1,
  exitPrice: 1,
  quantity: 1,
  fees: 0,
  pnl: netPnl,
  netPnl,
  reason,
});

describe('computeMetrics', () => {
  it('matches a hand computation on a tiny curve', () => {
    // Initial 10000; equity 11000, 9900, 9900, 10890 → returns 0.1, −0.1, 0, 0.1.
    // mean 0.025; sample var = (0.03 − 0.1·0.025)/3 = 0.0091667, sd 0.0957427; barsPerYear 4 →
    // Sharpe = 0.025/0.0957427·2 = 0.522233. Downside dev = √(0.01/4) = 0.05 → Sortino = 0.025/0.05·2 = 1.
    // Max drawdown 11000 → 9900: 10 %. CAGR = 1.089^(4/4) − 1 = 8.9 %.
    // Trades +100 (stop, bars 0–1: 2 bars held), −50 (signal, bars 2–3: filled at bar 3's open: 1 bar), +30
    // (take-profit on bar 3 alone: 1 bar) → win rate 66.67 %, profit factor 130/50 = 2.6, exposure 4/4.
    const m = computeMetrics(
      [trade(0, 1, 100, 'stop_loss'), trade(2, 3, -50, 'signal'), trade(3, 3, 30, 'take_profit')],
      Float64Array.from([11000, 9900, 9900, 10890]),
      10_000,
      4,
    );
    expect(m.profit).toBeCloseTo(890, 9);
    expect(m.cumulativePnl).toBeCloseTo(80, 9);
    expect(m.winRate).toBeCloseTo(200 / 3, 9);
    expect(m.maxDrawdown).toBeCloseTo(10, 9);
    expect(m.sharpe).toBeCloseTo(0.522233, 5);
    expect(m.sortino).toBeCloseTo(1, 9);
    expect(m.cagr).toBeCloseTo(8.9, 9);
    expect(m.exposure).toBeCloseTo(100, 9);
    expect(m.profitFactor).toBeCloseTo(2.6, 9);
    expect(m.trades).toBe(3);
  });

  it('has no profit factor without a losing trade, and zeros on a flat curve', () => {
    const m = computeMetrics(
      [trade(0, 0, 5, 'take_profit')],
      Float64Array.from([10_005, 10_005]),
      10_000,
      252,
    );
    expect(m.profitFactor).toBeNull();
    expect(m.winRate).toBe(100);
    expect(m.sortino).toBe(0);
    expect(m.exposure).toBe(50);
    const flat = computeMetrics([], Float64Array.from([10_000, 10_000, 10_000]), 10_000, 252);
    expect([flat.sharpe, flat.maxDrawdown, flat.cagr, flat.winRate]).toEqual([0, 0, 0, 0]);
  });
});
