import type { TBotChartOutput, THistoricalPerformance } from '@tradebot/api-contract';
import type { CandlestickData, LineData, SeriesMarker } from 'lightweight-charts';

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

/** The calendar day before a "YYYY-MM-DD" day. */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The equity curve as one point per market day (the cumulative figure after that day's last
 * close), oldest first, starting from 0 the day before the first close: one closed trade then
 * draws a rise or fall from zero rather than a lone dot, and the time axis names each day once.
 */
export function equityCurveData(curve: THistoricalPerformance['equity_curve']): LineData<string>[] {
  const byDay = new Map<string, number>();
  const sorted = [...curve]
    .filter((point) => Number.isFinite(Date.parse(point.time)))
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  for (const point of sorted) byDay.set(marketDay(point.time), point.cumulative_pnl);
  const days = [...byDay];
  const first = days[0];
  if (!first) return [];
  return [[dayBefore(first[0]), 0] as const, ...days].map(([time, value]) => ({ time, value }));
}

/** The daily bars as candlesticks keyed by market day, each day once, oldest first. */
export function candles(bars: TBotChartOutput['bars']): CandlestickData<string>[] {
  const byDay = new Map<string, CandlestickData<string>>();
  for (const bar of bars) {
    const time = marketDay(bar.time);
    byDay.set(time, { time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
  }
  return [...byDay.values()].sort((a, b) => a.time.localeCompare(b.time));
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
): SeriesMarker<string>[] {
  const sortedDays = [...days].sort();
  const markers: { day: string; at: number; marker: SeriesMarker<string> }[] = [];
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
