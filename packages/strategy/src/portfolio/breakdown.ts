import type { Bars } from '../bars.js';
import type { ExitReason } from '../backtest/types.js';
import type { PortfolioStock, PortfolioTrade } from './types.js';

/** Trades, wins and net P&L of one group of trades. */
export interface TradeGroup {
  trades: number;
  wins: number;
  net_pnl: number;
  win_rate: number | null;
}

function grouped<K extends string>(
  trades: readonly PortfolioTrade[],
  keyOf: (t: PortfolioTrade) => K,
  keys: readonly K[],
): Map<K, TradeGroup> {
  const out = new Map<K, TradeGroup>();
  for (const k of keys) out.set(k, { trades: 0, wins: 0, net_pnl: 0, win_rate: null });
  for (const t of trades) {
    const k = keyOf(t);
    const g = out.get(k) ?? { trades: 0, wins: 0, net_pnl: 0, win_rate: null };
    g.trades++;
    if (t.netPnl > 0) g.wins++;
    g.net_pnl += t.netPnl;
    out.set(k, g);
  }
  for (const g of out.values()) g.win_rate = g.trades === 0 ? null : g.wins / g.trades;
  return out;
}

/** Per stock, in list order (a stock that never traded included). */
export function perSymbol(
  trades: readonly PortfolioTrade[],
  symbols: readonly string[],
): ({ symbol: string } & TradeGroup)[] {
  return [...grouped(trades, (t) => t.symbol, symbols)].map(([symbol, g]) => ({ symbol, ...g }));
}

/** Per exit reason, only the reasons that occurred. */
export function perExitReason(
  trades: readonly PortfolioTrade[],
): ({ reason: ExitReason } & TradeGroup)[] {
  return [...grouped(trades, (t) => t.reason, [])].map(([reason, g]) => ({ reason, ...g }));
}

/**
 * Buy-and-hold of one series, marked at each session's close: `cash` buys shares (fractional, no
 * costs) at the first close at or after `times[0]`; it waits as cash until the series has a bar.
 */
export function buyAndHold(bars: Bars, times: Float64Array, cash: number): Float64Array {
  const out = new Float64Array(times.length);
  let i = 0;
  while (i < bars.time.length && (bars.time[i] as number) < (times[0] as number)) i++;
  let shares = Number.NaN;
  let mark = Number.NaN;
  for (let d = 0; d < times.length; d++) {
    const t = times[d] as number;
    while (i < bars.time.length && (bars.time[i] as number) <= t) mark = bars.close[i++] as number;
    if (Number.isNaN(shares) && !Number.isNaN(mark)) shares = cash / mark;
    out[d] = Number.isNaN(shares) ? cash : shares * mark;
  }
  return out;
}

/** Equal-weight buy-and-hold of the same stocks: the cash split evenly, each part `buyAndHold`. */
export function equalWeightBenchmark(
  stocks: readonly PortfolioStock[],
  times: Float64Array,
  initialCash: number,
): Float64Array {
  const out = new Float64Array(times.length);
  if (stocks.length === 0) return out.fill(initialCash);
  const part = initialCash / stocks.length;
  for (const { bars } of stocks) {
    const held = buyAndHold(bars, times, part);
    for (let d = 0; d < times.length; d++) out[d] = (out[d] as number) + (held[d] as number);
  }
  return out;
}
