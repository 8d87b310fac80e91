import { describe, expect, it } from 'vitest';
import { formatPublished, formatScore, sentimentColor } from './news-format';

describe('news overlay formatting', () => {
  it('colours 0 and above green, below 0 red', () => {
    expect(sentimentColor(0.8)).toBe('green');
    expect(sentimentColor(0)).toBe('green');
    expect(sentimentColor(-0)).toBe('green');
    expect(sentimentColor(-0.001)).toBe('red');
    expect(sentimentColor(-1)).toBe('red');
  });

  it('shows scores with two decimals and their sign', () => {
    expect(formatScore(0.4249)).toBe('+0.42');
    expect(formatScore(-0.1)).toBe('-0.10');
    expect(formatScore(0)).toBe('0.00');
    expect(formatScore(-0)).toBe('0.00');
    expect(formatScore(-0.001)).toBe('-0.00');
    expect(formatScore(0.001)).toBe('+0.00');
  });

  it('shows published times on the New York clock', () => {
    expect(formatPublished('2026-01-02T21:05:00.000Z')).toBe('Jan 2, 2026, 4:05 PM ET');
    expect(formatPublished('2026-07-01T13:30:00.000Z')).toBe('Jul 1, 2026, 9:30 AM ET');
    expect(formatPublished('not a date')).toBe('');
  });
});
