import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDailyCsv, type Bars } from '../bars.js';
import { latinHypercube } from '../optimizer/space/sampling.js';
import { decode, dimensionCount, stockSearchSpace } from '../optimizer/space/space.js';
import { mulberry32 } from '../optimizer/testing.js';
import { BACKTEST_SETTINGS_DEFAULTS, type StockParams } from '../params.js';
import { paperRun, type PaperRun } from './decider-harness.js';
import { IndicatorCache } from './indicator-cache.js';
import { simulate } from './kernel.js';
import { EXIT_REASONS } from './run-state.js';
import { close, firstMismatch } from './trade-compare.js';
import { BUSY_PARAMS, syntheticBars } from './testing.js';
import type { BacktestConfig, SimResult, SimWindow, Trade } from './types.js';

/**
 * Backtest ≡ bot: the live bot's `Decider`, driven bar by bar by a paper broker
 * with the kernel's fills (`decider-harness.ts`), makes exactly the trades `simulate` records: the
 * same bars, sides, reasons and quantities, prices, fees and P&L to 1e-9 relative, the same close
 * equity on every bar and the same final equity.
 */
const DATA = fileURLToPath(new URL('../../../../../shared/data/prices-daily', import.meta.url));
const files = existsSync(DATA)
  ? readdirSync(DATA)
      .filter((f) => f.endsWith('.csv'))
      .sort()
  : [];

interface Case {
  name: string;
  params: StockParams;
  config: BacktestConfig;
  /** Window as [first bar, bars left out at the end]; default: all bars. */
  cut?: readonly [number, number];
}

const BASE: BacktestConfig = { ...BACKTEST_SETTINGS_DEFAULTS, seed: 5, allowShort: true };

/** Targeted cases: each rule the decider reproduces, on parameters that trade often. */
const TARGETED: Case[] = [
  { name: 'busy, shorts on', params: BUSY_PARAMS, config: BASE },
  { name: 'busy, shorts off', params: BUSY_PARAMS, config: { ...BASE, allowShort: false } },
  {
    name: 'both MACD gates on',
    params: { ...BUSY_PARAMS, macd_crossover: true, macd_crossunder: true },
    config: { ...BASE, shortAtrThreshold: 0 },
  },
  {
    name: 'crossover gate only',
    params: { ...BUSY_PARAMS, macd_crossover: true },
    config: BASE,
  },
  {
    name: 'crossunder gate only, rsi_sell < rsi_buy (contradictions)',
    params: {
      ...BUSY_PARAMS,
      rsi_buy_threshold: 55,
      rsi_sell_threshold: 45,
      macd_crossunder: true,
    },
    config: { ...BASE, shortAtrThreshold: 0 },
  },
  {
    name: 'rsi_sell < rsi_buy, no gates',
    params: { ...BUSY_PARAMS, rsi_buy_threshold: 52, rsi_sell_threshold: 48 },
    config: { ...BASE, shortAtrThreshold: 0 },
  },
  {
    name: 'slippage 3 % above a 2 % stop',
    params: { ...BUSY_PARAMS, stop_loss_percentage: 2, short_stop_loss_percentage: 2 },
    config: { ...BASE, slippage_percent: 3 },
  },
  {
    name: 'partial fills 50 %, heavy commission',
    params: BUSY_PARAMS,
    config: { ...BASE, partial_fill_probability: 0.5, commission_per_share: 0.05, seed: 17 },
  },
  {
    name: 'no trailing stop',
    params: BUSY_PARAMS,
    config: { ...BASE, trailing_stop_pct: 0 },
  },
  {
    name: 'max_drawdown 0.03 halts',
    params: { ...BUSY_PARAMS, max_drawdown: 0.03 },
    config: BASE,
  },
  {
    name: 'window after bar 300, 200 bars left out',
    params: BUSY_PARAMS,
    config: { ...BASE, partial_fill_probability: 0.3 },
    cut: [300, 200],
  },
];

/** Seeded draws from the optimizer's search space, with the general settings drawn too. */
function searchSpaceCases(count: number, seed: number): Case[] {
  const space = stockSearchSpace();
  const rng = mulberry32(seed);
  const points = latinHypercube(rng, count, dimensionCount(space));
  return points.map((u, k) => {
    const params = decode(space, u);
    const config: BacktestConfig = {
      ...BACKTEST_SETTINGS_DEFAULTS,
      seed: 1000 + k,
      allowShort: rng() < 0.5,
      shortAtrThreshold: rng() < 0.5 ? 0 : 1.5,
      slippage_percent: [0, 0.1, 1, 3][Math.floor(rng() * 4)] as number,
      commission_per_share: rng() * 0.02,
      trailing_stop_pct: rng() < 0.5 ? 0 : 0.005 + 0.05 * rng(),
      partial_fill_probability: rng() < 0.5 ? 0 : 0.5,
    };
    return {
      name: `search-space draw ${k}`,
      params,
      config,
      cut: rng() < 0.3 ? [50 + Math.floor(rng() * 400), Math.floor(rng() * 100)] : undefined,
    };
  });
}

