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
  BACKTEST_SETTINGS_DEFAULTS,
  matchTwin,
  simulatePortfolio,
  type Bars,
  type LiveTrip,
  type PortfolioSettings,
  type PortfolioStock,
  type StockParams,
} from '@tradebot/strategy';
import { loadRealSymbols } from './lib/data.js';
import { paramSets } from './lib/params.js';
import { fmt, summary, target } from './lib/report.js';

const STOCKS = 20;
const SESSIONS = 252;
const WARM_DAYS = 400;
const RUNS = 7;
const TARGET_MS = 1000;
const DAY = 86_400_000;

const all = loadRealSymbols();
const full = Math.max(0, ...all.map((b) => b.close.length));
const bars: Bars[] = all
  .filter((b) => b.close.length === full)
  .slice(0, STOCKS)
  .map((b) => tail(b, SESSIONS + 300));
if (bars.length < STOCKS) {
  console.log(
    `Live twin bench skipped: ${bars.length} real stocks with full history, ${STOCKS} needed.`,
  );
  process.exit(0);
}
const n = bars[0]!.time.length;
const from = bars[0]!.time[n - SESSIONS]!;
const to = bars[0]!.time[n - 1]!;
const at = (k: number) => bars[0]!.time[n - SESSIONS + k]!;
const params: StockParams[] = paramSets(STOCKS + 1, 42).map((p) => ({
  ...p,
  risk_per_trade: 0.02,
}));
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
const settings: PortfolioSettings = {
  initialCash: 100_000,
  slippage_percent: BACKTEST_SETTINGS_DEFAULTS.slippage_percent,
  commission_per_share: BACKTEST_SETTINGS_DEFAULTS.commission_per_share,
  partial_fill_probability: 0.3,
  trailing_stop_pct: 0,
  seed: 7,
  shortAtrThreshold: 1.5,
  max_drawdown: 1,
};
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
console.log(
  `${STOCKS} stocks × ${SESSIONS} sessions (${day(from)} → ${day(to)}), warm-up from ${day(bars[0]!.time[0]!)}, list changed 4 times`,
);

const twin = timeRuns(() => {
  const run = simulatePortfolio(versioned, settings, { from, to });
  const live: LiveTrip[] = run.trades
    .filter((t) => t.reason !== 'end_of_data')
    .map((t) => ({ ...t, entryTime: t.entryTime + 52_200_000, exitTime: t.exitTime + 52_200_000 }));
  return matchTwin(live, run.trades, { missed: () => null, extra: () => null });
});
const plain = timeRuns(() => simulatePortfolio(fixed, settings, { from, to }));

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

function timeRuns<T>(f: () => T): { median: number; cpuMedian: number; result: T } {
  let result = f();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    result = f();
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  return { median: median(times), cpuMedian: median(cpu), result };
}
