import { describe, expect, it } from 'vitest';
import { notificationTime, statusColor } from './notification-status';

describe('the bell', () => {
  it('colours each status the server writes', () => {
    expect(statusColor('completed')).toBe('teal');
    expect(statusColor('failed')).toBe('red');
    expect(statusColor('ERROR')).toBe('red');
    expect(statusColor('info')).toBe('blue');
    expect(statusColor('halted')).toBe('orange');
    expect(statusColor('warning')).toBe('orange');
    expect(statusColor('something new')).toBe('gray');
  });

  it('says when on the market clock (ET), never "min ago"', () => {
    expect(notificationTime('2026-01-05T14:59:40Z')).toBe('Jan 5, 2026 09:59 ET');
    expect(notificationTime('2026-07-06T20:00:00Z')).toBe('Jul 6, 2026 16:00 ET');
    expect(notificationTime('nonsense')).toBe('');
  });
});
