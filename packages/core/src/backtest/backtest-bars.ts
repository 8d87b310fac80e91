import type { Db } from '@tradebot/db';
import { DAY_MS, dayOfInstant, isoFromDay, type DemoMarket } from '@tradebot/market';
import { allocBars, periodWindow, sliceBars, type Bars } from '@tradebot/strategy';
import { storedTail } from './stored-bars.js';

/** Bars before the first training bar that only warm indicators up (SMA ≤ 100, MACD slow ≤ 60 + 9). */
export const WARMUP_BARS = 150;
/** In-sample bars of each walk-forward fold and of the final search: about two years. */
export const TRAIN_BARS = 504;
/** The shortest training window accepted when the history is short (half a year). */
export const MIN_TRAIN_BARS = 126;
/** The shortest tested window (about a month) and of one test fold. */
export const MIN_TEST_BARS = 21;
/** The tested period is split into at most this many out-of-sample windows. */
export const MAX_FOLDS = 4;
/** Trading days per month, to say how many months a shortened window covers. */
const BARS_PER_MONTH = 21;

/** Where each part of a symbol's bars goes (indices into `bars`, the sliced history). */
export interface BacktestPlan {
  bars: Bars;
  /** First bar of the tested window (the settings' period, or less when history is short). */
  start: number;
  /** First bar any training window may use (bars before it warm indicators up). */
  first: number;
  train: number;
  test: number;
  folds: number;
  /** Months tested: the settings' period, or what the history allowed. */
  months: number;
}

/** Bars of the months to test plus training and warm-up, with room for weekends and holidays. */
export function calendarDaysFor(months: number): number {
  return Math.ceil(months * 31 + ((TRAIN_BARS + WARMUP_BARS) * 7) / 5 + 30);
}

/** The demo market's bars up to its last completed session (generated from its seed). */
export async function demoBars(market: DemoMarket, symbol: string, months: number): Promise<Bars> {
  const n = market.completedCount();
  if (n === 0) return allocBars(symbol, 0);
  const to = market.dayAt(n - 1);
  return market.getDailyBars(symbol, {
    from: isoFromDay(to - calendarDaysFor(months)),
    to: isoFromDay(to),
  });
}

/** The csv universe's bars from `daily_bars`: the tail before the csv history's end (not today). */
export async function csvBars(db: Db, symbol: string, months: number, now: Date): Promise<Bars> {
  return storedTail(db, 'csv', symbol, calendarDaysFor(months), dayOfInstant(now.getTime()));
}

/** The fewest bars a backtest accepts: warm-up, the shortest training and test windows. */
export const MIN_HISTORY_BARS = WARMUP_BARS + MIN_TRAIN_BARS + MIN_TEST_BARS;

/**
 * Splits a symbol's history: the last `months` months are tested in ≤ 4 walk-forward folds, each
 * trained on up to 504 bars before it, after 150 bars of indicator warm-up. A short history
 * shortens the training (not below half a year) and then the tested months. Null when even
 * the shortest backtest does not fit.
 */
export function planBacktest(history: Bars, months: number): BacktestPlan | null {
  const n = history.close.length;
  if (n < MIN_HISTORY_BARS) return null;
  let start = periodWindow(history, months).start;
  const shortened = start < WARMUP_BARS + MIN_TRAIN_BARS;
  if (shortened) start = WARMUP_BARS + MIN_TRAIN_BARS;
  const train = Math.min(TRAIN_BARS, start - WARMUP_BARS);
  const tested = n - start;
  const folds = Math.max(1, Math.min(MAX_FOLDS, Math.floor(tested / MIN_TEST_BARS)));
  const test = Math.floor(tested / folds);
  // Keep only what the plan reads: warm-up, training and tested bars.
  const offset = start - train - WARMUP_BARS;
  return {
    bars: sliceBars(history, offset, n),
    start: start - offset,
    first: WARMUP_BARS,
    train,
    test,
    folds,
    months: shortened ? Math.round((tested / BARS_PER_MONTH) * 10) / 10 : months,
  };
}

/** Months of history `bars` covers, for the "too little history" message. */
export function historyMonths(bars: Bars): number {
  const n = bars.time.length;
  if (n < 2) return 0;
  const days = ((bars.time[n - 1] as number) - (bars.time[0] as number)) / DAY_MS;
  return Math.floor(days / 30.44);
}

/** Months the shortest backtest needs (MIN_HISTORY_BARS in trading months, rounded up). */
export const MIN_HISTORY_MONTHS = Math.ceil(MIN_HISTORY_BARS / BARS_PER_MONTH);
