import { describe, expect, it } from 'vitest';
import { selectionView } from './use-row-selection';

describe('selectionView', () => {
  it('lists the ticked rows in table order and ignores ticks of rows no longer shown', () => {
    const view = selectionView(['AAA', 'BBB', 'CCC'], new Set(['CCC', 'GONE', 'AAA']));
    expect(view).toEqual({ chosen: ['AAA', 'CCC'], all: false, partial: true });
  });

  it('is all only when every row is ticked, and never for an empty table', () => {
    expect(selectionView(['AAA', 'BBB'], new Set(['BBB', 'AAA']))).toEqual({
      chosen: ['AAA', 'BBB'],
      all: true,
      partial: false,
    });
    expect(selectionView([], new Set(['AAA']))).toEqual({ chosen: [], all: false, partial: false });
    expect(selectionView(['AAA'], new Set())).toEqual({ chosen: [], all: false, partial: false });
  });
});
