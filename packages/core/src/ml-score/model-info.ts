import type { TMlModelInfo } from '@tradebot/api-contract';
import type { MlModelSummary } from '@tradebot/db';
import { EDGE_T_STAT, FEATURE_NAMES, ML_FOREST, type MlScoreResult } from '@tradebot/strategy';
import { z } from 'zod';

/** Feature set version: bump when features, label or forest settings change. */
export const FEATURE_SET = 'rf1';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const period = (p: { from: number; to: number }) => ({ from: day(p.from), to: day(p.to) });
/** JSON has no NaN: an undefined figure is stored as null. */
const num = z.number().nullable();
const ZSummary = z.object({
  ic: num,
  ic_t: num,
  ic_positive: num,
  hit_rate: num,
  months: z.number(),
  picks: z.number(),
});

/** What `ml_models.metrics` holds (read back through this schema). */
export const ZStoredMetrics = z.object({
  model: ZSummary,
  baseline: ZSummary,
  ic_edge_t: num,
  beats_baseline: z.boolean(),
  by_year: z.array(
    z.object({ year: z.number(), model: ZSummary, baseline: ZSummary, ic_edge_t: num }),
  ),
  live_train: z.object({ from: z.string(), to: z.string() }),
  train_rows: z.number(),
  horizon: z.number(),
  seed: z.number(),
  features: z.array(z.string()),
  trees: z.number(),
});
export type StoredMetrics = z.infer<typeof ZStoredMetrics>;

const finite = (x: number) => (Number.isFinite(x) ? x : null);
const summary = (s: MlScoreResult['evaluation']['model']) => ({
  ic: finite(s.ic),
  ic_t: finite(s.icTStat),
  ic_positive: finite(s.icPositive),
  hit_rate: finite(s.hitRate),
  months: s.dates,
  picks: s.picks,
});

/** The figures of a training run, as stored beside the model. */
export function storedMetrics(
  result: MlScoreResult,
  beats: boolean,
  settings: { horizon: number; seed: number },
): StoredMetrics {
  const e = result.evaluation;
  return {
    model: summary(e.model),
    baseline: summary(e.baseline),
    ic_edge_t: finite(e.icEdgeTStat),
    beats_baseline: beats,
    by_year: e.byYear.map((y) => ({
      year: y.year,
      model: summary(y.model),
      baseline: summary(y.baseline),
      ic_edge_t: finite(y.icEdgeTStat),
    })),
    live_train: period(result.liveTrain),
    train_rows: e.trainRows,
    ...settings,
    features: [...FEATURE_NAMES],
    trees: ML_FOREST.trees,
  };
}

const UNIVERSE_NAMES = {
  demo: 'demo market',
  csv: 'imported market data',
  alpaca: 'Alpaca market',
} as const;
const f3 = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));
const pct = (x: number | null) => (x === null ? 'n/a' : `${(100 * x).toFixed(1)} %`);

/** The tooltip text: what the score is, how it did out of sample, and the verdict, in plain words. */
export function describeModel(m: MlModelSummary, s: StoredMetrics): string {
  const edge = s.ic_edge_t === null ? 'n/a' : s.ic_edge_t.toFixed(1);
  const verdict = s.beats_baseline
    ? `It beats the baseline: higher IC and hit rate, with an IC edge of ${edge} standard errors.`
    : `It does not beat the baseline: that needs a higher IC and hit rate and an IC edge of at least ${EDGE_T_STAT} standard errors (here ${edge}).`;
  return [
    `What it is: a random forest of ${s.trees} trees trained on ${s.features.length} price-based features`,
    '(past 1/3/6/12-month returns, 12-1 month momentum, distance from the 52-week high, 20/60-day',
    'volatility, RSI, ATR %, MACD histogram, volume trend, beta) to rank stocks by their return over',
    `the next ${s.horizon} trading days; the score is the stock's percentile (0–100, higher is better)`,
    `among the ${UNIVERSE_NAMES[m.universe]}'s stocks on ${m.asOf}.`,
    `Measured on held-out months ${m.test.from} to ${m.test.to} (${s.model.months} months, trained only on`,
    `${m.train.from} to ${m.train.to}): rank correlation with next-month returns (IC) ${f3(s.model.ic)}`,
    `vs ${f3(s.baseline.ic)} for 12-1 month momentum; top-decile hit rate ${pct(s.model.hit_rate)} vs`,
    `${pct(s.baseline.hit_rate)} (50 % is chance).`,
    verdict,
    `Version ${m.version}, trained ${m.trainedAt.toISOString().slice(0, 10)} and refit on`,
    `${s.live_train.from} to ${s.live_train.to}. Past figures do not promise future returns.`,
  ].join(' ');
}

/** The API's view of a stored model. */
export function modelInfoOf(m: MlModelSummary): TMlModelInfo {
  const s = ZStoredMetrics.parse(m.metrics);
  return {
    version: m.version,
    trained_at: m.trainedAt.toISOString(),
    train_period: m.train,
    test_period: m.test,
    ic: s.model.ic ?? 0,
    baseline_ic: s.baseline.ic ?? 0,
    hit_rate: s.model.hit_rate ?? 0,
    baseline_hit_rate: s.baseline.hit_rate ?? 0,
    beats_baseline: s.beats_baseline,
    description: describeModel(m, s),
  };
}
