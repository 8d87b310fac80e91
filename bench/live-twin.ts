/**
 * Live twin (`simulatePortfolio` over the list's versions, then `matchTwin`): a 20-stock bot over
 * one year (252 sessions, after the bot's 400 calendar days of warm-up bars) on 20 real stocks of
 * ../shared/data/prices-daily, each with its own parameter set, the list changing four times
 * (a stock added, one taken off, one re-parameterised, one back on), one $100,000 account with
 * the default costs and 30 % partial fills; the live trades are the twin's own round trips (every
 * one matched). Target: ≤ 1 s of compute (median CPU time of 7 runs after one warm-up).
 * Reference in the same run: the same list fixed for the year (`simulatePortfolio` alone).
 * The database reads of the service (versions, trades, intents, bars) are not in the figure.
 *
 *   npx tsx bench/live-twin.ts
 */
import {
  matchTwin,
  simulatePortfolio,
  type Bars,
  type LiveTrip,
  type PortfolioStock,
  type StockParams,
} from '@tradebot/strategy';
import { accountSettings, fullHistoryStocks, stockParams } from './lib/portfolio.js';
import { fmt, isoDay as day, summary, target } from './lib/report.js';
import { timeRuns } from './lib/time-runs.js';

const STOCKS = 20;
const SESSIONS = 252;
const WARM_DAYS = 400;
const RUNS = 7;
const TARGET_MS = 1000;
const DAY = 86_400_000;

const bars: Bars[] = fullHistoryStocks(STOCKS, 'Live twin').map((b) => tail(b, SESSIONS + 300));
const n = bars[0]!.time.length;
const from = bars[0]!.time[n - SESSIONS]!;
const to = bars[0]!.time[n - 1]!;
const at = (k: number) => bars[0]!.time[n - SESSIONS + k]!;
const params = stockParams(STOCKS + 1);
const END = Number.POSITIVE_INFINITY;
const periodsOf = (k: number) => {
  const p = params[k] as StockParams;
  if (k === 0) return [{ from: at(60), to: END, params: p }]; // added
  if (k === 1) return [{ from, to: at(120), params: p }]; // taken off
  if (k === 2)
    return [
      { from, to: at(150), params: p },
      { from: at(150), to: END, params: params[STOCKS] as StockParams },
    ]; // re-parameterised
  if (k === 3)
    return [
      { from, to: at(90), params: p },
      { from: at(200), to: END, params: p },
    ]; // off, then back on
  return [{ from, to: END, params: p }];
};
const versioned: PortfolioStock[] = bars.map((b, k) => ({
  bars: b,
  params: params[k] as StockParams,
  periods: periodsOf(k),
}));
const fixed: PortfolioStock[] = bars.map((b, k) => ({ bars: b, params: params[k] as StockParams }));
const settings = accountSettings(0);
console.log(
  `${STOCKS} stocks × ${SESSIONS} sessions (${day(from)} → ${day(to)}), warm-up from ${day(bars[0]!.time[0]!)}, list changed 4 times`,
);

const twin = timeRuns(() => {
  const run = simulatePortfolio(versioned, settings, { from, to });
  const live: LiveTrip[] = run.trades
    .filter((t) => t.reason !== 'end_of_data')
    .map((t) => ({ ...t, entryTime: t.entryTime + 52_200_000, exitTime: t.exitTime + 52_200_000 }));
  return matchTwin(live, run.trades, { missed: () => null, extra: () => null });
}, RUNS);
const plain = timeRuns(() => simulatePortfolio(fixed, settings, { from, to }), RUNS);

const { totals } = twin.result;
console.log(`\nlive twin (versions + matching)`);
console.log(
  `  median ${fmt(twin.median, 4)} ms over ${RUNS} runs, CPU ${fmt(twin.cpuMedian, 4)} ms;` +
    ` ${totals.matched} matched, ${totals.missed} missed, ${totals.extra} extra, gap ${totals.gap.total}`,
);
console.log(
  `  reference, the list fixed for the year (simulatePortfolio alone): median ${fmt(plain.median, 4)} ms,` +
    ` CPU ${fmt(plain.cpuMedian, 4)} ms, ${plain.result.trades.length} trades`,
);
target(
  `live twin, ${STOCKS} stocks × 1 year ≤ ${TARGET_MS} ms of compute`,
  twin.cpuMedian <= TARGET_MS &&
    totals.missed === 0 &&
    totals.extra === 0 &&
    totals.gap.total === 0,
  `CPU ${fmt(twin.cpuMedian, 4)} ms, wall ${fmt(twin.median, 4)} ms`,
);
summary();

/** The last `count` bars, and the 400 calendar days before them kept as warm-up. */
function tail(b: Bars, count: number): Bars {
  const end = b.time.length;
  const start = b.time[end - SESSIONS]! - WARM_DAYS * DAY;
  let s = Math.max(0, end - count);
  while (s < end && b.time[s]! < start) s++;
  const cut = (a: Float64Array) => a.slice(s, end);
  return {
    symbol: b.symbol,
    time: cut(b.time),
    open: cut(b.open),
    high: cut(b.high),
    low: cut(b.low),
    close: cut(b.close),
    volume: cut(b.volume),
  };
}
