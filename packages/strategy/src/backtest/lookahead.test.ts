import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDailyCsv, sliceBars, type Bars } from '../bars.js';
import { BACKTEST_SETTINGS_DEFAULTS, STOCK_PARAM_DEFAULTS, type StockParams } from '../params.js';
import { entrySignal, exitSignal, signalRules } from '../signals/rules.js';
import { IndicatorCache } from './indicator-cache.js';
import { simulate } from './kernel.js';
import { BUSY_PARAMS, syntheticBars } from './testing.js';
import type { BacktestConfig } from './types.js';

const DATA = fileURLToPath(new URL('../../../../../shared/data/prices-daily', import.meta.url));

const config: BacktestConfig = {
  ...BACKTEST_SETTINGS_DEFAULTS,
  partial_fill_probability: 0.3,
  seed: 11,
};
// Thresholds loose enough to trade often, so every cut falls near trades.
const params: StockParams[] = [
  BUSY_PARAMS,
  { ...STOCK_PARAM_DEFAULTS, rsi_buy_threshold: 40, rsi_sell_threshold: 60, macd_crossover: false },
];

/** Runs on bars truncated at k (fresh indicators) must agree with the full run on everything before k. */
function checkPrefix(bars: Bars, p: StockParams, cuts: number[]): number {
  const full = new IndicatorCache(bars).inputs(p);
  const whole = simulate(full, p, config, undefined, true);
  const rules = signalRules(p);
  let compared = 0;
  for (const k of cuts) {
    const cut = new IndicatorCache(sliceBars(bars, 0, k)).inputs(p);
    const part = simulate(cut, p, config, undefined, true);
    const done = (r: typeof whole) => (r.tradeList ?? []).filter((t) => t.exitIndex < k - 1);
    expect(done(part)).toEqual(done(whole));
    compared += done(part).length;
    expect(Array.from(part.equity ?? []).slice(0, k - 1)).toEqual(
      Array.from(whole.equity ?? []).slice(0, k - 1),
    );
    for (let i = 0; i < k; i++) {
      if (entrySignal(cut, i, rules) !== entrySignal(full, i, rules))
        throw new Error(`entry signal differs at bar ${i} (cut ${k})`);
      if (exitSignal(cut, i, 1, rules) !== exitSignal(full, i, 1, rules))
        throw new Error(`long exit differs at bar ${i} (cut ${k})`);
      if (exitSignal(cut, i, -1, rules) !== exitSignal(full, i, -1, rules))
        throw new Error(`short exit differs at bar ${i} (cut ${k})`);
    }
  }
  return compared;
}

describe('lookahead: a run on bars truncated at k equals the full run before k', () => {
  it('on seeded synthetic bars', () => {
    const bars = syntheticBars(900, 5);
    const cuts = [60, 137, 250, 401, 555, 720, 899];
    let compared = 0;
    for (const p of params) compared += checkPrefix(bars, p, cuts);
    expect(compared).toBeGreaterThan(30);
  });

  const files = existsSync(DATA)
    ? readdirSync(DATA)
        .filter((f) => f.endsWith('.csv'))
        .sort()
    : [];
  describe.skipIf(files.length === 0)(`on real daily bars (skipped: no CSV in ${DATA})`, () => {
    it(`on ${files[0] ?? 'the first CSV'}`, () => {
      const bars = parseDailyCsv('REAL', readFileSync(`${DATA}/${files[0]}`, 'utf8'));
      const n = bars.close.length;
      const cuts = [
        Math.floor(n / 7),
        Math.floor(n / 3),
        Math.floor(n / 2) + 1,
        Math.floor((3 * n) / 4),
        n - 3,
      ];
      let compared = 0;
      for (const p of params) compared += checkPrefix(bars, p, cuts);
      expect(compared).toBeGreaterThan(20);
    });
  });
});