/** The first way the paper run differs from the kernel's, or null. */
function difference(paper: PaperRun, kernel: SimResult): string | null {
  const m = firstMismatch(kernel.tradeList as Trade[], paper.tradeList);
  if (m) return `trade ${m.trade}: ${m.field} ${String(m.reference)} ≠ kernel ${String(m.kernel)}`;
  const eq = kernel.equity as Float64Array;
  for (let k = 0; k < eq.length; k++)
    if (!close(paper.equity[k] as number, eq[k] as number))
      return `close equity at window bar ${k}: ${paper.equity[k]} ≠ kernel ${eq[k]}`;
  if (!close(paper.finalEquity, kernel.finalEquity))
    return `final equity ${paper.finalEquity} ≠ kernel ${kernel.finalEquity}`;
  return null;
}

/** What the compared runs exercised, so the parity cannot hold vacuously. */
interface Coverage {
  trades: number;
  reasons: Map<string, number>;
  shorts: number;
  entryBarExits: number;
  reentries: number;
  partialFills: number;
  halts: number;
  runs: number;
  /** Runs with at least one trade (most search-space draws must trade, not just the busy cases). */
  tradingRuns: number;
}

const emptyCoverage = (): Coverage => ({
  trades: 0,
  reasons: new Map(),
  shorts: 0,
  entryBarExits: 0,
  reentries: 0,
  partialFills: 0,
  halts: 0,
  runs: 0,
  tradingRuns: 0,
});

function checkParity(bars: Bars, cases: Case[], cov: Coverage): void {
  const cache = new IndicatorCache(bars);
  const n = bars.close.length;
  for (const c of cases) {
    const window: SimWindow | undefined = c.cut && { start: c.cut[0], end: n - c.cut[1] };
    const kernel = simulate(cache.inputs(c.params), c.params, c.config, window, true);
    const paper = paperRun(bars, c.params, c.config, window);
    // An object, so a failure prints the whole difference rather than a truncated string.
    expect({ difference: difference(paper, kernel) }, `${bars.symbol}, ${c.name}`).toEqual({
      difference: null,
    });
    cov.trades += paper.tradeList.length;
    cov.partialFills += paper.partialFills;
    cov.halts += paper.halted ? 1 : 0;
    cov.runs++;
    cov.tradingRuns += paper.tradeList.length > 0 ? 1 : 0;
    paper.tradeList.forEach((t, k) => {
      cov.reasons.set(t.reason, (cov.reasons.get(t.reason) ?? 0) + 1);
      if (t.side === 'short') cov.shorts++;
      if (t.exitIndex === t.entryIndex && t.reason !== 'end_of_data') cov.entryBarExits++;
      if (k > 0 && t.entryDecisionIndex === (paper.tradeList[k - 1] as Trade).exitIndex)
        cov.reentries++;
    });
  }
}

function expectCoverage(cov: Coverage, minTrades: number): void {
  expect(cov.trades).toBeGreaterThan(minTrades);
  for (const reason of EXIT_REASONS)
    expect(cov.reasons.get(reason) ?? 0, reason).toBeGreaterThan(0);
  expect(cov.shorts).toBeGreaterThan(0);
  expect(cov.entryBarExits).toBeGreaterThan(0);
  expect(cov.reentries).toBeGreaterThan(0);
  expect(cov.partialFills).toBeGreaterThan(0);
  expect(cov.halts).toBeGreaterThan(0);
  expect(cov.tradingRuns).toBeGreaterThan(0.7 * cov.runs);
}

describe('decider parity: the bot decides as the kernel does', () => {
  it('on synthetic bars: targeted cases and 40 draws from the search space', () => {
    const cov = emptyCoverage();
    const draws = searchSpaceCases(40, 2024);
    for (const seed of [3, 8, 21]) {
      const bars = syntheticBars(1500, seed, `SYN${seed}`);
      checkParity(bars, TARGETED, cov);
      checkParity(bars, draws, cov);
    }
    expectCoverage(cov, 3000);
  });

  describe.skipIf(files.length === 0)(`on real daily bars (skipped: no CSV in ${DATA})`, () => {
    it('on a handful of symbols', () => {
      const cov = emptyCoverage();
      const draws = searchSpaceCases(40, 7);
      const picked = files.filter((_, k) => k % 20 === 0);
      for (const file of picked) {
        const bars = parseDailyCsv(
          file.replace('.csv', ''),
          readFileSync(`${DATA}/${file}`, 'utf8'),
        );
        checkParity(bars, TARGETED, cov);
        checkParity(bars, draws, cov);
      }
      expectCoverage(cov, 3000);
    });
  });
});
