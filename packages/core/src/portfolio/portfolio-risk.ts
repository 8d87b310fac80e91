import { ui, type TPortfolioMonteCarlo } from '@tradebot/api-contract';
import {
  MONTE_CARLO_DEFAULT_DAYS,
  MONTE_CARLO_DEFAULT_PATHS,
  MONTE_CARLO_MIN_RETURNS,
  MonteCarloInputError,
  monteCarloRisk,
} from '@tradebot/strategy';

/** Days between two points of the bands in the result: one trading week. */
export const BAND_STEP_DAYS = 5;

/** Daily percentage returns of an equity curve: e[k] / e[k − 1] − 1. */
export function dailyReturns(equity: ArrayLike<number>): Float64Array {
  const out = new Float64Array(Math.max(0, equity.length - 1));
  for (let k = 1; k < equity.length; k++)
    out[k - 1] = (equity[k] as number) / (equity[k - 1] as number) - 1;
  return out;
}

/** A 32-bit seed from a job's id (FNV-1a): the same preview id always draws the same paths. */
export function seedOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Every `step`-th day of the bands and the last one. */
function weekly(days: number, step: number): number[] {
  const out: number[] = [];
  for (let d = 0; d < days; d += step) out.push(d);
  out.push(days);
  return out;
}

/**
 * The preview's Monte Carlo risk: its daily returns resampled (`monteCarloRisk`) into 10,000 years
 * from its starting cash, the account's max_drawdown as the halt, the bands about weekly.
 */
export function portfolioMonteCarlo(
  equity: ArrayLike<number>,
  startEquity: number,
  haltDrawdown: number,
  seed: number,
  paths = MONTE_CARLO_DEFAULT_PATHS,
  days = MONTE_CARLO_DEFAULT_DAYS,
): TPortfolioMonteCarlo {
  let risk;
  try {
    risk = monteCarloRisk({
      returns: dailyReturns(equity),
      startEquity,
      haltDrawdown: Math.min(1, Math.max(haltDrawdown, Number.EPSILON)),
      seed,
      paths,
      days,
    });
  } catch (error) {
    if (!(error instanceof MonteCarloInputError)) throw error;
    return {
      ok: false,
      error:
        error.problem === 'too_few_returns'
          ? ui.monteCarloTooFewReturns(error.count, MONTE_CARLO_MIN_RETURNS)
          : ui.monteCarloInvalidReturns,
    };
  }
  const { bands, maxDrawdown } = risk;
  return {
    ok: true,
    paths: risk.paths,
    days: risk.days,
    seed,
    mean_block_length: risk.meanBlockLength,
    start_equity: startEquity,
    halt_drawdown: haltDrawdown,
    bands: weekly(risk.days, BAND_STEP_DAYS).map((day) => ({
      day,
      p5: bands.p5[day]!,
      p50: bands.p50[day]!,
      p95: bands.p95[day]!,
    })),
    final_equity: risk.finalEquity,
    max_drawdown: {
      p5: maxDrawdown.p5,
      p25: maxDrawdown.p25,
      p50: maxDrawdown.p50,
      p75: maxDrawdown.p75,
      p95: maxDrawdown.p95,
      mean: maxDrawdown.mean,
      histogram: {
        bin_width: maxDrawdown.histogram.binWidth,
        counts: maxDrawdown.histogram.counts,
      },
    },
    halt_probability: risk.haltProbability,
  };
}
