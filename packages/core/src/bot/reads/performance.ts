import type { THistoricalPerformance, TBotTrade } from '@tradebot/api-contract';
import type { BotTradeRow } from '@tradebot/db';
import { newYorkDayOf, newYorkOffsetHours } from '@tradebot/market';
import { cents } from '../cents.js';

/**
 * Historical performance (spec §3) from the closed trades, oldest exit first: cumulative P&L,
 * win rate (percent of trades with P&L > 0), and max drawdown (percent): the largest
 * peak-to-trough fall of the equity the trades imply, base + cumulative P&L after each trade.
 * `base` is the equity at the bot's first Start; without one there is no equity to measure
 * against and the drawdown is 0. P&L figures are answered in cents (summed at full precision).
 */
export function historicalPerformance(
  trades: readonly BotTradeRow[],
  base: number | null,
): THistoricalPerformance {
  let cumulative = 0;
  let wins = 0;
  let peak = base ?? 0;
  let maxDrawdown = 0;
  const curve: THistoricalPerformance['equity_curve'] = [];
  for (const trade of trades) {
    cumulative += trade.pnl;
    if (trade.pnl > 0) wins++;
    curve.push({ time: trade.exitAt.toISOString(), cumulative_pnl: cents(cumulative) });
    if (base === null) continue;
    const equity = base + cumulative;
    peak = Math.max(peak, equity);
    if (peak > 0) maxDrawdown = Math.max(maxDrawdown, ((peak - equity) / peak) * 100);
  }
  return {
    cumulative_pnl: cents(cumulative),
    win_rate: trades.length === 0 ? 0 : (wins / trades.length) * 100,
    max_drawdown: maxDrawdown,
    trades_count: trades.length,
    trades: trades.slice(-100).reverse().map(toTrade),
    equity_curve: curve,
  };
}

function toTrade(row: BotTradeRow): TBotTrade {
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
