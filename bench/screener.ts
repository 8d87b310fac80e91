/**
 * The screener's two targets: screening a 5,000-symbol universe on all 25
 * criteria from stored metrics in ≤ 2 s, and the metrics refresh for 5,000 symbols × one year
 * (252) of daily bars in ≤ 60 s. Run: npx tsx bench/screener.ts [--symbols=5000] [--repeat=20]
 *
 * "Stored metrics" are rows as the database read will hand them over (a later slice adds that
 * read path): plain objects, fundamentals joined with metrics, here arriving as JSON text so the
 * decoding a driver does is inside the measured time. Bars come from `syntheticBars` (seeded),
 * so every run measures the same work.
 */
import {
  screen,
  stockMetrics,
  type ScreenAssetType,
  type ScreenRow,
  type StockMetrics,
} from '@tradebot/strategy';
import { mulberry32, syntheticBars } from '@tradebot/strategy/testing';
import { ALL_CRITERIA } from '@tradebot/strategy/testing';
import { fmt, summary, target } from './lib/report.js';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SYMBOLS = arg('symbols', 5000);
const REPEAT = arg('repeat', 20);
const BARS = 252;
const TARGET = { screenSeconds: 2, refreshSeconds: 60 };

const seconds = (from: number) => (performance.now() - from) / 1000;

/** (b) the refresh: a year of bars per symbol and the index, metrics for each. */
function refreshMetrics(): { metrics: StockMetrics[]; genSeconds: number; metricSeconds: number } {
  let t0 = performance.now();
  const index = syntheticBars(BARS, 0, 'INDEX');
  const allBars = Array.from({ length: SYMBOLS }, (_, i) => syntheticBars(BARS, i + 1, `S${i}`));
  const genSeconds = seconds(t0);
  t0 = performance.now();
  const metrics = allBars.map((bars) => stockMetrics(bars, index));
  return { metrics, genSeconds, metricSeconds: seconds(t0) };
}

/**
 * Seeded fundamentals in the criteria's units. Funds and SPACs have no statements (every
 * statement figure unknown, as in the demo universe); otherwise 1 % of each value is unknown.
 */
function fundamentalsRow(m: StockMetrics, u: () => number): ScreenRow {
  const r = u();
  const assetType: ScreenAssetType =
    r < 0.03 ? 'etf' : r < 0.05 ? 'spac' : r < 0.12 ? 'reit' : 'stock';
  const statements = assetType === 'stock' || assetType === 'reit';
  const maybe = (value: number) => (!statements || u() < 0.01 ? null : value);
  const between = (lo: number, hi: number) => maybe(lo + (hi - lo) * u());
  return {
    symbol: m.symbol,
    asset_type: assetType,
    rsi: m.rsi,
    atr_percent: m.atr_percent,
    average_volume: 50_000 + 5_000_000 * u() * u(),
    beta: m.beta,
    market_cap: 1e8 * Math.exp(8 * u()),
    pe_ratio: between(3, 120),
    pb_ratio: between(0.3, 30),
    dividend_yield: u() < 0.4 ? 0 : 6 * u(),
    free_cash_flow: between(-5e8, 5e9),
    roe: between(-40, 60),
    roa: between(-20, 25),
    gross_margin: between(5, 85),
    operating_margin: between(-30, 45),
    current_ratio: between(0.3, 4),
    debt_to_equity: between(0, 5),
    ev_ebitda: between(2, 80),
    ps_ratio: between(0.2, 40),
    peg_ratio: between(0.2, 8),
    price_to_free_cash_flow: between(3, 150),
    revenue_growth: between(-30, 60),
    earnings_growth: between(-60, 120),
  };
}

/** (a) screening from stored rows: decode the rows, then filter on all 25 criteria. */
function measureScreen(stored: string) {
  const total: number[] = [];
  const filterOnly: number[] = [];
  let result: ReturnType<typeof screen<ScreenRow>> | null = null;
  for (let k = 0; k < REPEAT; k++) {
    const t0 = performance.now();
    const rows = JSON.parse(stored) as ScreenRow[];
    const t1 = performance.now();
    result = screen(rows, ALL_CRITERIA);
    filterOnly.push(seconds(t1));
    total.push(seconds(t0));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    result: result!,
    median: median(total),
    worst: Math.max(...total),
    filterMedian: median(filterOnly),
  };
}

function main() {
  console.log(`screener bench: ${SYMBOLS} symbols, ${BARS} daily bars each, ${REPEAT} screens`);
  const t0 = performance.now();
  const { metrics, genSeconds, metricSeconds } = refreshMetrics();
  const refreshSeconds = seconds(t0);
  const unknown = metrics.filter((m) => m.rsi === null || m.beta === null).length;
  console.log(
    `metrics refresh: bars generated in ${fmt(genSeconds)} s, metrics in ${fmt(metricSeconds)} s ` +
      `(${fmt((1e3 * metricSeconds) / SYMBOLS)} ms per symbol; ${unknown} with an unknown RSI or beta)`,
  );
  target(
    `metrics for ${SYMBOLS} symbols × ${BARS} bars ≤ ${TARGET.refreshSeconds} s`,
    refreshSeconds <= TARGET.refreshSeconds,
    `${fmt(refreshSeconds)} s including bar generation`,
  );

  const u = mulberry32(2026);
  const stored = JSON.stringify(metrics.map((m) => fundamentalsRow(m, u)));
  const { result, median, worst, filterMedian } = measureScreen(stored);
  console.log(
    `screen on all 25 criteria: ${result.symbols.length} pass, ${result.excludedForMissingData} ` +
      `excluded for missing data, of ${result.total}; ${(stored.length / 1e6).toFixed(1)} MB of rows`,
  );
  console.log('  missing by criterion:', JSON.stringify(result.missingByCriterion));
  console.log(
    `  decode + screen: median ${fmt(1e3 * median)} ms, worst ${fmt(1e3 * worst)} ms ` +
      `(the filter alone: median ${fmt(1e3 * filterMedian)} ms)`,
  );
  target(
    `screen ${SYMBOLS} symbols on 25 criteria ≤ ${TARGET.screenSeconds} s`,
    worst <= TARGET.screenSeconds,
    `worst of ${REPEAT}: ${fmt(worst)} s`,
  );
  summary();
}

main();
