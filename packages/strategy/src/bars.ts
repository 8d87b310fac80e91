/** Price bars as parallel typed arrays: one allocation per field, cache-friendly scans in the kernel. */
export interface Bars {
  symbol: string;
  /** Bar time, ms since the epoch, UTC (daily bars: midnight UTC of the trading date). */
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Empty bars of length n, every field zero-filled. */
export function allocBars(symbol: string, n: number): Bars {
  return {
    symbol,
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
}

/**
 * ms since the epoch of a `YYYY-MM-DD` date at midnight UTC, parsed arithmetically so the result never
 * depends on the machine's time zone (`new Date('2020-01-02 …')` can).
 */
export function parseIsoDate(date: string): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  if (!(y > 0 && m >= 1 && m <= 12 && d >= 1 && d <= 31) || date[4] !== '-' || date[7] !== '-') {
    throw new RangeError(`bad date "${date}", expected YYYY-MM-DD`);
  }
  return Date.UTC(y, m - 1, d);
}

/**
 * Parses a prices-daily CSV (`timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,
 * split_coefficient`, oldest first) into **adjusted** bars: open, high and low are scaled by
 * adjusted_close/close and close is the adjusted close, so a split or a dividend never looks like a
 * price move (a 2:1 split would otherwise be a 50 % crash that trips every stop).
 * Volume is left as reported.
 */
export function parseDailyCsv(symbol: string, text: string): Bars {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').trim();
  if (!header.startsWith('timestamp,open,high,low,close,adjusted_close,volume')) {
    throw new Error(`${symbol}: unexpected CSV header "${header}"`);
  }
  const n = lines.length - 1;
  const b = allocBars(symbol, n);
  for (let i = 0; i < n; i++) {
    const f = (lines[i + 1] as string).trim().split(',');
    const close = Number(f[4]);
    const adjusted = Number(f[5]);
    const k = close !== 0 ? adjusted / close : 1;
    b.time[i] = parseIsoDate(f[0] as string);
    b.open[i] = Number(f[1]) * k;
    b.high[i] = Number(f[2]) * k;
    b.low[i] = Number(f[3]) * k;
    b.close[i] = adjusted;
    b.volume[i] = Number(f[6]);
    if (i > 0 && (b.time[i] as number) <= (b.time[i - 1] as number)) {
      throw new Error(`${symbol}: dates must increase (line ${i + 2}: ${f[0]})`);
    }
  }
  return b;
}

/** Bars [start, end) as subarray views (no copy); indices in the result start at 0. */
export function sliceBars(bars: Bars, start: number, end: number): Bars {
  return {
    symbol: bars.symbol,
    time: bars.time.subarray(start, end),
    open: bars.open.subarray(start, end),
    high: bars.high.subarray(start, end),
    low: bars.low.subarray(start, end),
    close: bars.close.subarray(start, end),
    volume: bars.volume.subarray(start, end),
  };
}

/**
 * The window of the last `months` calendar months of `bars` (the backtest settings' `period`):
 * bars whose time is at or after the last bar's date moved back `months` months (UTC). Bars before
 * the window stay available to warm indicators up.
 */
export function periodWindow(bars: Bars, months: number): { start: number; end: number } {
  const n = bars.time.length;
  if (n === 0) return { start: 0, end: 0 };
  const last = new Date(bars.time[n - 1] as number);
  const from = Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - months, last.getUTCDate());
  let start = 0;
  while (start < n && (bars.time[start] as number) < from) start++;
  return { start, end: n };
}
