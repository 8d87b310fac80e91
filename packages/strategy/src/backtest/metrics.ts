import { sharpeFromSums } from './kernel.js';
import type { Trade } from './types.js';

export interface Metrics {
  /** Final equity − initial balance (currency). */
  profit: number;
  /** Σ trade netPnl (currency); equals `profit` when every fill is a trade's (cash accounting). */
  cumulativePnl: number;
  /** 100 · trades with netPnl > 0 / trades; 0 without trades. */
  winRate: number;
  /** 100 · max over bars of (peak − equity)/peak, peak the highest close equity so far (from the initial balance). */
  maxDrawdown: number;
  /** mean/sd (sample) of per-bar returns × √barsPerYear; 0 when sd is 0. */
  sharpe: number;
  /** mean / √(Σ min(r, 0)²/n) × √barsPerYear (downside deviation against 0); 0 when no return is negative. */
  sortino: number;
  /** 100 · ((final/initial)^(barsPerYear/bars) − 1); −100 when equity ends at or below 0. */
  cagr: number;
  /** 100 · bars with a position held after the open / bars (an exit filled at the open does not count its bar). */
  exposure: number;
  /** Σ winning netPnl / |Σ losing netPnl|; null when no trade lost. */
  profitFactor: number | null;
  trades: number;
}

/**
 * Metrics of one run from its trade list and its close equity per bar (`equity[k]` for the k-th bar of
 * the window). Returns are close to close, the first against `initial`, the same returns `simulate`
 * sums, so the Sharpe ratios agree.
 */
export function computeMetrics(
  trades: readonly Trade[],
  equity: ArrayLike<number>,
  initial: number,
  barsPerYear = 252,
): Metrics {
  const n = equity.length;
  const final = n > 0 ? (equity[n - 1] as number) : initial;
  let sum = 0;
  let sumSq = 0;
  let downSq = 0;
  let prev = initial;
  let peak = initial;
  let maxDd = 0;
  for (let k = 0; k < n; k++) {
    const e = equity[k] as number;
    const r = e / prev - 1;
    sum += r;
    sumSq += r * r;
    if (r < 0) downSq += r * r;
    prev = e;
    if (e > peak) peak = e;
    else if ((peak - e) / peak > maxDd) maxDd = (peak - e) / peak;
  }
  const downside = n > 0 ? Math.sqrt(downSq / n) : 0;
  return {
    profit: final - initial,
    ...tradeStats(trades, n),
    maxDrawdown: 100 * maxDd,
    sharpe: sharpeFromSums(sum, sumSq, n, barsPerYear),
    sortino: downside > 0 ? (sum / n / downside) * Math.sqrt(barsPerYear) : 0,
    cagr: n === 0 ? 0 : final <= 0 ? -100 : 100 * (Math.pow(final / initial, barsPerYear / n) - 1),
  };
}

/** The trade-list metrics: P&L sums, win rate, profit factor and exposure over `bars` bars. */
function tradeStats(
  trades: readonly Trade[],
  bars: number,
): Pick<Metrics, 'cumulativePnl' | 'winRate' | 'exposure' | 'profitFactor' | 'trades'> {
  let cumulative = 0;
  let wins = 0;
  let won = 0;
  let lost = 0;
  let held = 0;
  for (const t of trades) {
    cumulative += t.netPnl;
    if (t.netPnl > 0) {
      wins++;
      won += t.netPnl;
    } else lost -= t.netPnl;
    // Signal and drawdown exits fill at the open: the position is not held on that bar.
    held +=
      t.exitIndex - t.entryIndex + (t.reason === 'signal' || t.reason === 'max_drawdown' ? 0 : 1);
  }
  const count = trades.length;
  return {
    cumulativePnl: cumulative,
    winRate: count > 0 ? (100 * wins) / count : 0,
    exposure: bars > 0 ? (100 * held) / bars : 0,
    profitFactor: trades.some((t) => t.netPnl < 0) ? won / lost : null,
    trades: count,
  };
}
