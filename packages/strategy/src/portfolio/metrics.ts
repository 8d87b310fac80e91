import type { PortfolioTrade } from './types.js';

const DAY_MS = 86_400_000;

/** The figures traders compare a portfolio run by (null where the ratio has no denominator). */
export interface PortfolioMetrics {
  /** (final / initial)^(1 / years) − 1, years = sessions / sessionsPerYear. */
  cagr: number;
  /** mean / sample sd of the daily returns × √sessionsPerYear. */
  sharpe: number | null;
  /** mean / downside deviation √(Σ min(r, 0)² / n) × √sessionsPerYear. */
  sortino: number | null;
  /** cagr / max_drawdown. */
  calmar: number | null;
  /** Deepest fall from a peak, as a fraction of the peak (the initial cash counts as one). */
  max_drawdown: number;
  /** Longest time below a peak, calendar days from the peak's close to the close that regained it (or the last). */
  max_drawdown_duration: number;
  /** Gross profit / gross loss of the trades (net of fees). */
  profit_factor: number | null;
  /** Mean net P&L per trade. */
  expectancy: number | null;
  /** Share of sessions with a position held at the close. */
  exposure: number;
  /** Share of trades with a net profit. */
  win_rate: number | null;
  trades_per_year: number;
  longest_win_streak: number;
  longest_loss_streak: number;
}

/** Daily returns: equity[k] / equity[k − 1] − 1, with equity[−1] = the initial cash. */
export function dailyReturns(equity: Float64Array, initial: number): Float64Array {
  const r = new Float64Array(equity.length);
  let prev = initial;
  for (let k = 0; k < equity.length; k++) {
    const e = equity[k] as number;
    r[k] = e / prev - 1;
    prev = e;
  }
  return r;
}

/** Sharpe and Sortino of daily returns, annualised; null when the deviation is 0 or undefined. */
export function riskRatios(
  returns: Float64Array,
  perYear: number,
): { sharpe: number | null; sortino: number | null } {
  const n = returns.length;
  if (n < 2) return { sharpe: null, sortino: null };
  let sum = 0;
  for (const r of returns) sum += r;
  const mean = sum / n;
  let sq = 0;
  let down = 0;
  for (const r of returns) {
    sq += (r - mean) * (r - mean);
    if (r < 0) down += r * r;
  }
  const sd = Math.sqrt(sq / (n - 1));
  const dd = Math.sqrt(down / n);
  const k = Math.sqrt(perYear);
  return { sharpe: sd > 0 ? (mean / sd) * k : null, sortino: dd > 0 ? (mean / dd) * k : null };
}

/** Deepest drawdown (fraction) and the longest stretch below a peak (calendar days). */
export function drawdown(
  times: Float64Array,
  equity: Float64Array,
  initial: number,
): { max: number; days: number } {
  let peak = initial;
  let peakTime = times.length > 0 ? (times[0] as number) : 0;
  let max = 0;
  let days = 0;
  for (let k = 0; k < equity.length; k++) {
    const e = equity[k] as number;
    const t = times[k] as number;
    if (e >= peak) {
      days = Math.max(days, (t - peakTime) / DAY_MS);
      peak = e;
      peakTime = t;
    } else {
      max = Math.max(max, 1 - e / peak);
      if (k === equity.length - 1) days = Math.max(days, (t - peakTime) / DAY_MS);
    }
  }
  return { max, days: Math.round(days) };
}

/** Longest runs of winning (net > 0) and losing (net < 0) trades in exit order; a flat trade ends both. */
export function streaks(trades: readonly PortfolioTrade[]): { win: number; loss: number } {
  let win = 0;
  let loss = 0;
  let w = 0;
  let l = 0;
  for (const t of trades) {
    w = t.netPnl > 0 ? w + 1 : 0;
    l = t.netPnl < 0 ? l + 1 : 0;
    if (w > win) win = w;
    if (l > loss) loss = l;
  }
  return { win, loss };
}

/** Profit factor, expectancy and win rate of the trades' net P&L. */
export function tradeStats(trades: readonly PortfolioTrade[]): {
  profit_factor: number | null;
  expectancy: number | null;
  win_rate: number | null;
} {
  if (trades.length === 0) return { profit_factor: null, expectancy: null, win_rate: null };
  let gain = 0;
  let loss = 0;
  let wins = 0;
  for (const t of trades) {
    if (t.netPnl > 0) {
      gain += t.netPnl;
      wins++;
    } else loss -= t.netPnl;
  }
  return {
    profit_factor: loss > 0 ? gain / loss : null,
    expectancy: (gain - loss) / trades.length,
    win_rate: wins / trades.length,
  };
}

/** The metrics of one run: its close equity per session, the positions held, and its trades. */
export function portfolioMetrics(
  run: {
    times: Float64Array;
    equity: Float64Array;
    positions: Uint16Array;
    trades: readonly PortfolioTrade[];
    initialCash: number;
  },
  perYear = 252,
): PortfolioMetrics {
  const n = run.equity.length;
  const years = n / perYear;
  const final = n === 0 ? run.initialCash : (run.equity[n - 1] as number);
  const growth = final / run.initialCash;
  const cagr = years > 0 && growth > 0 ? growth ** (1 / years) - 1 : years > 0 ? -1 : 0;
  const { sharpe, sortino } = riskRatios(dailyReturns(run.equity, run.initialCash), perYear);
  const dd = drawdown(run.times, run.equity, run.initialCash);
  let invested = 0;
  for (const p of run.positions) if (p > 0) invested++;
  const s = streaks(run.trades);
  return {
    cagr,
    sharpe,
    sortino,
    calmar: dd.max > 0 ? cagr / dd.max : null,
    max_drawdown: dd.max,
    max_drawdown_duration: dd.days,
    ...tradeStats(run.trades),
    exposure: n === 0 ? 0 : invested / n,
    trades_per_year: years > 0 ? run.trades.length / years : 0,
    longest_win_streak: s.win,
    longest_loss_streak: s.loss,
  };
}
