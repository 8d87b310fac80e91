import type { THistoricalPerformance, TBotTrade } from '@tradebot/api-contract';
import type { BotTradeRow } from '@tradebot/db';
import { newYorkDayOf, newYorkOffsetHours } from '@tradebot/market';
import { cents } from '../cents.js';

/** One point of the bot's account equity (marked to market, open P&L included). */
export interface EquityPoint {
  at: Date;
  equity: number;
}

/**
 * Historical performance: cumulative P&L, win rate (percent of trades with P&L > 0)
 * and the trades from the closed trades, oldest exit first; the equity curve and the max
 * drawdown (percent, the largest peak-to-trough fall) from one series, the account equity the
 * ticks marked to market (`points`) with `current` (the status's equity and peak) as its last
 * point, so the max drawdown is never below the current one. The curve's cumulative P&L is
 * equity − `base` (the equity at the bot's first Start, else the first point). Without points
 * the curve is the closed trades' cumulative P&L. P&L figures are answered in cents.
 */
export function historicalPerformance(
  trades: readonly BotTradeRow[],
  base: number | null,
  points: readonly EquityPoint[] = [],
  current: { equity: number | null; peak: number | null } | null = null,
): THistoricalPerformance {
  let cumulative = 0;
  let wins = 0;
  for (const trade of trades) {
    cumulative += trade.pnl;
    if (trade.pnl > 0) wins++;
  }
  return {
    cumulative_pnl: cents(cumulative),
    win_rate: trades.length === 0 ? 0 : (wins / trades.length) * 100,
    max_drawdown: maxDrawdown(points, base, current),
    trades_count: trades.length,
    trades: trades.slice(-100).reverse().map(botTrade),
    equity_curve: points.length > 0 ? equityCurve(points, base) : tradesCurve(trades),
  };
}

/** Cumulative P&L of the equity series: equity − base at each point. */
function equityCurve(points: readonly EquityPoint[], base: number | null) {
  const from = base ?? (points[0] as EquityPoint).equity;
  return points.map((p) => ({ time: p.at.toISOString(), cumulative_pnl: cents(p.equity - from) }));
}

function tradesCurve(trades: readonly BotTradeRow[]) {
  let cumulative = 0;
  return trades.map((trade) => {
    cumulative += trade.pnl;
    return { time: trade.exitAt.toISOString(), cumulative_pnl: cents(cumulative) };
  });
}

/**
 * The largest fall (percent) from a running peak of the equity series (starting at `base`), the
 * current drawdown ((peak − equity) / peak of the status) included.
 */
export function maxDrawdown(
  points: readonly EquityPoint[],
  base: number | null,
  current: { equity: number | null; peak: number | null } | null = null,
): number {
  let peak = base ?? 0;
  let worst = 0;
  for (const p of points) {
    peak = Math.max(peak, p.equity);
    if (peak > 0) worst = Math.max(worst, ((peak - p.equity) / peak) * 100);
  }
  if (current?.equity != null && current.peak != null && current.peak > 0) {
    worst = Math.max(worst, ((current.peak - current.equity) / current.peak) * 100);
    peak = Math.max(peak, current.peak);
    if (peak > 0) worst = Math.max(worst, ((peak - current.equity) / peak) * 100);
  }
  return worst;
}

/** A stored round trip as the API answers it (P&L in cents, times ISO 8601 in UTC). */
export function botTrade(row: BotTradeRow): TBotTrade {
  return {
    symbol: row.symbol,
    side: row.side,
    qty: row.qty,
    entry_price: row.entryPrice,
    exit_price: row.exitPrice,
    entry_at: row.entryAt.toISOString(),
    exit_at: row.exitAt.toISOString(),
    pnl: cents(row.pnl),
    reason: row.reason,
  };
}

/** "2026-01-05 10:30:00": an instant as New York wall time (the live log's market time). */
export function newYorkTimestamp(ms: number): string {
  const offset = newYorkOffsetHours(newYorkDayOf(ms)) * 3_600_000;
  return new Date(ms - offset).toISOString().slice(0, 19).replace('T', ' ');
}
