import type {
  TBacktestSettings,
  TPortfolioMonteCarlo,
  TPortfolioResult,
  TTradingSettings,
  TUniverseName,
} from '@tradebot/api-contract';
import { finalListParameters, type Db } from '@tradebot/db';
import { dayOfInstant, isoFromDay, type DemoMarket } from '@tradebot/market';
import {
  periodWindow,
  type Bars,
  type PortfolioPreview,
  type PortfolioSettings,
  type PortfolioStock,
} from '@tradebot/strategy';
import { calendarDaysFor, demoBars } from '../backtest/backtest-bars.js';
import { storedTail } from '../backtest/stored-bars.js';
import { demoAccountSeed } from '../demo-market/demo-broker.js';
import { storedParameters } from '../stock-lists/stored-parameters.js';

/** A symbol's daily bars in a universe: the months to test plus the backtests' warm-up and more. */
export async function universeBars(
  db: Db,
  demo: DemoMarket,
  universe: TUniverseName,
  symbol: string,
  months: number,
  now: Date,
): Promise<Bars> {
  if (universe === 'demo') return demoBars(demo, symbol, months);
  return storedTail(db, universe, symbol, calendarDaysFor(months), dayOfInstant(now.getTime()));
}

/** The market's ticker: the preview is compared with it where the universe has its bars. */
export const MARKET_SYMBOL = 'SPY';

/**
 * The series the preview is compared with as "the market": on the demo market its own index (the
 * factor every demo price loads on; a demo listing is a fictional company whatever its ticker),
 * elsewhere SPY's bars, or null when the universe has none.
 */
export async function marketBars(
  db: Db,
  demo: DemoMarket,
  universe: TUniverseName,
  months: number,
  now: Date,
): Promise<Bars | null> {
  if (universe === 'demo') {
    const n = demo.completedCount();
    if (n === 0) return null;
    const to = demo.dayAt(n - 1);
    return demo.indexBars({ from: isoFromDay(to - calendarDaysFor(months)), to: isoFromDay(to) });
  }
  const bars = await universeBars(db, demo, universe, MARKET_SYMBOL, months, now);
  return bars.close.length === 0 ? null : bars;
}

/**
 * The stocks as the bot would trade them, in the Final Trading List's order (alphabetical): each
 * with its stored parameters (the defaults for a stock not on the list) and the trading settings'
 * risk per trade; stocks without bars are left out.
 */
export async function portfolioStocks(
  db: Db,
  userId: number,
  symbols: readonly string[],
  trading: TTradingSettings,
  barsOf: (symbol: string) => Promise<Bars>,
): Promise<PortfolioStock[]> {
  const stored = new Map(
    (await finalListParameters(db, userId, symbols)).map((e) => [e.symbol, e.parameters]),
  );
  const stocks: PortfolioStock[] = [];
  for (const symbol of [...symbols].sort()) {
    const bars = await barsOf(symbol);
    if (bars.close.length === 0) continue;
    const params = {
      ...storedParameters(stored.get(symbol)),
      risk_per_trade: trading.risk_percentage,
    };
    stocks.push({ bars, params });
  }
  return stocks;
}

/** The account the bot would trade on: the backtest settings' cash and costs, the trading settings' halt. */
export function portfolioSettings(
  userId: number,
  backtest: TBacktestSettings,
  trading: TTradingSettings,
): PortfolioSettings {
  return {
    initialCash: backtest.initial_balance,
    slippage_percent: backtest.slippage_percent,
    commission_per_share: backtest.commission_per_share,
    partial_fill_probability: backtest.partial_fill_probability,
    trailing_stop_pct: backtest.trailing_stop_pct,
    // The simulated account's own seed, so a preview draws its partial fills as the account would.
    seed: demoAccountSeed(userId),
    shortAtrThreshold: trading.short_atr_threshold,
    max_drawdown: trading.max_drawdown,
  };
}

/** The first traded session: `months` back from the latest bar of any stock. */
export function previewStart(stocks: readonly PortfolioStock[], months: number): number {
  let latest = stocks[0]!.bars;
  for (const { bars } of stocks)
    if (
      (bars.time[bars.time.length - 1] as number) > (latest.time[latest.time.length - 1] as number)
    )
      latest = bars;
  return latest.time[periodWindow(latest, months).start] as number;
}

const dateOf = (ms: number) => isoFromDay(Math.round(ms / 86_400_000));

/** The preview and its Monte Carlo risk as the API answers them. */
export function portfolioResult(
  preview: PortfolioPreview,
  months: number,
  monteCarlo: TPortfolioMonteCarlo,
  marketName = MARKET_SYMBOL,
): TPortfolioResult {
  const { run } = preview;
  const points = (values: Float64Array) =>
    [...values].map((value, k) => ({ date: dateOf(run.times[k] as number), value }));
  return {
    symbols: preview.perSymbol.map((s) => s.symbol),
    months,
    initial_cash: run.initialCash,
    final_equity: run.finalEquity,
    equity: points(run.equity),
    benchmarks: {
      equal_weight: points(preview.equalWeight),
      market: preview.market === null ? null : { name: marketName, points: points(preview.market) },
    },
    metrics: preview.metrics,
    halt:
      run.halt === null
        ? null
        : { date: dateOf(run.halt.time), equity: run.halt.equity, peak: run.halt.peak },
    per_symbol: preview.perSymbol,
    per_exit_reason: preview.perExitReason,
    trades: run.trades.map((t) => ({
      symbol: t.symbol,
      side: t.side,
      entry_date: dateOf(t.entryTime),
      exit_date: dateOf(t.exitTime),
      quantity: t.quantity,
      entry_price: t.entryPrice,
      exit_price: t.exitPrice,
      fees: t.fees,
      pnl: t.pnl,
      net_pnl: t.netPnl,
      exit_reason: t.reason,
    })),
    monte_carlo: monteCarlo,
  };
}
