import { dayFromIso, sessionOf } from '@tradebot/market';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import { listPeriods } from './twin.js';

const day = dayFromIso('2026-01-12');
const next = dayFromIso('2026-01-13');
const closeOf = (d: number) => sessionOf(d)!.close;
const HOUR = 3_600_000;
const version = (at: number, rsiPeriod: number) => ({
  at: new Date(at),
  entries: [{ symbol: 'ALEH', parameters: { ...BUSY_PARAMS, rsi_period: rsiPeriod } }],
  settings: { risk_percentage: 0.02 },
});

describe('listPeriods', () => {
  it('decides the session that closed before Start with the list as Start found it', () => {
    // The list was edited twice the morning after the close, then Begin Trading.
    const versions = [version(closeOf(day) + 12 * HOUR, 9), version(closeOf(day) + 13 * HOUR, 21)];
    const startedAt = closeOf(day) + 14 * HOUR;
    const periods = listPeriods(versions, [day, next], startedAt).get('ALEH')!;
    expect(periods.map((p) => p.params.rsi_period)).toEqual([21]);
    expect(periods[0]!.from).toBe(day * 86_400_000);
  });

  it('decides later sessions with the version in force at their close', () => {
    const startedAt = closeOf(day) - HOUR;
    const versions = [version(startedAt - HOUR, 9), version(closeOf(day) + HOUR, 21)];
    const periods = listPeriods(versions, [day, next], startedAt).get('ALEH')!;
    expect(periods.map((p) => p.params.rsi_period)).toEqual([9, 21]);
  });
});
