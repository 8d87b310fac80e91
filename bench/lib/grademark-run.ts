/**
 * The same rules expressed as a grademark strategy (grademark has no commission or slippage model,
 * so costs are off by construction). Differences grademark imposes: it enters at the next bar's
 * open and sizes nothing (one unit per trade), so its trades differ from the kernel's; this is a
 * throughput comparison of the same per-bar work, not a result check.
 */
import { DataFrame } from 'data-forge';
import { backtest, type IBar, type IStrategy } from 'grademark';
import type { StockParams } from '../../packages/strategy/src/params.js';
import type { Bars } from './data.js';
import { tiIndicators } from './ti-indicators.js';

interface IndBar extends IBar {
  rsi: number;
  macd: number;
  signal: number;
  sma: number;
}

function frame(bars: Bars): DataFrame<number, IBar> {
  const rows = Array.from(bars.close, (close, i) => ({
    time: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000),
    open: bars.open[i] as number, high: bars.high[i] as number, low: bars.low[i] as number, close,
    volume: bars.volume[i] as number,
  }));
  return new DataFrame<number, IBar>(rows);
}

function strategy(bars: Bars, p: StockParams): IStrategy<IBar, IndBar, StockParams> {
  return {
    parameters: p,
    prepIndicators: ({ inputSeries }) => {
      const ind = tiIndicators(Array.from(bars.close), Array.from(bars.high), Array.from(bars.low), p);
      return inputSeries.select((b, i) => ({
        ...b, rsi: ind.rsi[i] as number, macd: ind.macd[i] as number, signal: ind.signal[i] as number, sma: ind.sma[i] as number,
      })).bake() as never;
    },
    entryRule: (enter, { bar }) => {
      if (bar.rsi < p.rsi_buy_threshold && (!p.macd_crossover || bar.macd > bar.signal)) enter({ direction: 'long' as never });
      else if (bar.rsi > p.rsi_sell_threshold && bar.close < bar.sma && (!p.macd_crossunder || bar.macd < bar.signal)) enter({ direction: 'short' as never });
    },
    exitRule: (exit, { bar, position }) => {
      const long = (position.direction as string) === 'long';
      if (long ? bar.rsi > p.rsi_sell_threshold : bar.rsi < p.rsi_buy_threshold) exit();
    },
    stopLoss: ({ entryPrice, position }) =>
      entryPrice * ((position.direction as string) === 'long' ? p.stop_loss_percentage : p.short_stop_loss_percentage) / 100,
    profitTarget: ({ entryPrice, position }) =>
      entryPrice * ((position.direction as string) === 'long' ? p.take_profit_percentage : p.short_take_profit_percentage) / 100,
  };
}

/** Runs one parameter set through grademark; returns the number of trades. */
export function grademarkRun(bars: Bars, p: StockParams, df = frame(bars)): number {
  return backtest(strategy(bars, p), df).length;
}

export { frame as grademarkFrame };
