import { allocBars, type Bars } from '../bars.js';
import { STOCK_PARAM_DEFAULTS, type StockParams } from '../params.js';
import { seededUniform } from './rng.js';

/**
 * Seeded synthetic daily bars for tests and timing: a random walk of log returns with 2 % daily
 * volatility, an open gapped ±0.4 % from the previous close and a half-normal range around the body.
 */
export function syntheticBars(n: number, seed: number, symbol = 'SYN'): Bars {
  const g = seededUniform(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - g())) * Math.cos(2 * Math.PI * g());
  const b = allocBars(symbol, n);
  let p = 50;
  for (let i = 0; i < n; i++) {
    const o = p * (1 + 0.004 * normal());
    p = o * Math.exp(0.02 * normal());
    b.time[i] = Date.UTC(2020, 0, 1 + i);
    b.open[i] = o;
    b.close[i] = p;
    b.high[i] = Math.max(o, p) * (1 + Math.abs(0.01 * normal()));
    b.low[i] = Math.min(o, p) * (1 - Math.abs(0.01 * normal()));
    b.volume[i] = 1e6;
  }
  return b;
}

/** Loose thresholds and wide stops: many trades of every kind, so sums and seeds are exercised. */
export const BUSY_PARAMS: Readonly<StockParams> = {
  ...STOCK_PARAM_DEFAULTS,
  rsi_buy_threshold: 50,
  rsi_sell_threshold: 52,
  sma_period: 10,
  macd_crossover: false,
  macd_crossunder: false,
  stop_loss_percentage: 5,
  short_stop_loss_percentage: 5,
  take_profit_percentage: 8,
  max_drawdown: 1,
};
