import {
  criterionLabel,
  SCREENING_DEFAULTS,
  server,
  validationMessage,
  ZScreeningCriteria,
} from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { FLAG_FIELDS, NUMERIC_FIELDS, numberOrNull, outOfBounds } from './criteria-fields';

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
    // The server's message, naming the criterion by its label as the server does.
    expect(outOfBounds({ ...SCREENING_DEFAULTS, max_rsi: 101 })).toBe(
      'Max RSI must be a number from 0 to 100, or empty for no filter.',
    );
    expect(outOfBounds({ ...SCREENING_DEFAULTS, min_atr_percent: -1 })).toBe(
      server.screeningCriterionBounds('Min ATR %', 0, 100),
    );
  });

  it('names a criterion as the form labels it (missing-data notes), unknown names as they are', () => {
    expect(criterionLabel('max_pe_ratio')).toBe('Max P/E');
    expect(criterionLabel('exclude_etfs')).toBe('Exclude ETFs');
    expect(criterionLabel('not_a_criterion')).toBe('not_a_criterion');
  });

  it("the server's refusals name each criterion as this form labels it, never its field name", () => {
    for (const field of NUMERIC_FIELDS) {
      const parsed = ZScreeningCriteria.safeParse({ [field.key]: field.max + 1 });
      expect(parsed.success, field.key).toBe(false);
      if (parsed.success) continue;
      const message = validationMessage(parsed.error);
      expect(message, field.key).toContain(`${field.label} must be a number`);
      expect(message, field.key).not.toContain(field.key);
    }
    for (const flag of FLAG_FIELDS) {
      const parsed = ZScreeningCriteria.safeParse({ [flag.key]: 'yes' });
      expect(parsed.success ? '' : validationMessage(parsed.error)).toBe(
        server.screeningFlag(flag.label),
      );
    }
  });
});
