import type { SeriesMarker } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { fitLabels, labelWidth, rightOffsetFor } from './marker-labels';

const marker = (time: string, text: string, position: 'aboveBar' | 'belowBar' = 'belowBar') =>
  ({ time, position, shape: 'arrowUp', color: 'green', text }) as SeriesMarker<string>;
const days = Array.from({ length: 30 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);

describe('marker labels', () => {
  it('drops the text of a label that would overlap a later one on the same side', () => {
    // 'Buy 12 @ 187.20' is 105 px wide: at 10 px a bar, two labels need 12 bars between them.
    const fitted = fitLabels(
      [
        marker('2026-01-01', 'Buy 12 @ 187.20'),
        marker('2026-01-10', 'Buy 12 @ 190.00'),
        marker('2026-01-12', 'Sell 12 @ 191.00', 'aboveBar'),
        marker('2026-01-25', 'Buy 5 @ 180.00'),
      ],
      days,
      10,
    );
    expect(fitted.map((m) => m.text)).toEqual([
      undefined,
      'Buy 12 @ 190.00',
      'Sell 12 @ 191.00',
      'Buy 5 @ 180.00',
    ]);
    // Every fill keeps its marker.
    expect(fitted.map((m) => m.time)).toEqual([
      '2026-01-01',
      '2026-01-10',
      '2026-01-12',
      '2026-01-25',
    ]);
  });

  it('keeps every label when the bars are wide enough', () => {
    const markers = [marker('2026-01-01', 'Buy 1 @ 1.00'), marker('2026-01-03', 'Buy 1 @ 2.00')];
    expect(fitLabels(markers, days, 60)).toEqual(markers);
  });

  it('leaves room right of the last bar for half the widest label', () => {
    expect(labelWidth('Buy 12 @ 187.20')).toBe(105);
    expect(rightOffsetFor([marker('2026-01-01', 'Buy 12 @ 187.20')], 10)).toBe(6);
    expect(rightOffsetFor([], 10)).toBe(0);
  });
});
