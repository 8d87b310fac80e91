import { describe, expect, it } from 'vitest';
import { formatMarketDate, formatMarketTime, formatWallTime, labelLogLine } from './market-time';

describe('market time (America/New_York, labelled ET)', () => {
  it('shows winter times at UTC−5 (EST)', () => {
    expect(formatMarketTime('2026-01-09T20:59:00Z')).toBe('Jan 9, 2026 15:59 ET');
    expect(formatMarketTime('2026-03-07T14:30:00Z')).toBe('Mar 7, 2026 09:30 ET');
  });

  it('shows summer times at UTC−4 (EDT), both sides of each change', () => {
    // 2026-03-08 02:00 EST → 03:00 EDT (07:00 UTC).
    expect(formatMarketTime('2026-03-08T06:59:00Z')).toBe('Mar 8, 2026 01:59 ET');
    expect(formatMarketTime('2026-03-08T07:00:00Z')).toBe('Mar 8, 2026 03:00 ET');
    expect(formatMarketTime('2026-07-01T13:30:00Z')).toBe('Jul 1, 2026 09:30 ET');
    // 2026-11-01 02:00 EDT → 01:00 EST (06:00 UTC).
    expect(formatMarketTime('2026-11-01T05:59:00Z')).toBe('Nov 1, 2026 01:59 ET');
    expect(formatMarketTime('2026-11-01T06:00:00Z')).toBe('Nov 1, 2026 01:00 ET');
  });

  it('gives the New York date, not the UTC one', () => {
    // 02:00 UTC on the 10th is still the evening of the 9th in New York.
    expect(formatMarketTime('2026-01-10T02:00:00Z')).toBe('Jan 9, 2026 21:00 ET');
    expect(formatMarketDate('2026-01-10T02:00:00Z')).toBe('Jan 9, 2026 ET');
    expect(formatMarketTime('2026-01-09T05:00:00Z')).toBe('Jan 9, 2026 00:00 ET');
  });

  it('writes a dash for nothing or an unreadable time', () => {
    expect(formatMarketTime(null)).toBe('–');
    expect(formatMarketTime('yesterday')).toBe('–');
    expect(formatMarketDate(undefined)).toBe('–');
    expect(formatWallTime('')).toBe('–');
  });

  it('labels wall time as the reader’s', () => {
    expect(formatWallTime('2026-01-09T20:59:00Z')).toMatch(/^Jan (9|10), 2026, .+ \(your time\)$/);
  });

  it('labels a live log line’s time ET once', () => {
    expect(labelLogLine('2026-01-05 10:30:00 INFO Bought 3 AAPL')).toBe(
      '2026-01-05 10:30:00 ET INFO Bought 3 AAPL',
    );
    expect(labelLogLine('2026-01-05 10:30:00 ET INFO Bought')).toBe(
      '2026-01-05 10:30:00 ET INFO Bought',
    );
    expect(labelLogLine('no time here')).toBe('no time here');
  });
});
