import { normal, streamFor } from './random.js';
import { SECTORS } from './sectors.js';

/**
 * The common part of every demo price: a market factor with volatility regimes (calm, normal,
 * stressed; a Markov chain) and occasional crashes, and one factor per sector whose volatility
 * follows the market's regime. Day t's values depend on the seed and days 0..t only, so
 * generating more days never changes earlier ones.
 */
export interface MarketFactors {
  length: number;
  /** Daily log return of the market index. */
  market: Float64Array;
  /** The market's daily volatility (sd) in force that day: the regime. */
  marketVol: Float64Array;
  /** Daily log return of each sector's factor, indexed like SECTORS. */
  sector: Float64Array[];
}

/** Daily sd of the market in the calm, normal and stressed regimes. */
export const REGIME_VOL = [0.0065, 0.01, 0.022] as const;
/** Probability of staying in each regime from one day to the next. */
const REGIME_STAY = [0.985, 0.98, 0.95] as const;
const MARKET_DRIFT = 0.00025;
const SECTOR_VOL = 0.006;

function nextRegime(regime: number, u: number): number {
  if (u < REGIME_STAY[regime as 0 | 1 | 2]) return regime;
  if (regime === 1) return u < (1 + REGIME_STAY[1]) / 2 ? 0 : 2;
  return 1;
}

export function generateFactors(seed: number, length: number): MarketFactors {
  const u = streamFor(seed, 'market');
  const market = new Float64Array(length);
  const marketVol = new Float64Array(length);
  let regime = 1;
  for (let t = 0; t < length; t++) {
    regime = nextRegime(regime, u());
    const vol = REGIME_VOL[regime as 0 | 1 | 2];
    const crash = u() < 0.001 ? -0.03 - 0.04 * u() : 0;
    market[t] = MARKET_DRIFT + vol * normal(u) + crash;
    marketVol[t] = vol;
  }
  const sector = SECTORS.map((s) => {
    const v = streamFor(seed, 'sector', s.name);
    const r = new Float64Array(length);
    for (let t = 0; t < length; t++) {
      r[t] = SECTOR_VOL * Math.sqrt((marketVol[t] as number) / REGIME_VOL[1]) * normal(v);
    }
    return r;
  });
  return { length, market, marketVol, sector };
}
