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

  it('says how long ago, then the date', () => {
    const now = Date.parse('2026-01-05T15:00:00Z');
    expect(notificationTime('2026-01-05T14:59:40Z', now)).toBe('just now');
    expect(notificationTime('2026-01-05T14:55:00Z', now)).toBe('5 min ago');
    expect(notificationTime('2026-01-05T12:00:00Z', now)).toBe('3 h ago');
    expect(notificationTime('2026-01-03T12:00:00Z', now)).toContain('2026');
    expect(notificationTime('nonsense', now)).toBe('');
  });
});
