import type { TBacktestResult } from '@tradebot/api-contract';
import type { CandlestickData, LineData, SeriesMarker, WhitespaceData } from 'lightweight-charts';
import { words } from '../../lib/text';

type Trade = TBacktestResult['trades'][number];

/** One line point per date; a null value is a gap (whitespace), as the walk-forward curve has. */
export function lineData(
  dates: readonly string[],
  values: readonly (number | null)[],
): (LineData<string> | WhitespaceData<string>)[] {
  return dates.map((time, i) => {
    const value = values[i];
    return value === null || value === undefined ? { time } : { time, value };
  });
}

/** The window's daily bars as candlesticks. */
export function candleData(
  dates: readonly string[],
  bars: TBacktestResult['bars'],
): CandlestickData<string>[] {
  return dates.map((time, i) => ({
    time,
    open: bars.open[i] ?? Number.NaN,
    high: bars.high[i] ?? Number.NaN,
    low: bars.low[i] ?? Number.NaN,
    close: bars.close[i] ?? Number.NaN,
  }));
}

export interface MarkerColors {
  long: string;
  short: string;
  exit: string;
}

/**
 * Entry and exit markers of the trades, in time order (lightweight-charts wants them sorted):
 * a long entry is an up arrow under the bar, a short entry a down arrow above it; the exit is a
 * circle on the other side, labelled with why the trade ended.
 */
export function tradeMarkers(
  trades: readonly Trade[],
  colors: MarkerColors,
): SeriesMarker<string>[] {
  const markers: SeriesMarker<string>[] = [];
  for (const trade of trades) {
    const long = trade.side === 'long';
    markers.push({
      time: trade.entry_date,
      position: long ? 'belowBar' : 'aboveBar',
      shape: long ? 'arrowUp' : 'arrowDown',
      color: long ? colors.long : colors.short,
      text: long ? 'Long' : 'Short',
    });
    markers.push({
      time: trade.exit_date,
      position: long ? 'aboveBar' : 'belowBar',
      shape: 'circle',
      color: colors.exit,
      text: `Exit: ${words(trade.reason)}`,
    });
  }
  // Stable sort: an exit and the next entry on the same day keep their order.
  return markers.sort((a, b) => a.time.localeCompare(b.time));
}
