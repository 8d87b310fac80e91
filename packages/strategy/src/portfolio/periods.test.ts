import { describe, expect, it } from 'vitest';
import { BUSY_PARAMS, syntheticBars } from '../backtest/testing.js';
import { simulatePortfolio } from './simulate.js';
import type { PortfolioSettings, PortfolioStock } from './types.js';

const DAY = 86_400_000;
const WARM = 300;
const FROM = Date.UTC(2020, 0, 1 + WARM);
const settings: PortfolioSettings = {
  initialCash: 10_000,
  slippage_percent: 0.1,
  commission_per_share: 0.005,
  partial_fill_probability: 0,
  trailing_stop_pct: 0,
  seed: 3,
  shortAtrThreshold: 1.5,
  max_drawdown: 1,
};
const stock = (seed: number, symbol: string): PortfolioStock => ({
  bars: syntheticBars(900, seed, symbol),
  params: BUSY_PARAMS,
});

describe('the list as it changed (periods)', () => {
  it('one period over the whole window trades exactly as no periods', () => {
    const plain = [stock(1, 'AAA'), stock(2, 'BBB')];
    const spanned = plain.map((s) => ({
      ...s,
      periods: [{ from: FROM, to: Number.POSITIVE_INFINITY, params: s.params }],
    }));
    const want = simulatePortfolio(plain, settings, { from: FROM });
    expect(want.trades.length).toBeGreaterThan(10);
    expect(simulatePortfolio(spanned, settings, { from: FROM })).toEqual(want);
  });

  it('a stock added later enters only from its first session on the list, as if it started there', () => {
    const added = FROM + 200 * DAY;
    const late = {
      ...stock(2, 'BBB'),
      periods: [{ from: added, to: Number.POSITIVE_INFINITY, params: BUSY_PARAMS }],
    };
    const run = simulatePortfolio([{ ...stock(1, 'AAA'), periods: [] }, late], settings, {
      from: FROM,
    });
    expect(run.trades.length).toBeGreaterThan(3);
    // Decided at a close on the list, filled at the next open.
    expect(Math.min(...run.trades.map((t) => t.entryTime))).toBeGreaterThan(added);
    // Its Decider, rebuilt there from every earlier bar, decides as one started on that session.
    const alone = simulatePortfolio([stock(2, 'BBB')], settings, { from: added });
    expect(run.trades).toEqual(alone.trades);
  });

  it('a stock taken off the list makes no entry after it', () => {
    const off = FROM + 150 * DAY;
    const run = simulatePortfolio(
      [{ ...stock(1, 'AAA'), periods: [{ from: FROM, to: off, params: BUSY_PARAMS }] }],
      settings,
      { from: FROM },
    );
    expect(run.trades.length).toBeGreaterThan(0);
    expect(run.trades.every((t) => t.entryTime <= off)).toBe(true);
  });
});
