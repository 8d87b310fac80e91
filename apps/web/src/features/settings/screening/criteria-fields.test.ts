import { SCREENING_DEFAULTS } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import {
  FLAG_FIELDS,
  NUMERIC_FIELDS,
  criterionLabel,
  numberOrNull,
  outOfBounds,
} from './criteria-fields';

describe('screening criteria fields', () => {
  it('cover all 25 criteria once, the five with defaults shown without advanced filters', () => {
    const keys = [...NUMERIC_FIELDS, ...FLAG_FIELDS].map((f) => f.key).sort();
    expect(keys).toEqual(Object.keys(SCREENING_DEFAULTS).sort());
    expect(NUMERIC_FIELDS.filter((f) => f.basic).map((f) => f.key)).toEqual([
      'max_rsi',
      'min_atr_percent',
      'min_average_volume',
      'max_beta',
      'min_beta',
    ]);
    expect(NUMERIC_FIELDS.find((f) => f.key === 'min_roe')).toMatchObject({ min: -100, max: 100 });
  });

  it('turns an emptied input into null and names a criterion out of bounds', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull(0)).toBe(0);
    expect(outOfBounds({ ...SCREENING_DEFAULTS })).toBeNull();
    expect(outOfBounds({ ...SCREENING_DEFAULTS, max_rsi: 101 })).toBe(
      'Max RSI must be from 0 to 100.',
    );
  });

  it('names a criterion as the form labels it (missing-data notes), unknown names as they are', () => {
    expect(criterionLabel('max_pe_ratio')).toBe('Max P/E');
    expect(criterionLabel('exclude_etfs')).toBe('Exclude ETFs');
    expect(criterionLabel('not_a_criterion')).toBe('not_a_criterion');
  });
});
