import { describe, expect, it } from 'vitest';
import { edgeEvidenceLine, unprovenStocks } from './edge-evidence';

const stock = (symbol: string, no_robust_edge: boolean | null) => ({ symbol, no_robust_edge });

describe('unprovenStocks', () => {
  it('keeps the stocks without a robust edge and those never backtested, in order', () => {
    const list = [stock('AAA', false), stock('BBB', true), stock('CCC', null), stock('DDD', false)];
    expect(unprovenStocks(list).map((s) => s.symbol)).toEqual(['BBB', 'CCC']);
  });
});

describe('edgeEvidenceLine', () => {
  it('counts the stocks with a robust edge among the list', () => {
    const list = [
      ...Array.from({ length: 12 }, (_, i) => stock(`E${i}`, false)),
      stock('N1', true),
      stock('N2', null),
      stock('N3', null),
    ];
    expect(edgeEvidenceLine(list)).toBe('Robust edge in the backtest: 12 of 15 stocks');
  });

  it('reads right for one stock and says nothing for an empty list', () => {
    expect(edgeEvidenceLine([stock('A', null)])).toBe('Robust edge in the backtest: 0 of 1 stock');
    expect(edgeEvidenceLine([stock('A', false), stock('B', true)])).toBe(
      'Robust edge in the backtest: 1 of 2 stocks',
    );
    expect(edgeEvidenceLine([])).toBeNull();
  });
});
