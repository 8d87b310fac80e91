/**
 * The screener's ML score against its naive baseline: a random forest on
 * point-in-time features predicting the next month's cross-sectional return rank, validated on
 * held-out later dates (time-based split with an embargo), beside 12-1 month momentum on the
 * same dates. Prints mean IC (Spearman per date, averaged), its t-statistic and share of positive
 * months, and the top-decile hit rate (share of the top tenth whose next-month return beat the
 * median), overall and per held-out year, then the verdict.
 * Run: npx tsx bench/ml-score.ts [--seed=1] [--demo-seed=42] [--skip-demo] [--skip-csv]
 *
 * Universes: ../shared/data/prices-daily (108 real S&P 500 stocks, 2011-04 → 2021-04; skipped
 * with a message when absent) and the demo market (520 generated listings from 2016, seeded,
 * clock fixed at 2026-11-20 so every run sees the same bars).
 */
import { DemoClock, DemoMarket } from '@tradebot/market';
import {
  beatsBaseline,
  runMlScore,
  type Bars,
  type Comparison,
  type MlScoreResult,
  type RankingSummary,
} from '@tradebot/strategy';
import { loadRealSymbols } from './lib/data.js';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const has = (flag: string) => process.argv.includes(`--${flag}`);
const SEED = arg('seed', 1);
const DEMO_SEED = arg('demo-seed', 42);
const DEMO_NOW = Date.UTC(2026, 10, 20, 22, 0);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');
const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : 'n/a');

function row(label: string, s: RankingSummary): string {
  return `  ${label.padEnd(22)} ${f3(s.ic).padStart(7)} ${f3(s.icTStat).padStart(7)} ${pct(s.icPositive).padStart(8)} ${pct(s.hitRate).padStart(8)} ${String(s.dates).padStart(6)} ${String(s.picks).padStart(6)}`;
}

function table(title: string, c: Comparison): void {
  console.log(`  ${title}`);
  console.log(
    `  ${''.padEnd(22)} ${'IC'.padStart(7)} ${'t(IC)'.padStart(7)} ${'IC>0'.padStart(8)} ${'hit'.padStart(8)} ${'months'.padStart(6)} ${'picks'.padStart(6)}`,
  );
  console.log(row('forest (ML score)', c.model));
  console.log(row('12-1 momentum', c.baseline));
  console.log(`  IC edge (forest − momentum, paired by month): t = ${f3(c.icEdgeTStat)}`);
}

function report(name: string, universe: readonly Bars[]): MlScoreResult {
  const started = performance.now();
  const result = runMlScore(universe, { seed: SEED });
  const seconds = (performance.now() - started) / 1000;
  const e = result.evaluation;
  console.log(
    `\n${name}: ${universe.length} symbols, ${seconds.toFixed(1)} s (features, two fits, scoring)`,
  );
  console.log(
    `  train ${day(e.train.from)} → ${day(e.train.to)} (${e.trainRows} stock-months), held out ${day(e.test.from)} → ${day(e.test.to)}; label: next 21 sessions' return rank; embargo 21 sessions`,
  );
  table('held-out, all months', e);
  for (const y of e.byYear) table(`held-out ${y.year}`, y);
  const verdict = beatsBaseline(e)
    ? 'BEATS the baseline (higher mean IC and hit rate, IC edge t ≥ 2)'
    : 'does NOT beat the baseline (needs a higher mean IC and hit rate and an IC edge t ≥ 2)';
  console.log(`  verdict: the ML score ${verdict}`);
  console.log(
    `  live model: refit on ${day(result.liveTrain.from)} → ${day(result.liveTrain.to)}, ${result.scores.size} stocks scored`,
  );
  return result;
}

if (!has('skip-csv')) {
  const real = loadRealSymbols();
  if (real.length > 0) report('csv (../shared/data/prices-daily)', real);
}
if (!has('skip-demo')) {
  const clock = new DemoClock({ start: DEMO_NOW, speed: 0 });
  const market = new DemoMarket({ seed: DEMO_SEED, clock, cacheSize: 1 });
  const range = { from: '2000-01-01', to: day(DEMO_NOW) };
  const bars = await Promise.all(
    market.listings().map((c) => market.getDailyBars(c.profile.symbol, range)),
  );
  report(`demo (seed ${DEMO_SEED}, 520 listings)`, bars);
}
