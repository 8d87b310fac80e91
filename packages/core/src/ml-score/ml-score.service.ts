import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { TMlModelInfo, TMlScoreResult } from '@tradebot/api-contract';
import {
  adjustedBarsUpTo,
  latestMlModel,
  mlScoresFor,
  saveMlModel,
  type AdjustedBars,
} from '@tradebot/db';
import { isoFromDay, lastCompletedTradingDay } from '@tradebot/market';
import {
  allocBars,
  beatsBaseline,
  forestToJson,
  MONTH,
  NotEnoughHistoryError,
  parseIsoDate,
  trainAndEvaluate,
  type Bars,
  type MlScoreResult,
} from '@tradebot/strategy';
import type { ServiceDeps } from '../deps.js';
import type { UniverseName } from '../active-market/universe-source.js';
import { FEATURE_SET, modelInfoOf, storedMetrics } from './model-info.js';

/** The forest's seed: fixed, so a retrain on the same bars gives the same model. */
const SEED = 1;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A job result that stored nothing, and why. */
const untrained = (note: string, version: string | null = null): TMlScoreResult => ({
  trained: false,
  version,
  scored: 0,
  beats_baseline: null,
  note,
});

function toBars(b: AdjustedBars): Bars {
  const bars = allocBars(b.symbol, b.date.length);
  b.date.forEach((date, i) => {
    bars.time[i] = parseIsoDate(date);
    bars.open[i] = b.open[i] as number;
    bars.high[i] = b.high[i] as number;
    bars.low[i] = b.low[i] as number;
    bars.close[i] = b.close[i] as number;
    bars.volume[i] = b.volume[i] as number;
  });
  return bars;
}

/**
 * The screener's ML score: trains a random forest on a universe's daily bars (the worker's job),
 * stores it with its held-out figures against 12-1 momentum, and serves the latest model's scores
 * (percentiles 0–100, 100 = the model's most favoured stock) and its description.
 */
export function mlScoreService(deps: Pick<ServiceDeps, 'db' | 'market' | 'now'>) {
  /**
   * Market time of a universe: the demo market's own clock for `demo`; the real market's, i.e.
   * the injected wall clock, for `csv` and `alpaca` (their bars are real dates).
   */
  const marketNow = (universe: UniverseName): number =>
    universe === 'demo' ? deps.market.demo.clock.now() : deps.now().getTime();

  /** The newest model trained by the universe's market time now. */
  const latest = (universe: UniverseName) =>
    latestMlModel(deps.db, universe, new Date(marketNow(universe)));

  /** The last completed session of the universe's market: the bars a training may see. */
  const trainingDate = (universe: UniverseName): string =>
    isoFromDay(lastCompletedTradingDay(marketNow(universe)));

  async function loadUniverse(universe: UniverseName, upTo: string): Promise<Bars[]> {
    if (universe !== 'demo') return (await adjustedBarsUpTo(deps.db, universe, upTo)).map(toBars);
    const demo = deps.market.demo.market;
    const bars: Bars[] = [];
    for (const c of demo.listings())
      bars.push(await demo.getDailyBars(c.profile.symbol, { from: '2000-01-01', to: upTo }));
    return bars;
  }

  /**
   * Runs the pure pipeline, giving the event loop a turn between its steps (a few trees each)
   * so that the worker's job lock keeps being renewed while the CPU works.
   */
  async function runInSteps(bars: Bars[], onStep?: (note: string) => void): Promise<MlScoreResult> {
    const steps = trainAndEvaluate(bars, { seed: SEED, horizon: MONTH });
    for (;;) {
      await yieldToEventLoop();
      const step = steps.next();
      if (step.done === true) return step.value;
      onStep?.(step.value);
    }
  }

  /**
   * Trains, evaluates and stores a model of the universe with its scores (one transaction), on
   * the bars up to the last completed session; `skipIfCurrent` leaves a model of that day alone.
   */
  async function train(
    universe: UniverseName,
    options: { skipIfCurrent?: boolean; onStep?: (note: string) => void } = {},
  ): Promise<TMlScoreResult> {
    const trainedAt = new Date(marketNow(universe));
    const date = trainingDate(universe);
    const version = `${FEATURE_SET}-${date}`;
    if (options.skipIfCurrent === true && (await latest(universe))?.version === version)
      return untrained(`model ${version} is already trained on this market day's bars`, version);
    const bars = (await loadUniverse(universe, date)).filter((b) => b.close.length > 0);
    let result: MlScoreResult;
    try {
      result = await runInSteps(bars, options.onStep);
    } catch (error) {
      if (!(error instanceof NotEnoughHistoryError)) throw error;
      return untrained(error.message);
    }
    const e = result.evaluation;
    if (![e.model.ic, e.baseline.ic, e.model.hitRate, e.baseline.hitRate].every(Number.isFinite)) {
      return untrained('the held-out figures are undefined (constant scores): model not stored');
    }
    const beats = beatsBaseline(e);
    await saveMlModel(
      deps.db,
      {
        universe,
        version,
        trainedAt,
        asOf: day(result.scoredAt ?? e.test.to),
        train: { from: day(e.train.from), to: day(e.train.to) },
        test: { from: day(e.test.from), to: day(e.test.to) },
        metrics: storedMetrics(result, beats, { horizon: MONTH, seed: SEED }),
        forest: forestToJson(result.forest),
      },
      result.scores,
    );
    const note = `IC ${e.model.ic.toFixed(3)} vs momentum ${e.baseline.ic.toFixed(3)}, hit rate ${e.model.hitRate.toFixed(3)} vs ${e.baseline.hitRate.toFixed(3)}`;
    return { trained: true, version, scored: result.scores.size, beats_baseline: beats, note };
  }

  /** The latest model's scores (percentile 0–100) of those symbols; empty without a model. */
  async function scoresFor(
    universe: UniverseName,
    symbols: readonly string[],
  ): Promise<Map<string, number>> {
    const model = await latest(universe);
    if (model === null) return new Map();
    const rows = await mlScoresFor(deps.db, model.id, symbols);
    return new Map(rows.map((r) => [r.symbol, r.score]));
  }

  async function modelInfo(universe: UniverseName): Promise<TMlModelInfo | null> {
    const model = await latest(universe);
    return model === null ? null : modelInfoOf(model);
  }

  async function hasModel(universe: UniverseName): Promise<boolean> {
    return (await latest(universe)) !== null;
  }

  return { train, scoresFor, modelInfo, hasModel, trainingDate };
}

export type MlScoreService = ReturnType<typeof mlScoreService>;
