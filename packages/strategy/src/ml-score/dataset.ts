import type { Bars } from '../bars.js';
import {
  benchmarkOn,
  equalWeightIndex,
  FEATURE_NAMES,
  featureSeries,
  MOMENTUM_FEATURE,
  MONTH,
} from './features.js';
import { rankNormalize } from './metrics.js';

/** The stocks of one date with their features and, when known, what happened next. */
export interface CrossSection {
  /** The feature date (ms since the epoch, a bar time). */
  time: number;
  /** Position of the date in the universe's calendar (union of all bar dates): embargo arithmetic. */
  day: number;
  symbols: string[];
  /** Row-major (symbols × features), each column rank-normalized to [0, 1] within the date. */
  X: Float64Array;
  /** Raw 12-1 momentum per symbol: the baseline's score. */
  momentum: Float64Array;
  /** Simple return from the feature date's close to the close `horizon` sessions later (NaN if unknown). */
  forward: Float64Array;
  /** The forward returns' ranks in [0, 1]: the regression target. */
  target: Float64Array;
}

export interface Dataset {
  /** Month-end dates whose forward returns are known, oldest first. */
  samples: CrossSection[];
  /** The universe's last date, to score now (forward returns unknown). */
  latest: CrossSection | null;
}

export interface DatasetOptions {
  /** Label horizon in sessions (default 21, one month). */
  horizon?: number;
  /** Dates with fewer usable stocks are skipped (default 10: a decile needs a few names). */
  minSymbols?: number;
}

interface Bucket {
  symbols: string[];
  rows: number[][];
  forward: number[];
}

/** Last calendar position of each month: the monthly sampling dates. */
function monthEnds(calendar: readonly number[]): number[] {
  const ends: number[] = [];
  for (let k = 0; k < calendar.length; k++) {
    const next = calendar[k + 1];
    if (
      next === undefined ||
      new Date(next).getUTCMonth() !== new Date(calendar[k] as number).getUTCMonth()
    )
      ends.push(k);
  }
  return ends;
}

function toSection(time: number, day: number, b: Bucket): CrossSection {
  const d = FEATURE_NAMES.length;
  const m = b.symbols.length;
  const X = new Float64Array(m * d);
  const column = new Float64Array(m);
  for (let f = 0; f < d; f++) {
    for (let r = 0; r < m; r++) column[r] = (b.rows[r] as number[])[f] as number;
    const ranks = rankNormalize(column);
    for (let r = 0; r < m; r++) X[r * d + f] = ranks[r] as number;
  }
  const forward = Float64Array.from(b.forward);
  return {
    time,
    day,
    symbols: b.symbols,
    X,
    momentum: Float64Array.from(b.rows, (row) => row[MOMENTUM_FEATURE] as number),
    forward,
    target: b.forward.every(Number.isFinite)
      ? rankNormalize(forward)
      : new Float64Array(m).fill(Number.NaN),
  };
}

/**
 * Builds the monthly cross-sections of a universe (each symbol's bars oldest first). A symbol
 * enters a date when it has a bar on it, every feature is defined (a year of history) and, for
 * the samples, a close `horizon` sessions later. Features are computed one symbol at a time and
 * only the sampled rows kept, so memory grows with the samples, not with the bars.
 */
export function buildDataset(universe: readonly Bars[], options: DatasetOptions = {}): Dataset {
  const horizon = options.horizon ?? MONTH;
  const minSymbols = options.minSymbols ?? 10;
  const index = equalWeightIndex(universe);
  const calendar = [...index.keys()];
  const dayOf = new Map(calendar.map((t, k) => [t, k]));
  const sampleDays = new Set(monthEnds(calendar));
  const lastDay = calendar.length - 1;
  const buckets = new Map<number, Bucket>();
  for (const bars of universe) {
    const series = featureSeries(bars, benchmarkOn(bars, index));
    const n = bars.close.length;
    for (let i = 0; i < n; i++) {
      const day = dayOf.get(bars.time[i] as number) as number;
      const isLatest = day === lastDay;
      if (!isLatest && !(sampleDays.has(day) && i + horizon < n)) continue;
      const row = series.map((s) => s[i] as number);
      if (!row.every(Number.isFinite)) continue;
      const forward = isLatest
        ? Number.NaN
        : (bars.close[i + horizon] as number) / (bars.close[i] as number) - 1;
      if (!isLatest && !Number.isFinite(forward)) continue;
      let bucket = buckets.get(day);
      if (bucket === undefined) buckets.set(day, (bucket = { symbols: [], rows: [], forward: [] }));
      bucket.symbols.push(bars.symbol);
      bucket.rows.push(row);
      bucket.forward.push(forward);
    }
  }
  const samples: CrossSection[] = [];
  let latest: CrossSection | null = null;
  for (const day of [...buckets.keys()].sort((a, b) => a - b)) {
    const bucket = buckets.get(day) as Bucket;
    if (bucket.symbols.length < minSymbols) continue;
    const section = toSection(calendar[day] as number, day, bucket);
    if (day === lastDay) latest = section;
    else samples.push(section);
  }
  return { samples, latest };
}

/** Stacks cross-sections into one design matrix and target vector for the forest. */
export function stack(sections: readonly CrossSection[]): { X: Float64Array; y: Float64Array } {
  const d = FEATURE_NAMES.length;
  const n = sections.reduce((s, c) => s + c.symbols.length, 0);
  const X = new Float64Array(n * d);
  const y = new Float64Array(n);
  let at = 0;
  for (const c of sections) {
    X.set(c.X, at * d);
    y.set(c.target, at);
    at += c.symbols.length;
  }
  return { X, y };
}
