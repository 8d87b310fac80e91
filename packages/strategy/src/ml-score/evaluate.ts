import type { Bars } from '../bars.js';
import type { Forest, ForestOptions } from '../optimizer/forest/types.js';
import { buildDataset, stack, type CrossSection } from './dataset.js';
import { FEATURE_NAMES, MONTH } from './features.js';
import {
  rankNormalize,
  spearman,
  summarize,
  topDecileHits,
  type RankingSummary,
} from './metrics.js';
import { fitSteps, predictRows } from './model.js';

export interface MlScoreOptions {
  /** Label horizon in sessions (default 21). */
  horizon?: number;
  /** Share of the sample dates held out at the end for testing (default 0.4). */
  testFraction?: number;
  /** Forest seed (default 1). */
  seed?: number;
  forest?: ForestOptions;
}

export interface Period {
  /** First and last feature dates, ms since the epoch. */
  from: number;
  to: number;
}

/** Model and baseline over the same held-out dates. */
export interface Comparison {
  model: RankingSummary;
  baseline: RankingSummary;
  /**
   * t-statistic of the per-date IC difference (model − baseline, paired by date): whether the
   * model's edge in IC is larger than its month-to-month noise.
   */
  icEdgeTStat: number;
}

export interface Evaluation extends Comparison {
  train: Period;
  test: Period;
  /** The same figures per calendar year of the held-out period. */
  byYear: ({ year: number } & Comparison)[];
  /** Training rows (stock-months) of the evaluation fit. */
  trainRows: number;
}

export interface MlScoreResult {
  evaluation: Evaluation;
  /** Refit on every sample date: the model that scores today's stocks. */
  forest: Forest;
  /** Dates the live model learned from. */
  liveTrain: Period;
  /** Today's cross-section: symbol → percentile 0–100 of the live model's prediction (100 = best). */
  scores: Map<string, number>;
  /** The date of that cross-section (ms), or null without one. */
  scoredAt: number | null;
}

/** The universe's history is too short to train and validate on (not a fault: nothing to learn yet). */
export class NotEnoughHistoryError extends Error {
  override name = 'NotEnoughHistoryError';
}

const period = (sections: readonly CrossSection[]): Period => ({
  from: (sections[0] as CrossSection).time,
  to: (sections[sections.length - 1] as CrossSection).time,
});

/**
 * Time-based split: the last `testFraction` of the dates are held out; training keeps only dates
 * whose label window (horizon sessions) ends at least another horizon before the first test date,
 * an embargo so that no training label overlaps, or sits right next to, the test period.
 */
export function splitByTime(
  samples: readonly CrossSection[],
  testFraction: number,
  horizon: number,
): { train: CrossSection[]; test: CrossSection[] } {
  const first = Math.min(samples.length - 1, Math.floor(samples.length * (1 - testFraction)));
  const test = samples.slice(first);
  const start = (test[0] as CrossSection).day;
  const train = samples.slice(0, first).filter((s) => s.day + 2 * horizon <= start);
  return { train, test };
}

function compare(
  sections: readonly CrossSection[],
  predictions: readonly Float64Array[],
): Comparison {
  const model = sections.map((s, k) => ({
    ic: spearman(predictions[k] as Float64Array, s.forward),
    ...topDecileHits(predictions[k] as Float64Array, s.forward),
  }));
  const baseline = sections.map((s) => ({
    ic: spearman(s.momentum, s.forward),
    ...topDecileHits(s.momentum, s.forward),
  }));
  const edge = model.map((m, k) => ({
    ic: m.ic - (baseline[k] as { ic: number }).ic,
    picks: 0,
    hits: 0,
  }));
  return {
    model: summarize(model),
    baseline: summarize(baseline),
    icEdgeTStat: summarize(edge).icTStat,
  };
}

function byYear(sections: readonly CrossSection[], predictions: readonly Float64Array[]) {
  const years = [...new Set(sections.map((s) => new Date(s.time).getUTCFullYear()))];
  return years.map((year) => {
    const keep = sections.map((s) => new Date(s.time).getUTCFullYear() === year);
    return {
      year,
      ...compare(
        sections.filter((_, k) => keep[k]),
        predictions.filter((_, k) => keep[k]),
      ),
    };
  });
}

/**
 * The whole job, as a generator so the caller can yield between forest steps: builds the monthly
 * dataset, fits on the early dates, scores the held-out dates (model and 12-1 momentum side by
 * side), refits on all dates and scores the latest cross-section. Yields a progress note per step.
 */
export function* trainAndEvaluate(
  universe: readonly Bars[],
  options: MlScoreOptions = {},
): Generator<string, MlScoreResult> {
  const horizon = options.horizon ?? MONTH;
  const d = FEATURE_NAMES.length;
  const seed = options.seed ?? 1;
  const { samples, latest } = buildDataset(universe, { horizon });
  if (samples.length < 12) {
    throw new NotEnoughHistoryError(
      `too little history for the ML score: ${samples.length} monthly dates (needs 12, after a year of warm-up)`,
    );
  }
  yield `dataset: ${samples.length} dates`;
  const { train, test } = splitByTime(samples, options.testFraction ?? 0.4, horizon);
  if (train.length === 0)
    throw new NotEnoughHistoryError('no training dates before the held-out period');
  const fit = stack(train);
  const evalForest = yield* fitSteps(fit.X, fit.y, d, seed, options.forest);
  const predictions = test.map((s) => predictRows(evalForest, s.X));
  const evaluation: Evaluation = {
    ...compare(test, predictions),
    train: period(train),
    test: period(test),
    byYear: byYear(test, predictions),
    trainRows: fit.y.length,
  };
  yield 'evaluated';
  const all = stack(samples);
  const forest = yield* fitSteps(all.X, all.y, d, seed, options.forest);
  const scores = new Map<string, number>();
  if (latest !== null) {
    const percentile = rankNormalize(predictRows(forest, latest.X));
    latest.symbols.forEach((symbol, k) => scores.set(symbol, 100 * (percentile[k] as number)));
  }
  return { evaluation, forest, liveTrain: period(samples), scores, scoredAt: latest?.time ?? null };
}

/** Runs `trainAndEvaluate` to the end (tests, the bench). */
export function runMlScore(universe: readonly Bars[], options?: MlScoreOptions): MlScoreResult {
  const steps = trainAndEvaluate(universe, options);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * The t-statistic the IC edge must reach: about two standard errors, the usual 5 % two-sided
 * level, so a lucky few months do not count as beating the baseline.
 */
export const EDGE_T_STAT = 2;

/**
 * The model beats the baseline when its mean IC and its top-decile hit rate are both higher and
 * the IC edge is clear of the month-to-month noise (t ≥ EDGE_T_STAT).
 */
export function beatsBaseline(c: Comparison): boolean {
  return (
    c.model.ic > c.baseline.ic &&
    c.model.hitRate > c.baseline.hitRate &&
    c.icEdgeTStat >= EDGE_T_STAT
  );
}
