import type { TBotChartOutput, THistoricalPerformance } from '@tradebot/api-contract';
import type {
  CandlestickData,
  LineData,
  SeriesMarker,
  Time,
  UTCTimestamp,
} from 'lightweight-charts';

const NEW_YORK_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The market's (New York) date of an instant, "YYYY-MM-DD"; a bare date stays as it is. */
export function marketDay(time: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(time)) return time;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time.slice(0, 10) : NEW_YORK_DAY.format(date);
}

/**
 * The equity curve as one point per second, oldest first: lightweight-charts needs strictly
 * increasing times, and two trades can close in the same second (the kill switch closes several
 * at once); the later point is the cumulative figure after both.
 */
export function equityCurveData(
  curve: THistoricalPerformance['equity_curve'],
): LineData<UTCTimestamp>[] {
  const points = new Map<number, number>();
  const sorted = [...curve].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  for (const point of sorted) {
    const seconds = Math.floor(Date.parse(point.time) / 1000);
    if (Number.isFinite(seconds)) points.set(seconds, point.cumulative_pnl);
  }
  return [...points].map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

/** The daily bars as candlesticks keyed by market day, each day once, oldest first. */
export function candles(bars: TBotChartOutput['bars']): CandlestickData<Time>[] {
  const byDay = new Map<string, CandlestickData<Time>>();
  for (const bar of bars) {
    const time = marketDay(bar.time);
    byDay.set(time, { time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
  }
  return [...byDay.values()].sort((a, b) => String(a.time).localeCompare(String(b.time)));
}

export interface FillColors {
  buy: string;
  sell: string;
}

/**
 * The bot's fills as markers on the day's candle: a buy is an up arrow under the bar, a sell a
 * down arrow above it, labelled "Buy 12 @ 187.20". A fill on a day without a bar (a weekend, or
 * after the last bar) sits on the last bar before it; one before the first bar is left out.
 */
export function fillMarkers(
  fills: TBotChartOutput['fills'],
  days: readonly string[],
  colors: FillColors,
): SeriesMarker<Time>[] {
  const sortedDays = [...days].sort();
  const markers: { day: string; at: number; marker: SeriesMarker<Time> }[] = [];
  for (const fill of fills) {
    const day = marketDay(fill.time);
    const onBar = sortedDays.filter((d) => d <= day).at(-1);
    if (!onBar) continue;
    const buy = fill.side === 'buy';
    markers.push({
      day: onBar,
      at: Date.parse(fill.time),
      marker: {
        time: onBar,
        position: buy ? 'belowBar' : 'aboveBar',
        shape: buy ? 'arrowUp' : 'arrowDown',
        color: buy ? colors.buy : colors.sell,
        text: `${buy ? 'Buy' : 'Sell'} ${fill.qty} @ ${fill.price.toFixed(2)}`,
      },
    });
  }
  // lightweight-charts wants markers in time order.
  markers.sort((a, b) => a.day.localeCompare(b.day) || a.at - b.at);
  return markers.map((m) => m.marker);
}
