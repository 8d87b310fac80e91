import type { Bars } from '../bars.js';
import { atr } from '../indicators/atr.js';
import { beta } from '../indicators/beta.js';
import { macd } from '../indicators/macd.js';
import { rsi } from '../indicators/rsi.js';
import { averageVolume } from '../indicators/volume.js';

/**
 * Periods of the screener's technical metrics. RSI and ATR use Wilder's customary 14, MACD the
 * classic 12/26/9 (the per-stock defaults too). Average volume is over 30 sessions,
 * the window of `CompanyFundamentals.average_volume`, so both sources agree. Beta regresses the
 * last up to 252 daily simple returns (one trading year) on the index's over the same dates;
 * with fewer than 60 common returns it is unknown rather than noise.
 */
export const METRIC_SETTINGS = {
  rsiPeriod: 14,
  atrPeriod: 14,
  macdFast: 12,
  macdSlow: 26,
  macdSignal: 9,
  averageVolumePeriod: 30,
  betaWindow: 252,
  betaMinReturns: 60,
} as const;

/**
 * A symbol's technical metrics as of its last bar; null where the bars are too few (a metric is
 * stored as NULL, and the screener then counts the stock as missing data for it).
 */
export interface StockMetrics {
  symbol: string;
  /** Time of the last bar (ms since the epoch), the "as of" of every value. */
  as_of: number | null;
  last_price: number | null;
  rsi: number | null;
  atr: number | null;
  /** 100 · ATR / last close: percent. */
  atr_percent: number | null;
  macd: number | null;
  macd_signal: number | null;
  macd_histogram: number | null;
  average_volume: number | null;
  beta: number | null;
}

const lastOf = (series: Float64Array): number | null => {
  const value = series[series.length - 1];
  return value !== undefined && Number.isFinite(value) ? value : null;
};

/**
 * Closes of the stock and the index on the dates both have, the last `count` of them at most,
 * oldest first. Both series are sorted by time, so one backward merge finds them.
 */
function commonCloses(bars: Bars, index: Bars, count: number): [Float64Array, Float64Array] {
  const stock = new Float64Array(count);
  const bench = new Float64Array(count);
  let k = count;
  for (let i = bars.time.length - 1, j = index.time.length - 1; i >= 0 && j >= 0 && k > 0;) {
    const ti = bars.time[i] as number;
    const tj = index.time[j] as number;
    if (ti === tj) {
      k--;
      stock[k] = bars.close[i--] as number;
      bench[k] = index.close[j--] as number;
    } else if (ti > tj) i--;
    else j--;
  }
  return [stock.subarray(k), bench.subarray(k)];
}

/** Beta over the last window of common dates, by the package's rolling `beta` (one window). */
function lastBeta(bars: Bars, index: Bars): number | null {
  const { betaWindow, betaMinReturns } = METRIC_SETTINGS;
  const [stock, bench] = commonCloses(bars, index, betaWindow + 1);
  const returns = stock.length - 1;
  if (returns < betaMinReturns) return null;
  return lastOf(beta(stock, bench, returns));
}

/**
 * The metrics of one symbol's daily bars (oldest first) as of the last bar, from the package's
 * batch indicators over the whole history given (Wilder's RSI and ATR depend on it; a year of
 * bars settles them). `index` is the benchmark's daily bars for beta; without it beta is null.
 */
export function stockMetrics(bars: Bars, index: Bars | null = null): StockMetrics {
  const n = bars.close.length;
  const s = METRIC_SETTINGS;
  const lastPrice = n > 0 ? (bars.close[n - 1] as number) : null;
  const atrNow = lastOf(atr(bars.high, bars.low, bars.close, s.atrPeriod));
  const m = macd(bars.close, s.macdFast, s.macdSlow, s.macdSignal);
  return {
    symbol: bars.symbol,
    as_of: n > 0 ? (bars.time[n - 1] as number) : null,
    last_price: lastPrice,
    rsi: lastOf(rsi(bars.close, s.rsiPeriod)),
    atr: atrNow,
    atr_percent: atrNow !== null && lastPrice ? (100 * atrNow) / lastPrice : null,
    macd: lastOf(m.macd),
    macd_signal: lastOf(m.signal),
    macd_histogram: lastOf(m.histogram),
    average_volume: lastOf(averageVolume(bars.volume, s.averageVolumePeriod)),
    beta: index === null ? null : lastBeta(bars, index),
  };
}
