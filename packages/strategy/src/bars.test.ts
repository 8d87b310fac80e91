import { describe, expect, it } from 'vitest';
import { parseDailyCsv, parseIsoDate, periodWindow, sliceBars } from './bars.js';

const CSV = `timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient
2014-10-09,99.6,99.77,98.32,98.68,49.34,853793,0.0,1.0
2014-10-10,45.7,46,45,45.7,45.7,3825012,0.0,2.0
`;

describe('parseDailyCsv', () => {
  it('scales OHLC by adjusted_close/close and keeps UTC dates', () => {
    const b = parseDailyCsv('APH', CSV);
    expect(b.close[0]).toBe(49.34);
    expect(b.open[0]).toBeCloseTo(49.8, 12); // 99.6·0.5
    expect(b.low[0]).toBeCloseTo(49.16, 12);
    expect(b.high[1]).toBe(46);
    expect(b.time[1]).toBe(Date.UTC(2014, 9, 10));
    expect(b.volume[1]).toBe(3825012);
    expect(() => parseDailyCsv('X', 'date,close\n')).toThrow(
      'X: unexpected CSV header "date,close"',
    );
  });

  it('parses dates without the local time zone and rejects bad ones', () => {
    expect(parseIsoDate('2020-02-29')).toBe(1582934400000);
    expect(() => parseIsoDate('2020/02/29')).toThrow('bad date "2020/02/29", expected YYYY-MM-DD');
  });

  it('slices views and finds the period window', () => {
    const b = parseDailyCsv('APH', CSV);
    const s = sliceBars(b, 1, 2);
    expect(Array.from(s.close)).toEqual([45.7]);
    s.close[0] = 1;
    expect(b.close[1]).toBe(1); // a view, not a copy
    expect(periodWindow(b, 1)).toEqual({ start: 0, end: 2 });
  });
});
