import { describe, expect, it } from 'vitest';
import { dayFromIso, isoFromDay } from '../calendar/days.js';
import { bookBefore, previousSession } from './sim-last-equity.js';

const dayOf = (at: string) => isoFromDay(previousSession(Date.parse(at)).day);

describe('the previous session', () => {
  it('is the last trading day before the New York date, whatever the hour', () => {
    // Monday 2026-01-12 before its open, during it and after its close: Friday's.
    for (const at of ['2026-01-12T13:00:00Z', '2026-01-12T17:00:00Z', '2026-01-12T22:00:00Z'])
      expect(dayOf(at)).toBe('2026-01-09');
    // 23:30 in New York on Tuesday is Wednesday in UTC: still Monday's.
    expect(dayOf('2026-01-14T04:30:00Z')).toBe('2026-01-12');
    // The Tuesday after Martin Luther King Day (Monday 2026-01-19): Friday's.
    expect(dayOf('2026-01-20T15:00:00Z')).toBe('2026-01-16');
    expect(previousSession(Date.parse('2026-01-12T17:00:00Z')).close).toBe(
      Date.parse('2026-01-09T21:00:00Z'),
    );
    expect(previousSession(Date.parse('2026-01-12T17:00:00Z')).day).toBe(dayFromIso('2026-01-09'));
  });
});

describe('the book before a run of fills', () => {
  it('gives back the cash and shares each fill moved, commission included', () => {
    const before = bookBefore(
      1_000,
      [{ symbol: 'AAA', qty: 5 }],
      [
        { symbol: 'AAA', side: 'buy', qty: 5, price: 10, commission: 0.5 },
        { symbol: 'BBB', side: 'sell', qty: 3, price: 20, commission: 0.3 },
        { symbol: 'CCC', side: 'buy', qty: 2, price: 7, commission: 0.2 },
        { symbol: 'CCC', side: 'sell', qty: 2, price: 8, commission: 0.2 },
      ],
    );
    // 1000 + (50 + 0.5) + (−60 + 0.3) + (14 + 0.2) + (−16 + 0.2)
    expect(before.cash).toBeCloseTo(989.2, 10);
    // AAA bought today: none held at the close; BBB sold today: 3 held; CCC in and out.
    expect([...before.held]).toEqual([['BBB', 3]]);
  });
});
