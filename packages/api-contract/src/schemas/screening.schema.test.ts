import { describe, expect, it } from 'vitest';
import { server } from '../messages.js';
import { ui } from '../ui-messages.js';
import { SCREENING_LABELS } from '../screening-labels.js';
import { BUILT_IN_TEMPLATES, CUSTOM_TEMPLATE_NAME } from '../screening-templates.js';
import { validationMessage } from '../validation.js';
import {
  SCREENING_BOUNDS,
  SCREENING_DEFAULTS,
  ZSaveTemplateInput,
  ZScreeningCriteria,
  ZScreeningTemplate,
} from './screening.schema.js';

const errorOf = (input: unknown) => {
  const result = ZScreeningCriteria.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return validationMessage(result.error);
};

describe('ZScreeningCriteria', () => {
  it('an empty object parses to the defaults', () => {
    const parsed = ZScreeningCriteria.parse({});
    expect(parsed).toEqual(SCREENING_DEFAULTS);
    expect(parsed).toMatchObject({
      max_rsi: 60,
      min_atr_percent: 3,
      min_average_volume: 500000,
      max_beta: 5,
      min_beta: 1.2,
      max_pe_ratio: null,
      exclude_reits: false,
    });
    expect(Object.keys(parsed)).toHaveLength(25);
  });

  it('null means no filter, also for fields whose default is set', () => {
    const parsed = ZScreeningCriteria.parse({ max_rsi: null, min_beta: null, exclude_etfs: null });
    expect(parsed.max_rsi).toBeNull();
    expect(parsed.min_beta).toBeNull();
    expect(parsed.exclude_etfs).toBe(false);
    expect(parsed.min_atr_percent).toBe(3);
  });

  it('accepts every bound itself (inclusive)', () => {
    for (const [key, { min, max }] of Object.entries(SCREENING_BOUNDS)) {
      const other = key === 'min_beta' ? { max_beta: null } : { min_beta: null };
      expect(ZScreeningCriteria.safeParse({ ...other, [key]: min }).success, key).toBe(true);
      expect(ZScreeningCriteria.safeParse({ ...other, [key]: max }).success, key).toBe(true);
    }
  });

  it('refuses a value out of bounds naming the criterion as the form labels it, with its bounds', () => {
    expect(errorOf({ max_rsi: 101 })).toBe(
      'Max RSI must be a number from 0 to 100, or empty for no filter.',
    );
    expect(errorOf({ min_atr_percent: -1 })).toBe(
      'Min ATR % must be a number from 0 to 100, or empty for no filter.',
    );
    expect(errorOf({ min_roe: -100.5 })).toBe(
      'Min ROE must be a number from -100 to 100, or empty for no filter.',
    );
    expect(errorOf({ min_revenue_growth: 1001 })).toBe(
      'Min revenue growth must be a number from -100 to 1,000, or empty for no filter.',
    );
    expect(errorOf({ min_market_cap: -1 })).toBe(
      'Min market cap must be a number from 0 to 100,000,000,000,000, or empty for no filter.',
    );
    for (const [key, { min, max }] of Object.entries(SCREENING_BOUNDS)) {
      const label = SCREENING_LABELS[key as keyof typeof SCREENING_BOUNDS];
      const message = server.screeningCriterionBounds(label, min, max);
      expect(errorOf({ [key]: max + 1 })).toContain(message);
      expect(errorOf({ [key]: min - 1 })).toContain(message);
    }
  });

  it('refuses wrong types naming the criterion as the form labels it', () => {
    expect(errorOf({ max_pe_ratio: '15' })).toBe(
      'Max P/E must be a number from 0 to 1,000, or empty for no filter.',
    );
    expect(errorOf({ min_beta: true })).toContain('Min beta must be a number from 0 to 10');
    expect(errorOf({ max_rsi: Number.NaN })).toContain('Max RSI must be a number');
    expect(errorOf({ max_rsi: Infinity })).toContain('Max RSI must be a number');
    expect(errorOf({ exclude_reits: 'yes' })).toBe('Exclude REITs must be true or false.');
    expect(errorOf({ exclude_etfs: 1 })).toBe('Exclude ETFs must be true or false.');
    expect(errorOf(null)).toBe(server.criteriaNotAnObject);
    expect(errorOf([])).toBe(server.criteriaNotAnObject);
  });

  it('refuses an unknown key by its name, so a typo never silently drops a filter', () => {
    expect(errorOf({ max_pe: 15 })).toBe('Unknown screening criterion: max_pe.');
    expect(errorOf({ max_pe: 15, min_atr_pct: 2 })).toBe(
      'Unknown screening criteria: max_pe, min_atr_pct.',
    );
  });

  it('refuses min_beta above max_beta, naming both as the form does', () => {
    expect(errorOf({ min_beta: 3, max_beta: 2 })).toBe(
      'Min beta must not be greater than Max beta.',
    );
    expect(ZScreeningCriteria.safeParse({ min_beta: 2, max_beta: 2 }).success).toBe(true);
  });

  it('names every failing criterion at once, and no field name or path', () => {
    const message = errorOf({ max_rsi: -1, max_pb_ratio: 'x' });
    expect(message).toContain('Max RSI must be');
    expect(message).toContain('Max P/B must be');
    expect(message).not.toMatch(/max_|min_|criteria\./);
  });
});

describe('templates', () => {
  it('the built-ins parse, carry a description and include "Custom Template"', () => {
    expect(BUILT_IN_TEMPLATES.length).toBeGreaterThanOrEqual(5);
    for (const template of BUILT_IN_TEMPLATES) {
      expect(ZScreeningTemplate.parse(template)).toEqual(template);
      expect(template.description.length, template.name).toBeGreaterThan(40);
    }
    const names = BUILT_IN_TEMPLATES.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const custom = BUILT_IN_TEMPLATES.find((t) => t.name === CUSTOM_TEMPLATE_NAME);
    expect(custom?.criteria).toEqual(SCREENING_DEFAULTS);
  });

  it('saving a custom template needs a name', () => {
    for (const name of ['', '   ', undefined]) {
      const result = ZSaveTemplateInput.safeParse({ name, criteria: {} });
      expect(result.success).toBe(false);
      if (!result.success)
        expect(validationMessage(result.error)).toBe(ui.customTemplateNameRequired);
    }
    const saved = ZSaveTemplateInput.parse({ name: ' Mine ', criteria: { max_rsi: 40 } });
    expect(saved.name).toBe('Mine');
    expect(saved.criteria.max_rsi).toBe(40);
    expect(saved.criteria.min_beta).toBe(1.2);
  });
});
