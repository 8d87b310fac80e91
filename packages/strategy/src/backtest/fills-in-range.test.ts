import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDailyCsv, type Bars } from '../bars.js';
import { mulberry32 } from '../optimizer/testing.js';
import { BACKTEST_SETTINGS_DEFAULTS, STOCK_PARAM_DEFAULTS, type StockParams } from '../params.js';
import { backtest } from './backtest.js';
import type { BacktestConfig, Trade } from './types.js';

/**
 * Every fill is at a price its bar traded, before the documented slippage: with heavy slippage
 * (up to 5 %, more than the stop distance), a stop measured from the slipped entry price can lie
 * outside the entry bar's range; it must then fill at the open, not at a price never printed.
 */
const DATA = fileURLToPath(new URL('../../../../../shared/data/prices-daily', import.meta.url));
const files = existsSync(DATA)
  ? readdirSync(DATA)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .slice(0, 6)
  : [];

/** A seeded parameter set that trades often, with random stops, targets and costs. */
function randomRun(seed: number): { params: StockParams; config: BacktestConfig } {
  const rng = mulberry32(seed);
  const between = (low: number, high: number) => low + (high - low) * rng();
  const params: StockParams = {
    ...STOCK_PARAM_DEFAULTS,
    rsi_buy_threshold: between(40, 60),
    rsi_sell_threshold: between(40, 60),
    sma_period: 5 + Math.floor(rng() * 40),
    macd_crossover: rng() < 0.3,
    macd_crossunder: rng() < 0.3,
    stop_loss_percentage: between(0.5, 5),
    short_stop_loss_percentage: between(0.5, 5),
    take_profit_percentage: between(1, 10),
    short_take_profit_percentage: between(1, 10),
    max_drawdown: 1,
  };
  const config: BacktestConfig = {
    ...BACKTEST_SETTINGS_DEFAULTS,
    seed,
    allowShort: true,
    shortAtrThreshold: 0,
    slippage_percent: between(0, 5),
    commission_per_share: between(0, 0.05),
    trailing_stop_pct: rng() < 0.5 ? 0 : between(0.005, 0.05),
    partial_fill_probability: rng() * 0.5,
  };
  return { params, config };
}

/** The price before slippage: buys paid price·(1 + s), sells got price·(1 − s). */
const rawPrices = (trade: Trade, slippage: number) => {
  const side = trade.side === 'long' ? 1 : -1;
  return {
    entry: trade.entryPrice / (1 + side * slippage),
    exit: trade.exitPrice / (1 - side * slippage),
  };
};

const inRange = (bars: Bars, index: number, price: number) =>
  price >= (bars.low[index] as number) * (1 - 1e-12) &&
  price <= (bars.high[index] as number) * (1 + 1e-12);

describe.skipIf(files.length === 0)(
  `fills and decision bars on real bars (skipped: no CSV in ${DATA})`,
  () => {
    it('every entry and exit price lies inside its bar’s range before slippage', () => {
      let trades = 0;
      let stoppedAtEntryBar = 0;
      for (const file of files) {
        const bars = parseDailyCsv(
          file.replace('.csv', ''),
          readFileSync(`${DATA}/${file}`, 'utf8'),
        );
        for (let seed = 1; seed <= 40; seed += 1) {
          const { params, config } = randomRun(seed * 7919 + file.length);
          const slippage = config.slippage_percent / 100;
          for (const trade of backtest(bars, params, config).trades) {
            const raw = rawPrices(trade, slippage);
            const where = `${file} seed ${seed} ${trade.side} ${trade.reason} bar ${trade.exitIndex}`;
            expect(inRange(bars, trade.entryIndex, raw.entry), `entry ${where}`).toBe(true);
            expect(inRange(bars, trade.exitIndex, raw.exit), `exit ${where}`).toBe(true);
            // Decided at a close before the fill (entries, exit signals, halts) or inside the exit bar.
            expect(trade.entryDecisionIndex, where).toBe(trade.entryIndex - 1);
            expect(trade.exitDecisionIndex, where).toBe(
              trade.reason === 'signal' || trade.reason === 'max_drawdown'
                ? trade.exitIndex - 1
                : trade.exitIndex,
            );
            trades += 1;
            if (trade.exitIndex === trade.entryIndex && trade.reason !== 'end_of_data')
              stoppedAtEntryBar += 1;
          }
        }
      }
      // The check must have exercised trades, including exits on their entry bar.
      expect(trades).toBeGreaterThan(1000);
      expect(stoppedAtEntryBar).toBeGreaterThan(10);
      // 240 backtests: seconds on a loaded machine, past the default 5 s.
    }, 60_000);
  },
);
