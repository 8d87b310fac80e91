/**
 * Cross-sectional statistics of a ranking: ranks, the rank correlation (information coefficient)
 * and the top-decile hit rate, and their summary over many dates.
 */

/**
 * Ranks scaled to [0, 1] (0 = smallest, 1 = largest), ties sharing their average rank, so a
 * feature's scale and outliers stop mattering and every date's cross-section looks alike. One
 * value alone gets 0.5.
 */
export function rankNormalize(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  if (n === 1) {
    out[0] = 0.5;
    return out;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (values[a] as number) - (values[b] as number),
  );
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && values[order[end] as number] === values[order[start] as number]) end++;
    const rank = (start + end - 1) / 2 / (n - 1);
    for (let k = start; k < end; k++) out[order[k] as number] = rank;
    start = end;
  }
  return out;
}

function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i] as number;
    mb += b[i] as number;
  }
  ma /= n;
  mb /= n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = (a[i] as number) - ma;
    const db = (b[i] as number) - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return va === 0 || vb === 0 ? Number.NaN : cov / Math.sqrt(va * vb);
}

/**
 * Spearman's rank correlation: the Pearson correlation of the (average-tie) ranks. Per date, of
 * a score against the forward returns, this is the information coefficient (IC). NaN when either
 * side is constant or there are fewer than two values.
 */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError('spearman: lengths differ');
  if (a.length < 2) return Number.NaN;
  return pearson(rankNormalize(a), rankNormalize(b));
}

/**
 * The top decile by score (the ceil(n/10) highest; ties broken by position) and how many of
 * them have a forward return above the cross-section's median: picks that beat the typical stock.
 */
export function topDecileHits(
  score: ArrayLike<number>,
  forward: ArrayLike<number>,
): { picks: number; hits: number } {
  const n = score.length;
  if (n === 0) return { picks: 0, hits: 0 };
  const sorted = Array.from(forward).sort((x, y) => x - y);
  const mid = n >> 1;
  const median =
    n % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (x, y) => (score[y] as number) - (score[x] as number) || x - y,
  );
  const picks = Math.ceil(n / 10);
  let hits = 0;
  for (let k = 0; k < picks; k++) if ((forward[order[k] as number] as number) > median) hits++;
  return { picks, hits };
}

/** A ranking's record over a run of dates. */
export interface RankingSummary {
  /** Dates with a defined IC. */
  dates: number;
  /** Mean of the per-date ICs. */
  ic: number;
  /** mean / (sd / √dates): how many standard errors the mean IC is from zero (NaN below 2 dates). */
  icTStat: number;
  /** Share of dates with a positive IC. */
  icPositive: number;
  /** Top-decile picks that beat the median, over all picks of all dates. */
  hitRate: number;
  picks: number;
}

/** Sums one ranking's per-date ICs and top-decile hits into its record. */
export function summarize(
  perDate: readonly { ic: number; picks: number; hits: number }[],
): RankingSummary {
  const ics = perDate.map((d) => d.ic).filter((ic) => Number.isFinite(ic));
  const k = ics.length;
  const mean = k === 0 ? Number.NaN : ics.reduce((s, x) => s + x, 0) / k;
  const sd = k < 2 ? Number.NaN : Math.sqrt(ics.reduce((s, x) => s + (x - mean) ** 2, 0) / (k - 1));
  const picks = perDate.reduce((s, d) => s + d.picks, 0);
  const hits = perDate.reduce((s, d) => s + d.hits, 0);
  return {
    dates: k,
    ic: mean,
    icTStat: k < 2 || sd === 0 ? Number.NaN : mean / (sd / Math.sqrt(k)),
    icPositive: k === 0 ? Number.NaN : ics.filter((x) => x > 0).length / k,
    hitRate: picks === 0 ? Number.NaN : hits / picks,
    picks,
  };
}
