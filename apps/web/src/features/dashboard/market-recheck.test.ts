import { describe, expect, it } from 'vitest';
import { CONNECTED_POLL_MS, fallbackPollMs, marketRecheckMs } from './market-recheck';

const POLL = 60_000;
const at = (iso: string, next: string, speed: number) => ({
  is_open: true,
  market_time: iso,
  next_change: next,
  speed,
});

describe('marketRecheckMs', () => {
  it('reads again right after the next open or close at the clock speed', () => {
    // Demo clock at 1 000 market ms per wall ms: a 10 market-second wait is 10 wall ms.
    expect(marketRecheckMs(at('2026-01-09T20:59:50Z', '2026-01-09T21:00:00Z', 1000), POLL)).toBe(
      1_000,
    );
    // 30 market minutes at 200× is 9 wall seconds (plus the margin).
    expect(marketRecheckMs(at('2026-01-09T20:30:00Z', '2026-01-09T21:00:00Z', 200), POLL)).toBe(
      9_500,
    );
    // Real time (Alpaca): 20 s to the close.
    expect(marketRecheckMs(at('2026-01-09T20:59:40Z', '2026-01-09T21:00:00Z', 1), POLL)).toBe(
      20_500,
    );
  });

  it('never waits longer than the poll', () => {
    expect(marketRecheckMs(at('2026-01-09T15:00:00Z', '2026-01-09T21:00:00Z', 1), POLL)).toBe(POLL);
  });

  it('polls a status without its clock or a paused clock', () => {
    expect(marketRecheckMs(undefined, POLL)).toBe(POLL);
    expect(marketRecheckMs({ is_open: null }, POLL)).toBe(POLL);
    expect(marketRecheckMs(at('2026-01-09T15:00:00Z', '2026-01-09T21:00:00Z', 0), POLL)).toBe(POLL);
  });
});

describe('fallbackPollMs', () => {
  it('polls at the read’s pace only while the socket is not connected', () => {
    expect(fallbackPollMs('disconnected', 30_000)).toBe(30_000);
    expect(fallbackPollMs('connecting', 30_000)).toBe(30_000);
    expect(fallbackPollMs('connected', 30_000)).toBe(CONNECTED_POLL_MS);
  });
});
