import { DEFAULT_BACKTEST_SETTINGS, server, ui, ZBacktestResult } from '@tradebot/api-contract';
import { DAY_MS, isoFromDay } from '@tradebot/market';
import { syntheticBars } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import { planBacktest } from './backtest-bars.js';
import type { RobustnessMap } from '@tradebot/strategy';
import {
  configOf,
  DEFAULT_BACKTEST_GENERAL,
  optimizeSymbol,
  robustnessOfSymbol,
  seedOf,
  symbolSearch,
} from './backtest-optimize.js';
import { buildBacktestResult, reasonText } from './backtest-result.js';

const settings = DEFAULT_BACKTEST_SETTINGS;
const plan = planBacktest(syntheticBars(1500, 4), 12) as NonNullable<
  ReturnType<typeof planBacktest>
>;
const config = configOf(settings, DEFAULT_BACKTEST_GENERAL, seedOf('SYN'));
const search = symbolSearch(plan, config, settings);
const wf = optimizeSymbol(plan, config, settings, { evaluations: 10, timeMs: 60_000 }, search);
const robustness = robustnessOfSymbol(search, wf);
const build = (
  universe: 'demo' | 'csv' | 'alpaca',
  feed: 'iex' | 'sip' | null,
  map: RobustnessMap = robustness,
) =>
  buildBacktestResult({
    symbol: 'SYN',
    universe,
    feed,
    settings,
    plan,
    config,
    wf,
    robustness: map,
    completedAt: new Date('2026-11-26T00:00:00Z'),
  }).result;
const dateAt = (i: number) => isoFromDay(Math.floor((plan.bars.time[i] as number) / DAY_MS));

describe('the backtest result names the data it used', () => {
  it('records the source, the bars the plan read and the tested window', () => {
    const result = build('alpaca', 'sip');
    const n = plan.bars.time.length;
    expect(result.data).toEqual({
      source: 'alpaca',
      feed: 'sip',
      from: dateAt(0),
      to: dateAt(n - 1),
      tested_from: dateAt(plan.start),
      tested_to: dateAt(n - 1),
    });
    expect(result.data?.tested_from).toBe(result.dates[0]);
    expect(result.data?.tested_to).toBe(result.dates.at(-1));
    expect((result.data?.from ?? '') < (result.data?.tested_from ?? '')).toBe(true);
  });

  it('keeps the feed for the Alpaca cache only', () => {
    expect(build('csv', 'iex').data).toMatchObject({ source: 'csv', feed: null });
    expect(build('demo', 'iex').data).toMatchObject({ source: 'demo', feed: null });
  });

  it('a result stored before the data was recorded still parses', () => {
    const { data, ...old } = build('csv', null);
    expect(data).toBeDefined();
    const parsed = ZBacktestResult.parse({ ...old, universe: 'csv' });
    expect(parsed.data).toBeUndefined();
    expect(parsed.symbol).toBe('SYN');
  });

  it('reads as one line in the detail view', () => {
    const line = {
      from: '2024-03-01',
      to: '2026-11-25',
      tested_from: '2026-05-26',
      tested_to: '2026-11-25',
    };
    expect(ui.backtestDataLine({ source: 'alpaca', feed: 'iex', ...line })).toBe(
      'Data: Alpaca (IEX feed), 2024-03-01 → 2026-11-25 (tested 2026-05-26 → 2026-11-25)',
    );
    expect(ui.backtestDataSource('alpaca', 'sip')).toBe('Alpaca (SIP feed)');
    expect(ui.backtestDataSource('csv', null)).toBe('imported CSV (offline)');
    expect(ui.backtestDataSource('demo', null)).toBe('demo market');
  });
});

describe('the verdict reasons say what the figures show', () => {
  const report = {
    inSampleProfit: 120,
    inSampleTrades: 9,
    minTrades: 4,
    trials: 750,
    outOfSampleTrades: 3,
  };

  it('calls training gains luck only when there were gains', () => {
    expect(reasonText('below_significance_bar', report)).toBe(server.verdictBelowSignificance);
    expect(reasonText('below_significance_bar', { ...report, inSampleProfit: -42.5 })).toBe(
      server.verdictTrainingLoss,
    );
    expect(reasonText('below_significance_bar', { ...report, inSampleProfit: 0 })).toBe(
      server.verdictTrainingLoss,
    );
  });

  it('tells no out-of-sample trades apart from an out-of-sample loss', () => {
    expect(reasonText('no_out_of_sample_profit', report)).toBe(server.verdictNoOutOfSampleProfit);
    expect(reasonText('no_out_of_sample_profit', { ...report, outOfSampleTrades: 0 })).toBe(
      server.verdictNoOutOfSampleTrades,
    );
    expect(server.verdictNoOutOfSampleProfit).not.toContain('made money');
  });
});

describe('the robustness map in the result', () => {
  it('is centred on the out-of-sample figures the detail shows', () => {
    const result = build('demo', null);
    expect(result.robustness?.centre.profit).toBe(result.out_of_sample.profit);
    expect(result.robustness?.params.map((p) => p.name)).toEqual(
      search.space.dims.map((d) => d.name),
    );
    expect(result.robustness?.grid?.cells).toHaveLength(5);
  });

  it("puts a fragile set into the verdict by its parameters' labels", () => {
    const fragile: RobustnessMap = {
      ...robustness,
      centre: { profit: 250, sharpe: 0.8 },
      flips: ['macd_fast', 'macd_crossover'],
      fragile: true,
    };
    const { verdict } = build('demo', null, fragile);
    const names = 'MACD fast period (days) or MACD crossover';
    expect(verdict.reasons).toContain(server.verdictFragile(names, true));
    expect(verdict.summary).toBe(
      verdict.no_robust_edge
        ? server.verdictNoEdge(verdict.reasons[0] ?? '')
        : server.verdictEdgeFragile(12, names),
    );
    const steady = build('demo', null, { ...fragile, flips: [], fragile: false });
    expect(steady.verdict.reasons.some((r) => r.startsWith('It is fragile'))).toBe(false);
  });
});
