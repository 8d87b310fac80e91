import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  equalWeightReturns,
  readBatchBars,
  type Db,
  type MetricsCompany,
  type UniverseName,
} from '@tradebot/db';
import { DAY_MS, dayFromIso, isoFromDay, type DemoMarket } from '@tradebot/market';
import { allocBars, type Bars } from '@tradebot/strategy';

/**
 * Where the metrics refresh reads a universe's bars and its beta benchmark, as of a trading
 * date. Bars end at `asOf` (completed sessions only) and start LOOKBACK_DAYS before it: about
 * 410 sessions, one trading year (252 returns, METRIC_SETTINGS.betaWindow) plus ~160 sessions
 * over which Wilder's RSI/ATR and MACD's EMAs (26 + 9) settle from their seeds.
 */
export const LOOKBACK_DAYS = 600;

export interface MetricsBarSource {
  universe: UniverseName;
  asOf: string;
  /** The benchmark series of beta (only `time` and `close` are read). */
  benchmark(): Promise<Bars>;
  /** The bars of each listing of a batch, by company id (a listing without bars is left out). */
  barsOf(batch: readonly MetricsCompany[]): Promise<Map<number, Bars>>;
}

const rangeOf = (asOf: string) => ({
  from: isoFromDay(dayFromIso(asOf) - LOOKBACK_DAYS),
  to: asOf,
});

/** Index levels (start 100) from daily returns, as bars dated like the listings' bars. */
function indexBars(days: ArrayLike<number>, growth: (t: number) => number): Bars {
  const bars = allocBars('INDEX', days.length);
  let level = 100;
  for (let t = 0; t < days.length; t++) {
    level *= growth(t);
    bars.time[t] = (days[t] as number) * DAY_MS;
    bars.close[t] = level;
  }
  return bars;
}

/**
 * The demo universe: bars from `DemoMarket.getDailyBars` (deterministic from the seed, never
 * stored), beta against the demo market's own index (`indexReturns`, the factor the listings'
 * returns load on), so a listing's measured beta estimates its model beta.
 */
export function demoBarSource(market: DemoMarket, asOf: string): MetricsBarSource {
  const range = rangeOf(asOf);
  return {
    universe: 'demo',
    asOf,
    async benchmark() {
      const returns = market.indexReturns();
      const last = dayFromIso(asOf);
      let n = 0;
      while (n < returns.length && market.dayAt(n) <= last) n++;
      const days = Array.from({ length: n }, (_, t) => market.dayAt(t));
      return indexBars(days, (t) => Math.exp(returns[t] as number));
    },
    async barsOf(batch) {
      const out = new Map<number, Bars>();
      for (const [i, company] of batch.entries()) {
        // Generating a series is synchronous CPU work (~4 ms): let the event loop run between
        // a few of them, so the job's lock is renewed however large the batch.
        if (i % 25 === 24) await nextTurn();
        const bars = await market.getDailyBars(company.symbol, range);
        if (bars.close.length > 0) out.set(company.id, bars);
      }
      return out;
    },
  };
}

/**
 * A stored universe (csv, or alpaca whose bars are already adjusted: adjusted_close = close):
 * bars from `daily_bars`, split- and dividend-adjusted (each bar's OHLC scaled
 * by adjusted_close / close, so a split is no crash in RSI, ATR or beta); the last price is then
 * the last adjusted close, which equals the traded one on a file's last date. Beta against an
 * equal-weight index of the universe itself (the mean daily return of its listings): the
 * shared data holds no index or ETF series, and an equal-weight index of the same stocks is
 * the closest market proxy the data offers.
 */
export function storedBarSource(
  db: Db,
  universe: 'csv' | 'alpaca',
  asOf: string,
): MetricsBarSource {
  const range = rangeOf(asOf);
  return {
    universe,
    asOf,
    async benchmark() {
      const rows = await equalWeightReturns(db, universe, range);
      return indexBars(
        rows.map((row) => row.day),
        (t) => 1 + (rows[t] as { ret: number }).ret,
      );
    },
    async barsOf(batch) {
      const rows = await readBatchBars(
        db,
        batch.map((company) => company.id),
        range,
      );
      const symbols = new Map(batch.map((company) => [company.id, company.symbol]));
      const out = new Map<number, Bars>();
      for (let start = 0; start < rows.length;) {
        const id = (rows[start] as (typeof rows)[number])[0];
        let end = start;
        while (end < rows.length && (rows[end] as (typeof rows)[number])[0] === id) end++;
        const bars = allocBars(symbols.get(id) ?? String(id), end - start);
        for (let i = 0; i < end - start; i++) {
          const [, day, open, high, low, close, adjusted, volume] = rows[
            start + i
          ] as (typeof rows)[number];
          const factor = close > 0 ? adjusted / close : 1;
          bars.time[i] = day * DAY_MS;
          bars.open[i] = open * factor;
          bars.high[i] = high * factor;
          bars.low[i] = low * factor;
          bars.close[i] = adjusted;
          bars.volume[i] = volume;
        }
        out.set(id, bars);
        start = end;
      }
      return out;
    },
  };
}

/** The csv universe's bars (the CSV import's `daily_bars`). */
export const csvBarSource = (db: Db, asOf: string) => storedBarSource(db, 'csv', asOf);
