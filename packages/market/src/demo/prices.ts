import type { MarketFactors } from './factors.js';
import { REGIME_VOL } from './factors.js';
import { normal, streamFor, type Uniform } from './random.js';
import type { DemoCompany } from './universe.js';

/**
 * One listing's daily bars, as parallel arrays over trading-day indices, plus what the news
 * generator needs: the day's log return and its standardised size.
 */
export interface SymbolSeries {
  length: number;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  /** Close-to-close log return (day 0: against the initial price). */
  ret: Float64Array;
  /** ret divided by the day's expected volatility: how unusual the move was. */
  z: Float64Array;
}

/** State that carries from one day to the next. */
interface PathState {
  logPrice: number;
  /** The idiosyncratic part of the log price (trends, noise, jumps), pulled back to 0. */
  idio: number;
  trend: number;
  hot: boolean;
}

/** Share of the factor move that happens overnight (shows as a gap at the open). */
const OVERNIGHT_SHARE = 0.35;
/** Daily pull of the idiosyncratic log price back to zero: a half-life of about two years. */
const REVERSION = Math.LN2 / 500;

function cents(p: number): number {
  return p >= 1 ? Math.round(p * 100) / 100 : Math.round(p * 10_000) / 10_000;
}

function stepState(s: PathState, c: DemoCompany, u: Uniform): void {
  // Trends: a new drift every ~90 days; idiosyncratic volatility: a calm/hot Markov chain.
  const newTrend = u() < 1 / 90;
  const z = normal(u);
  if (newTrend) s.trend = c.model.trendVol * z;
  const flip = u();
  s.hot = s.hot ? flip >= 0.05 : flip < 0.01;
}

/** Writes day t of `out` and advances the state (a fixed number of draws per day). */
function stepDay(
  t: number,
  s: PathState,
  c: DemoCompany,
  f: MarketFactors,
  u: Uniform,
  out: SymbolSeries,
): void {
  const m = c.model;
  stepState(s, c, u);
  const factor =
    m.beta * (f.market[t] as number) +
    m.sectorLoading * ((f.sector[c.sectorIndex] as Float64Array)[t] as number);
  const idio = m.idioVol * (s.hot ? 2 : 1);
  const jumpHit = u() < m.jumpOdds;
  const jumpSize = 0.07 * normal(u);
  const jump = jumpHit ? Math.max(-0.5, jumpSize) : 0;
  const idioOvernight = 0.4 * idio * normal(u) + jump;
  const idioIntraday = s.trend + 0.92 * idio * normal(u) - REVERSION * s.idio;
  s.idio += idioOvernight + idioIntraday;
  const overnight = OVERNIGHT_SHARE * factor + idioOvernight;
  const intraday = (1 - OVERNIGHT_SHARE) * factor + m.alpha + idioIntraday;
  const prevClose = Math.exp(s.logPrice);
  s.logPrice += overnight + intraday;
  const dayVol = Math.sqrt(idio * idio + Math.pow(m.beta * (f.marketVol[t] as number), 2));
  const open = prevClose * Math.exp(overnight);
  const close = Math.exp(s.logPrice);
  const hiExt = Math.abs(normal(u)) * 0.5 * dayVol;
  const loExt = Math.abs(normal(u)) * 0.5 * dayVol;
  const o = cents(open);
  const cl = cents(close);
  out.open[t] = o;
  out.close[t] = cl;
  out.high[t] = Math.max(cents(Math.max(open, close) * Math.exp(hiExt)), o, cl);
  out.low[t] = Math.max(0.0001, Math.min(cents(Math.min(open, close) * Math.exp(-loExt)), o, cl));
  const ret = overnight + intraday;
  out.ret[t] = ret;
  out.z[t] = ret / dayVol;
  const regime = (f.marketVol[t] as number) / REGIME_VOL[1];
  const activity = Math.exp(0.45 * (Math.abs(ret) / dayVol - 0.8) + 0.25 * normal(u));
  const mean = m.floatShares * m.turnover;
  out.volume[t] = Math.max(
    100,
    Math.round(mean * activity * Math.sqrt(regime) * (s.hot ? 1.4 : 1) * (jumpHit ? 2.5 : 1)),
  );
}

/**
 * The first `length` daily bars of a listing: log return = drift + beta × market factor +
 * loading × sector factor + an idiosyncratic part (trend + noise in a volatility regime + rare
 * jumps, mean-reverting with a two-year half-life so prices stay in a plausible range); part of each
 * day's move is an overnight gap; high and low extend the body by half-normal amounts; volume
 * follows the float, the size of the move and the regimes. Prices are rounded to cents (0.0001
 * below $1), so OHLC hold exactly: low ≤ min(open, close) ≤ max(open, close) ≤ high.
 * Bar t depends on the seed, the symbol and days 0..t only.
 */
export function generateSeries(
  seed: number,
  c: DemoCompany,
  f: MarketFactors,
  length: number,
): SymbolSeries {
  if (length > f.length) throw new RangeError('factors are shorter than the series asked for');
  const u = streamFor(seed, 'path', c.profile.symbol);
  const out: SymbolSeries = {
    length,
    open: new Float64Array(length),
    high: new Float64Array(length),
    low: new Float64Array(length),
    close: new Float64Array(length),
    volume: new Float64Array(length),
    ret: new Float64Array(length),
    z: new Float64Array(length),
  };
  const s: PathState = {
    logPrice: Math.log(c.model.initialPrice),
    idio: 0,
    trend: 0,
    hot: false,
  };
  for (let t = 0; t < length; t++) stepDay(t, s, c, f, u, out);
  return out;
}
