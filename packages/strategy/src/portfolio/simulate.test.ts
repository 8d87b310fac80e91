import { describe, expect, it } from 'vitest';
import { backtest } from '../backtest/backtest.js';
import { BUSY_PARAMS, syntheticBars } from '../backtest/testing.js';
import type { BacktestConfig } from '../backtest/types.js';
import { BACKTEST_SETTINGS_DEFAULTS, type StockParams } from '../params.js';
import { simulatePortfolio } from './simulate.js';
import type { PortfolioSettings, PortfolioStock } from './types.js';

const WARM = 300;
const FROM = Date.UTC(2020, 0, 1 + WARM);

function settingsFor(overrides: Partial<PortfolioSettings> = {}): PortfolioSettings {
  return {
    initialCash: 10_000,
    slippage_percent: 0.1,
    commission_per_share: 0.005,
    partial_fill_probability: 0.3,
    trailing_stop_pct: 0.02,
    seed: 11,
    shortAtrThreshold: 1.5,
    max_drawdown: 1,
    ...overrides,
  };
}

const stocks = (count: number, params: StockParams = BUSY_PARAMS): PortfolioStock[] =>
  Array.from({ length: count }, (_, k) => ({
    bars: syntheticBars(1200, 100 + k, `S${String(k).padStart(2, '0')}`),
    params,
  }));

describe('portfolio simulation', () => {
  it.each([
    ['no drawdown halt', 1],
    ['a halt at 15 %', 0.15],
  ])('one stock on its own account trades exactly as backtest() (%s)', (_, maxDrawdown) => {
    for (const seed of [1, 2, 3]) {
      const bars = syntheticBars(1200, seed);
      const params = { ...BUSY_PARAMS, max_drawdown: maxDrawdown };
      const config: BacktestConfig = {
        ...BACKTEST_SETTINGS_DEFAULTS,
        partial_fill_probability: 0.3,
        seed: 7,
        shortAtrThreshold: 1.5,
      };
      const want = backtest(bars, params, config, { start: WARM, end: bars.close.length });
      const run = simulatePortfolio(
        [{ bars, params }],
        settingsFor({ seed: 7, max_drawdown: maxDrawdown }),
        { from: FROM },
      );
      expect(want.trades.length).toBeGreaterThan(10);
      expect(run.trades).toEqual(
        want.trades.map((t) => ({
          symbol: 'SYN',
          side: t.side,
          entryTime: t.entryTime,
          exitTime: t.exitTime,
          quantity: t.quantity,
          entryPrice: t.entryPrice,
          exitPrice: t.exitPrice,
          fees: t.fees,
          pnl: t.pnl,
          netPnl: t.netPnl,
          reason: t.reason,
        })),
      );
      expect([...run.equity]).toEqual([...want.equity]);
    }
  });

  it('shares one cash balance: final equity is the cash plus every net P&L, to the cent', () => {
    const run = simulatePortfolio(stocks(8), settingsFor(), { from: FROM });
    const symbols = new Set(run.trades.map((t) => t.symbol));
    expect(symbols.size).toBe(8);
    const net = run.trades.reduce((s, t) => s + t.netPnl, 0);
    expect(run.finalEquity).toBeCloseTo(run.initialCash + net, 6);
    expect(run.equity[run.equity.length - 1]).toBe(run.finalEquity);
    expect(Math.max(...run.positions)).toBeGreaterThan(1);
  });

  it('an entry the buying power left by earlier entries cannot pay for is not sent', () => {
    const risky = { ...BUSY_PARAMS, risk_per_trade: 0.5 };
    const run = simulatePortfolio(stocks(6, risky), settingsFor(), { from: FROM });
    expect(run.skipped.too_big).toBeGreaterThan(0);
    // Longs never spend more cash than the account has.
    expect(Math.min(...run.equity)).toBeGreaterThan(0);
  });

  it('the account halt keeps every later entry out; the stocks trade on until it', () => {
    const run = simulatePortfolio(stocks(6), settingsFor({ max_drawdown: 0.05 }), { from: FROM });
    const halt = run.halt!;
    expect(halt).not.toBeNull();
    expect(halt.equity).toBeLessThan(halt.peak * 0.95);
    expect(run.trades.some((t) => t.entryTime < halt.time)).toBe(true);
    expect(run.trades.filter((t) => t.entryTime > halt.time)).toEqual([]);
    expect(run.skipped.halted).toBeGreaterThan(0);
  });

  it('is deterministic for a seed, and the seed draws the partial fills', () => {
    const a = simulatePortfolio(stocks(4), settingsFor(), { from: FROM });
    expect(simulatePortfolio(stocks(4), settingsFor(), { from: FROM })).toEqual(a);
    const b = simulatePortfolio(stocks(4), settingsFor({ seed: 12 }), { from: FROM });
    expect(b.trades.map((t) => t.quantity)).not.toEqual(a.trades.map((t) => t.quantity));
  });

  it('trades no bar after `to`, and a stock missing a session is simply not stepped', () => {
    const list = stocks(3);
    const gap = list[1]!.bars;
    // Drop ten sessions of one stock: the others still trade them.
    const keep = [...gap.time.keys()].filter((i) => i < 600 || i >= 610);
    for (const f of ['time', 'open', 'high', 'low', 'close', 'volume'] as const)
      gap[f] = Float64Array.from(keep, (i) => gap[f][i] as number);
    const to = Date.UTC(2020, 0, 1 + 900);
    const run = simulatePortfolio(list, settingsFor(), { from: FROM, to });
    expect(run.times[run.times.length - 1]).toBe(to);
    expect(run.times.length).toBe(900 - WARM + 1);
    const missing = new Set([...list[0]!.bars.time.slice(600, 610)]);
    expect(run.trades.some((t) => t.symbol === 'S01' && missing.has(t.entryTime))).toBe(false);
    expect(run.trades.every((t) => t.exitTime <= to)).toBe(true);
  });
});
