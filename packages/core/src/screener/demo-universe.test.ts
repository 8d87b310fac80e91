import {
  BUILT_IN_TEMPLATES,
  SCREENING_DEFAULTS,
  ZScreeningCriteria,
  asScreenCriteria,
} from '@tradebot/api-contract';
import { DemoClock, DemoMarket } from '@tradebot/market';
import { allocBars, screen, stockMetrics, type Bars } from '@tradebot/strategy';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenerRow, type ScreenerRow } from './screen-row.js';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-01-05T21:30:00Z'); // after Monday's close
const YEAR = { from: '2025-01-01', to: '2026-01-05' };

/** The demo index as bars (closes from its log returns), for beta. */
function indexBars(market: DemoMarket): Bars {
  const returns = market.indexReturns();
  const bars = allocBars('INDEX', returns.length);
  let level = 100;
  for (let t = 0; t < returns.length; t++) {
    level *= Math.exp(returns[t] as number);
    bars.time[t] = market.dayAt(t) * DAY_MS;
    bars.close[t] = level;
  }
  return bars;
}

/** The demo universe as the screener will see it: fundamentals joined with a year's metrics. */
async function demoRows(seed: number) {
  const market = new DemoMarket({ seed, clock: new DemoClock({ start: NOW, speed: 0 }) });
  const index = indexBars(market);
  const rows: ScreenerRow[] = [];
  const modelBeta = new Map<string, number>();
  for (const f of await market.listUniverse()) {
    const bars = await market.getDailyBars(f.symbol, YEAR);
    rows.push(screenerRow(f, stockMetrics(bars, index)));
    modelBeta.set(f.symbol, f.beta);
  }
  return { rows, modelBeta };
}

describe('the screener on the demo universe', () => {
  let rows: ScreenerRow[] = [];
  let modelBeta = new Map<string, number>();
  beforeAll(async () => {
    ({ rows, modelBeta } = await demoRows(1));
  });

  // Seeds 1, 2, 3, 7 and 42 gave 25, 28, 58, 39 and 59 stocks on 2026-01-05; the binding
  // defaults are max_rsi and min_beta (each alone keeps about a third of the universe).
  it('the default criteria return tens of stocks, not none and not all', () => {
    const result = screen(rows, asScreenCriteria(ZScreeningCriteria.parse({})));
    expect(rows.length).toBe(520);
    expect(result.symbols.length).toBeGreaterThanOrEqual(20);
    expect(result.symbols.length).toBeLessThanOrEqual(150);
    // A year of bars warms every default metric up: nothing is missing.
    expect(result.excludedForMissingData).toBe(0);
  });

  it("a year's computed beta is near the demo model's beta (the figure the provider reports)", () => {
    // One year of daily returns estimates beta with noise; the median error shows the bias.
    const errors = rows
      .filter((r) => r.asset_type === 'stock')
      .map((r) => Math.abs((r.beta as number) - (modelBeta.get(r.symbol) as number)))
      .sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThan(0.25);
  });

  it('every built-in template finds something and not everything', () => {
    for (const template of BUILT_IN_TEMPLATES) {
      const result = screen(rows, template.criteria);
      expect(result.symbols.length, template.name).toBeGreaterThan(0);
      expect(result.symbols.length, template.name).toBeLessThan(rows.length / 2);
    }
  });

  it('fundamental criteria count loss-makers and funds as missing data', () => {
    const result = screen(rows, { ...SCREENING_DEFAULTS, max_pe_ratio: 20 });
    const withoutPe = rows.filter((r) => r.pe_ratio === null).length;
    expect(withoutPe).toBeGreaterThan(0);
    expect(result.excludedForMissingData).toBe(withoutPe);
  });
});
