import { describe, expect, it } from 'vitest';
import { formatMetric, MISSING, pageCount } from './format-metric';
import { QueryCache, queryKey } from './query-cache';

describe('the explorer cache', () => {
  it('keeps 5 results and evicts the oldest stored', () => {
    const cache = new QueryCache<number>();
    for (let n = 1; n <= 6; n++) cache.set('t', `q${n}`, n);
    expect(cache.keys()).toEqual(['q2', 'q3', 'q4', 'q5', 'q6']);
    expect(cache.get('t', 'q1')).toBeUndefined();
    expect(cache.get('t', 'q6')).toBe(6);
    // Storing a key again makes it the newest.
    cache.set('t', 'q2', 20);
    cache.set('t', 'q7', 7);
    expect(cache.keys()).toEqual(['q4', 'q5', 'q6', 'q2', 'q7']);
  });

  it('is emptied when the token changes', () => {
    const cache = new QueryCache<number>();
    cache.set('alice', 'q', 1);
    expect(cache.get('bob', 'q')).toBeUndefined();
    expect(cache.keys()).toEqual([]);
    cache.set('bob', 'q', 2);
    expect(cache.get(null, 'q')).toBeUndefined();
  });

  it('keys a query by search, metric set, page and sort', () => {
    const a = queryKey({ search: 'ap', metrics: ['rsi', 'eps'], page: 1 });
    expect(queryKey({ search: 'ap', metrics: ['rsi', 'eps'], page: 1, sort: null })).toBe(a);
    expect(
      queryKey({ search: 'ap', metrics: ['rsi', 'eps'], page: 1, sort: { by: 'rsi', dir: 'asc' } }),
    ).not.toBe(a);
    expect(queryKey({ search: 'ap', metrics: ['eps', 'rsi'], page: 1 })).toBe(a);
    expect(queryKey({ search: 'ap', metrics: ['eps'], page: 1 })).not.toBe(a);
    expect(queryKey({ search: 'ap', metrics: ['rsi', 'eps'], page: 2 })).not.toBe(a);
  });
});

describe('explorer numbers', () => {
  it('shows numbers for people: separators, % signs, market cap in billions, volume in K/M/B', () => {
    expect(formatMetric('market_cap', 2_345_678_901)).toBe('2.35B');
    expect(formatMetric('market_cap', 3e12)).toBe('3,000.00B');
    expect(formatMetric('pe_ratio', 12.345)).toBe('12.35');
    expect(formatMetric('ev_ebitda', 12345.678)).toBe('12,345.68');
    expect(formatMetric('rsi', 70)).toBe('70.00');
    expect(formatMetric('macd', -0.004)).toBe('0.00');
    expect(formatMetric('macd', -0.5)).toBe('-0.50');
    expect(formatMetric('average_volume', 263920.73)).toBe('263.92K');
    expect(formatMetric('average_volume', 12_500_000)).toBe('12.50M');
    expect(formatMetric('average_volume', 2_100_000_000)).toBe('2.10B');
    expect(formatMetric('average_volume', 950)).toBe('950.00');
    expect(formatMetric('dividend_yield', 2.345)).toBe('2.35%');
    expect(formatMetric('revenue_growth', -1234.5)).toBe('-1,234.50%');
  });

  it('shows text as it is, dates as days, and a dash for missing values', () => {
    expect(formatMetric('domain', 'apple.com')).toBe('apple.com');
    expect(formatMetric('last_updated', '2026-01-05T21:00:00.000Z')).toBe('2026-01-05');
    expect(formatMetric('pe_ratio', null)).toBe(MISSING);
    expect(formatMetric('pe_ratio', undefined)).toBe(MISSING);
    expect(formatMetric('pe_ratio', Number.NaN)).toBe(MISSING);
  });

  it('counts pages of 100', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(100)).toBe(1);
    expect(pageCount(101)).toBe(2);
    expect(pageCount(503)).toBe(6);
  });
});
