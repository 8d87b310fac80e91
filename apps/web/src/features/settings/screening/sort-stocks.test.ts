import type { TScreenedStock } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { fixed2, nextOrder, sortByScore } from './sort-stocks';

const stock = (symbol: string, ml_score: number | null): TScreenedStock => ({
  symbol,
  company_name: symbol,
  domain: null,
  last_price: 1,
  rsi: 1,
  atr: 1,
  atr_percent: 1,
  macd: 1,
  ml_score,
});

describe('sorting screened stocks by ML score', () => {
  const stocks = [stock('B', 0.2), stock('N', null), stock('A', 0.9), stock('C', 0.2)];
  it('puts the best first, then the worst first, unscored always last', () => {
    expect(sortByScore(stocks, 'desc').map((s) => s.symbol)).toEqual(['A', 'B', 'C', 'N']);
    expect(sortByScore(stocks, 'asc').map((s) => s.symbol)).toEqual(['B', 'C', 'A', 'N']);
    expect(sortByScore(stocks, 'none').map((s) => s.symbol)).toEqual(['B', 'N', 'A', 'C']);
    expect(nextOrder('none')).toBe('desc');
    expect(nextOrder('asc')).toBe('none');
  });
  it('shows two decimals and a dash for unknown', () => {
    expect(fixed2(3.14159)).toBe('3.14');
    expect(fixed2(null)).toBe('–');
  });
});
