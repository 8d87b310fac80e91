import { describe, expect, it } from 'vitest';
import { syntheticBars } from '../backtest/testing.js';
import { STOCK_PARAM_DEFAULTS } from '../params.js';
import { equalWeightBenchmark, perExitReason, perSymbol } from './breakdown.js';
import {
  dailyReturns,
  drawdown,
  portfolioMetrics,
  riskRatios,
  streaks,
  tradeStats,
} from './metrics.js';
import type { PortfolioTrade } from './types.js';

const DAY = 86_400_000;
const days = (n: number) => Float64Array.from({ length: n }, (_, k) => Date.UTC(2024, 0, 1 + k));

function trade(
  netPnl: number,
  symbol = 'A',
  reason: PortfolioTrade['reason'] = 'signal',
): PortfolioTrade {
  return {
    symbol,
    side: 'long',
    entryTime: 0,
    exitTime: DAY,
    quantity: 1,
    entryPrice: 10,
    exitPrice: 10 + netPnl,
    fees: 0,
    pnl: netPnl,
    netPnl,
    reason,
  };
}

describe('portfolio metrics by hand', () => {
  it('daily returns start from the initial cash', () => {
    expect([...dailyReturns(Float64Array.of(110, 99, 99), 100)]).toEqual([
      0.10000000000000009, -0.09999999999999998, 0,
    ]);
  });

  it('Sharpe and Sortino of returns +2 %, −1 %, +2 %, −1 % (252 a year)', () => {
    const r = Float64Array.of(0.02, -0.01, 0.02, -0.01);
    // mean 0.005; sample sd √(4·0.015²/3) = 0.017320…; downside √(2·0.0001/4) = 0.0070710…
    const { sharpe, sortino } = riskRatios(r, 252);
    expect(sharpe).toBeCloseTo((0.005 / Math.sqrt(0.0003)) * Math.sqrt(252), 12);
    expect(sortino).toBeCloseTo((0.005 / Math.sqrt(0.00005)) * Math.sqrt(252), 12);
    expect(riskRatios(Float64Array.of(0.01, 0.01, 0.01), 252)).toEqual({
      sharpe: null,
      sortino: null,
    });
  });

  it('drawdown: 100 → 120 → 90 → 130: 25 %, and 2 days below the peak', () => {
    const dd = drawdown(days(4), Float64Array.of(100, 120, 90, 130), 100);
    expect(dd.max).toBeCloseTo(0.25, 12);
    expect(dd.days).toBe(2);
    // Never regained: the stretch runs to the last close.
    expect(drawdown(days(5), Float64Array.of(100, 80, 90, 95, 99), 100).days).toBe(4);
  });

  it('streaks, profit factor, expectancy and win rate of +5, +3, −2, −1, −4, +6, 0', () => {
    const trades = [5, 3, -2, -1, -4, 6, 0].map((x) => trade(x));
    expect(streaks(trades)).toEqual({ win: 2, loss: 3 });
    expect(tradeStats(trades)).toEqual({
      profit_factor: 14 / 7,
      expectancy: 7 / 7,
      win_rate: 3 / 7,
    });
    expect(tradeStats([])).toEqual({ profit_factor: null, expectancy: null, win_rate: null });
  });

  it('a doubling over 504 sessions is a CAGR of √2 − 1; exposure counts invested closes', () => {
    const n = 504;
    const equity = Float64Array.from({ length: n }, (_, k) => 100 * 2 ** ((k + 1) / n));
    const positions = Uint16Array.from({ length: n }, (_, k) => (k % 4 === 0 ? 0 : 2));
    const m = portfolioMetrics({
      times: days(n),
      equity,
      positions,
      trades: [trade(1)],
      initialCash: 100,
    });
    expect(m.cagr).toBeCloseTo(Math.SQRT2 - 1, 12);
    expect(m.exposure).toBe(0.75);
    expect(m.max_drawdown).toBe(0);
    expect(m.calmar).toBeNull();
    expect(m.trades_per_year).toBe(0.5);
  });

  it('per stock (in list order, idle stocks too) and per exit reason', () => {
    const trades = [trade(2, 'B', 'stop_loss'), trade(-1, 'A'), trade(3, 'B', 'take_profit')];
    expect(perSymbol(trades, ['A', 'B', 'C'])).toEqual([
      { symbol: 'A', trades: 1, wins: 0, net_pnl: -1, win_rate: 0 },
      { symbol: 'B', trades: 2, wins: 2, net_pnl: 5, win_rate: 1 },
      { symbol: 'C', trades: 0, wins: 0, net_pnl: 0, win_rate: null },
    ]);
    expect(perExitReason(trades).map((g) => [g.reason, g.trades, g.net_pnl])).toEqual([
      ['stop_loss', 1, 2],
      ['signal', 1, -1],
      ['take_profit', 1, 3],
    ]);
  });

  it("equal-weight buy-and-hold: each stock's part follows its own close", () => {
    const a = syntheticBars(50, 1, 'A');
    const b = syntheticBars(50, 2, 'B');
    const times = a.time.slice(10);
    const bench = equalWeightBenchmark(
      [
        { bars: a, params: STOCK_PARAM_DEFAULTS },
        { bars: b, params: STOCK_PARAM_DEFAULTS },
      ],
      times,
      1000,
    );
    const k = 30;
    const want =
      500 * ((a.close[k] as number) / (a.close[10] as number)) +
      500 * ((b.close[k] as number) / (b.close[10] as number));
    expect(bench[0]).toBeCloseTo(1000, 9);
    expect(bench[k - 10]).toBeCloseTo(want, 9);
  });
});
