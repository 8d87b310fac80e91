import { allocBars, type Bars } from '@tradebot/strategy';

/** One daily bar as a plain object (JSON, database rows); `date` is the trading date. */
export interface BarRow {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Plain rows of typed-array bars, oldest first. */
export function toBarRows(bars: Bars): BarRow[] {
  const rows: BarRow[] = [];
  for (let i = 0; i < bars.close.length; i++) {
    rows.push({
      date: new Date(bars.time[i] as number).toISOString().slice(0, 10),
      open: bars.open[i] as number,
      high: bars.high[i] as number,
      low: bars.low[i] as number,
      close: bars.close[i] as number,
      volume: bars.volume[i] as number,
    });
  }
  return rows;
}

/** Typed-array bars (what the backtester consumes) of plain rows, which must be oldest first. */
export function fromBarRows(symbol: string, rows: readonly BarRow[]): Bars {
  const bars = allocBars(symbol, rows.length);
  rows.forEach((r, i) => {
    bars.time[i] = Date.parse(`${r.date}T00:00:00Z`);
    bars.open[i] = r.open;
    bars.high[i] = r.high;
    bars.low[i] = r.low;
    bars.close[i] = r.close;
    bars.volume[i] = r.volume;
  });
  return bars;
}
