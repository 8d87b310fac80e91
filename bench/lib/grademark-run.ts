/**
 * The README rules expressed as a grademark (0.3) strategy, as closely as grademark allows — a
 * throughput comparison, not a result check. grademark has no cost model, so costs are off.
 *
 * Same as the rules: decisions at the close, entries and exit signals filled at the next open;
 * long/short entry and exit signals (RSI thresholds, SMA trend filter, MACD filters and crosses,
 * the short ATR-percent threshold); stop-loss and take-profit from the entry price with the stop
 * assumed first when a bar touches both; a trailing stop at (highest high so far)·(1 − trailing_stop_pct)
 * that only tightens (mirrored for shorts); an open position closed at the last close.
 *
 * Differences grademark imposes:
 * - no sizing (one unit per trade), no commission, slippage or partial fills, no drawdown halt;
 * - no protective exits on the entry bar, and the entry bar's high does not feed the trailing stop;
 * - a gap through a stop or target fills at the level, not at the open;
 * - no entry is decided on a bar that closed a position, nor on the bar an order fills, and no reversal
 *   (an exit signal and an entry on the same close);
 * - an entry decided on the last bar is not dropped (it simply never fills).
 */
import { DataFrame } from 'data-forge';
import { backtest, type IBar, type IStrategy } from 'grademark';
import type { StockParams } from '@tradebot/strategy';
import type { Bars } from './data.js';
import { tiIndicators } from './ti-indicators.js';

interface IndBar extends IBar {
  rsi: number;
  macd: number;
  signal: number;
  sma: number;
  atrPct: number;
  crossOver: boolean;
  crossUnder: boolean;
}

export interface GrademarkOptions {
  trailingStopPct: number;
  allowShort: boolean;
  shortAtrThreshold: number;
}

const DEFAULTS: GrademarkOptions = {
  trailingStopPct: 0.02,
  allowShort: true,
  shortAtrThreshold: 1.5,
};

function frame(bars: Bars): DataFrame<number, IBar> {
  const rows = Array.from(bars.close, (close, i) => ({
    time: new Date(bars.time[i] as number),
    open: bars.open[i] as number,
    high: bars.high[i] as number,
    low: bars.low[i] as number,
    close,
    volume: bars.volume[i] as number,
  }));
  return new DataFrame<number, IBar>(rows);
}

const LONG = 'long' as never;
const SHORT = 'short' as never;
const isLong = (direction: unknown): boolean => direction === 'long';

function strategy(
  bars: Bars,
  p: StockParams,
  o: GrademarkOptions,
): IStrategy<IBar, IndBar, StockParams> {
  const ts = o.trailingStopPct;
  return {
    parameters: p,
    prepIndicators: ({ inputSeries }) => {
      const ind = tiIndicators(
        Array.from(bars.close),
        Array.from(bars.high),
        Array.from(bars.low),
        p,
      );
      const { macd, signal } = ind;
      return inputSeries
        .select((b, i) => ({
          ...b,
          rsi: ind.rsi[i] as number,
          macd: macd[i] as number,
          signal: signal[i] as number,
          sma: ind.sma[i] as number,
          atrPct: (100 * (ind.atr[i] as number)) / b.close,
          crossOver:
            (macd[i] as number) > (signal[i] as number) &&
            (macd[i - 1] as number) <= (signal[i - 1] as number),
          crossUnder:
            (macd[i] as number) < (signal[i] as number) &&
            (macd[i - 1] as number) >= (signal[i - 1] as number),
        }))
        .bake() as never;
    },
    entryRule: (enter, { bar }) => {
      if (
        bar.rsi < p.rsi_buy_threshold &&
        bar.close > bar.sma &&
        (!p.macd_crossover || bar.macd > bar.signal)
      )
        enter({ direction: LONG });
      else if (
        o.allowShort &&
        bar.rsi > p.rsi_sell_threshold &&
        bar.close < bar.sma &&
        (!p.macd_crossunder || bar.macd < bar.signal) &&
        bar.atrPct >= o.shortAtrThreshold
      )
        enter({ direction: SHORT });
    },
    exitRule: (exit, { bar, position }) => {
      const out = isLong(position.direction)
        ? bar.rsi > p.rsi_sell_threshold || (p.macd_crossunder && bar.crossUnder)
        : bar.rsi < p.rsi_buy_threshold || (p.macd_crossover && bar.crossOver);
      if (out) exit();
    },
    stopLoss: ({ entryPrice, position }) =>
      (entryPrice *
        (isLong(position.direction) ? p.stop_loss_percentage : p.short_stop_loss_percentage)) /
      100,
    // grademark places the trailing stop at close ∓ distance after each bar; returning the distance to
    // high·(1 − ts) (low·(1 + ts) for shorts) makes it the rules' highest-high trail.
    ...(ts > 0
      ? {
          trailingStopLoss: ({
            entryPrice,
            bar,
            position,
          }: {
            entryPrice: number;
            bar: IBar;
            position: { direction: unknown; entryTime: Date };
          }) => {
            if (bar.time === position.entryTime) return entryPrice * ts;
            return isLong(position.direction)
              ? bar.close - bar.high * (1 - ts)
              : bar.low * (1 + ts) - bar.close;
          },
        }
      : {}),
    profitTarget: ({ entryPrice, position }) =>
      (entryPrice *
        (isLong(position.direction) ? p.take_profit_percentage : p.short_take_profit_percentage)) /
      100,
  };
}

/** Runs one parameter set through grademark; returns the number of trades. */
export function grademarkRun(
  bars: Bars,
  p: StockParams,
  df = frame(bars),
  options: Partial<GrademarkOptions> = {},
): number {
  return backtest(strategy(bars, p, { ...DEFAULTS, ...options }), df).length;
}

export { frame as grademarkFrame };
