import type { TPortfolioMonteCarlo, TPortfolioResult } from '@tradebot/api-contract';
import type { LineData } from 'lightweight-charts';

type Point = TPortfolioResult['equity'][number];
type Band = Extract<TPortfolioMonteCarlo, { ok: true }>['bands'][number];

/** Dated values as line points. */
export function pointData(points: readonly Point[]): LineData<string>[] {
  return points.map((p) => ({ time: p.date, value: p.value }));
}

/** The fall below the running peak at each close, in percent: 0 at a peak, −12.5 when 12.5 % below it. */
export function drawdownData(points: readonly Point[]): LineData<string>[] {
  let peak = -Infinity;
  return points.map((p) => {
    peak = Math.max(peak, p.value);
    return { time: p.date, value: peak > 0 ? (p.value / peak - 1) * 100 : 0 };
  });
}

/** Percent with the decimals the deepest value needs: "−0.35 %" for shallow curves, "−12.5 %". */
export function percentFormat(points: { value: number }[]) {
  const deepest = points.reduce((low, p) => Math.min(low, p.value), 0);
  const digits = deepest > -2 ? 2 : 1;
  return {
    type: 'custom' as const,
    minMove: 10 ** -digits,
    formatter: (value: number) => `${value.toFixed(digits)} %`,
  };
}

/** The date `days` trading days (Monday to Friday) after `from` (YYYY-MM-DD). */
export function tradingDayAfter(from: string, days: number): string {
  const date = new Date(`${from}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date.toISOString().slice(0, 10);
}

/** One band of the simulation as line points, day k placed k trading days after `from`. */
export function bandData(
  bands: readonly Band[],
  key: 'p5' | 'p50' | 'p95',
  from: string,
): LineData<string>[] {
  return bands.map((b) => ({ time: tradingDayAfter(from, b.day), value: b[key] }));
}

/** One bar of the max-drawdown histogram: drawdowns in [from, to) as fractions. */
export interface DrawdownBin {
  from: number;
  to: number;
  count: number;
  /** Share of all paths (0–1). */
  share: number;
  /** The bin lies at or beyond the halt: these paths reach it. */
  halted: boolean;
}

/**
 * The bins worth drawing: from 0 % to two bins past the last one any path reached, or past
 * the halt when that is further, so the halt line always shows.
 */
export function drawdownBins(
  histogram: { bin_width: number; counts: readonly number[] },
  halt: number,
): DrawdownBin[] {
  const { bin_width: width, counts } = histogram;
  const total = counts.reduce((a, c) => a + c, 0);
  let last = 0;
  counts.forEach((count, i) => {
    if (count > 0) last = i;
  });
  const shown = Math.min(counts.length, Math.max(last, Math.floor(halt / width)) + 2);
  return counts.slice(0, shown).map((count, i) => ({
    from: i * width,
    to: (i + 1) * width,
    count,
    share: total > 0 ? count / total : 0,
    // A small epsilon: 0.2 / 0.02 is 10.000000000000002 in floating point.
    halted: i * width >= halt - 1e-9,
  }));
}
