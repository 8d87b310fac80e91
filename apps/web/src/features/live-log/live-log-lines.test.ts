import { describe, expect, it } from 'vitest';
import { logLines, logSummary, parseLogLine } from './live-log-lines';

describe('live log lines', () => {
  it('accepts the three shapes the live log call may return', () => {
    expect(logLines(['a', 'b'])).toEqual(['a', 'b']);
    expect(logLines('a\r\nb\n\n c')).toEqual(['a', 'b', ' c']);
    expect(logLines({ bot: ['a'], orders: ['b', 'c'] })).toEqual(['a', 'b', 'c']);
    expect(logLines({ logs: 'x\ny' })).toEqual(['x', 'y']);
    expect(logLines(null)).toEqual([]);
    expect(logLines(undefined)).toEqual([]);
  });

  it('reads the time and level of a server line', () => {
    expect(parseLogLine('2026-01-05 10:30:00 WARN Skipped AAPL: not enough buying power')).toEqual({
      time: '2026-01-05 10:30:00',
      level: 'warn',
      message: 'Skipped AAPL: not enough buying power',
    });
    expect(parseLogLine('2026-01-05 10:30:00 ERROR Broker unreachable').level).toBe('error');
    expect(parseLogLine('2026-01-05 10:30 info Bought 12 AAPL').level).toBe('info');
    expect(parseLogLine('free text')).toEqual({ time: null, level: 'info', message: 'free text' });
  });

  it('counts lines, warnings and errors', () => {
    expect(logSummary([])).toBe('0 lines');
    expect(
      logSummary([
        '2026-01-05 10:30:00 INFO a',
        '2026-01-05 10:30:00 WARN b',
        '2026-01-05 10:30:00 ERROR c',
        '2026-01-05 10:30:00 ERROR d',
      ]),
    ).toBe('4 lines · 1 warning · 2 errors');
  });
});
