/**
 * The README rules expressed as a grademark (0.3) strategy, as closely as grademark allows — a
 * throughput comparison, not a result check. grademark has no cost model, so costs are off.
 *
 * Same as the rules: decisions at the close, entries and exit signals filled at the next open;
 * long/short entries (an RSI dip or spike within the dip window, then the MACD or RSI turn, the short
 * ATR-percent threshold, no entry when both turn) and exit signals (SMA, RSI and MACD crosses); stop-loss and take-profit from the entry price with the stop
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
import { DIP_WINDOW, type StockParams } from '@tradebot/strategy';
import type { Bars } from './data.js';
import { tiIndicators } from './ti-indicators.js';

interface IndBar extends IBar {
  goLong: boolean;
  goShort: boolean;
  exitLong: boolean;
  exitShort: boolean;
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
      const { macd, signal, rsi, sma } = ind;
      const close = Array.from(bars.close);
      const buy = rsi.map(() => p.rsi_buy_threshold);
      const sell = rsi.map(() => p.rsi_sell_threshold);
      const above = (a: ArrayLike<number>, b: ArrayLike<number>, i: number) =>
        (a[i] as number) > (b[i] as number) && (a[i - 1] as number) <= (b[i - 1] as number);
      const below = (a: ArrayLike<number>, b: ArrayLike<number>, i: number) =>
        (a[i] as number) < (b[i] as number) && (a[i - 1] as number) >= (b[i - 1] as number);
      const within = (i: number, test: (r: number) => boolean) =>
        rsi.slice(Math.max(0, i - DIP_WINDOW + 1), i + 1).some((r) => test(r));
      return inputSeries
        .select((b, i) => {
          const goLong =
            (p.macd_crossover ? above(macd, signal, i) : above(rsi, buy, i)) &&
            within(i, (r) => r < p.rsi_buy_threshold);
          const goShort =
            o.allowShort &&
            (p.macd_crossunder ? below(macd, signal, i) : below(rsi, sell, i)) &&
            within(i, (r) => r > p.rsi_sell_threshold) &&
            (100 * (ind.atr[i] as number)) / b.close >= o.shortAtrThreshold;
          return {
            ...b,
            goLong: goLong && !goShort,
            goShort: goShort && !goLong,
            exitLong:
              above(close, sma, i) ||
              above(rsi, sell, i) ||
              (p.macd_crossunder && below(macd, signal, i)),
            exitShort:
              below(close, sma, i) ||
              below(rsi, buy, i) ||
              (p.macd_crossover && above(macd, signal, i)),
          };
        })
        .bake();
    },
    entryRule: (enter, { bar }) => {
      if (bar.goLong) enter({ direction: LONG });
      else if (bar.goShort) enter({ direction: SHORT });
    },
    exitRule: (exit, { bar, position }) => {
      if (isLong(position.direction) ? bar.exitLong : bar.exitShort) exit();
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
