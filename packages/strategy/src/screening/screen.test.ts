import { describe, expect, it } from 'vitest';
import {
  EXCLUSION_CRITERION_KEYS,
  NUMERIC_CRITERIA,
  NUMERIC_CRITERION_KEYS,
  type ScreenCriteria,
  type ScreenRow,
} from './criteria.js';
import { screen } from './screen.js';

/** No filter at all: every criterion null or false. */
const NONE: ScreenCriteria = {
  ...(Object.fromEntries(NUMERIC_CRITERION_KEYS.map((k) => [k, null])) as Record<
    (typeof NUMERIC_CRITERION_KEYS)[number],
    null
  >),
  exclude_reits: false,
  exclude_spacs: false,
  exclude_etfs: false,
};

/** A row where every field holds `value`, a plain stock. */
const row = (symbol: string, value: number | null, extra: Partial<ScreenRow> = {}): ScreenRow => ({
  symbol,
  asset_type: 'stock',
  ...(Object.fromEntries(Object.values(NUMERIC_CRITERIA).map((c) => [c.field, value])) as Omit<
    ScreenRow,
    'symbol' | 'asset_type'
  >),
  ...extra,
});

describe('screen', () => {
  it('filters nothing when every criterion is null or false', () => {
    const rows = [row('A', 1), row('B', null, { asset_type: null }), row('C', -5)];
    expect(screen(rows, NONE)).toMatchObject({
      symbols: ['A', 'B', 'C'],
      excludedForMissingData: 0,
      total: 3,
    });
  });

  describe.each(NUMERIC_CRITERION_KEYS)('%s', (key) => {
    const { field, kind } = NUMERIC_CRITERIA[key];
    const criteria = { ...NONE, [key]: 10 };
    it(`keeps ${field} on the threshold (inclusive) and on the ${kind === 'min' ? 'high' : 'low'} side`, () => {
      const inside = kind === 'min' ? 10.5 : 9.5;
      const outside = kind === 'min' ? 9.999 : 10.001;
      const rows = [
        row('EDGE', 0, { [field]: 10 }),
        row('IN', 0, { [field]: inside }),
        row('OUT', 0, { [field]: outside }),
      ];
      const result = screen(rows, criteria);
      expect(result.symbols).toEqual(['EDGE', 'IN']);
      expect(result.excludedForMissingData).toBe(0);
    });
    it(`excludes and counts a row without ${field}`, () => {
      const rows = [
        row('NULL', 10, { [field]: null }),
        row('NAN', 10, { [field]: Number.NaN }),
        row('OK', 10),
      ];
      const result = screen(rows, criteria);
      expect(result.symbols).toEqual(['OK']);
      expect(result.excludedForMissingData).toBe(2);
      expect(result.missingByCriterion).toEqual({ [key]: 2 });
    });
  });

  it('min_beta and max_beta together keep the closed range', () => {
    const rows = [0.5, 1.2, 3, 5, 5.01].map((b) => row(`B${b}`, 0, { beta: b }));
    const result = screen(rows, { ...NONE, min_beta: 1.2, max_beta: 5 });
    expect(result.symbols).toEqual(['B1.2', 'B3', 'B5']);
  });

  it('compares percent fields in percent: 3 means 3 %, not 300 %', () => {
    const rows = [row('LOW', 0, { atr_percent: 2.9 }), row('HIGH', 0, { atr_percent: 3.1 })];
    expect(screen(rows, { ...NONE, min_atr_percent: 3 }).symbols).toEqual(['HIGH']);
  });

  it('negative thresholds work for fields that can be negative', () => {
    const rows = [row('A', 0, { roe: -20 }), row('B', 0, { roe: -5 })];
    expect(screen(rows, { ...NONE, min_roe: -10 }).symbols).toEqual(['B']);
  });

  it('exclude_* flags remove their asset type only', () => {
    const rows = (['stock', 'reit', 'spac', 'etf'] as const).map((t) =>
      row(t, 1, { asset_type: t }),
    );
    expect(screen(rows, { ...NONE, exclude_reits: true }).symbols).toEqual([
      'stock',
      'spac',
      'etf',
    ]);
    expect(screen(rows, { ...NONE, exclude_spacs: true }).symbols).toEqual([
      'stock',
      'reit',
      'etf',
    ]);
    expect(screen(rows, { ...NONE, exclude_etfs: true }).symbols).toEqual([
      'stock',
      'reit',
      'spac',
    ]);
    const all = { ...NONE, exclude_reits: true, exclude_spacs: true, exclude_etfs: true };
    expect(screen(rows, all).symbols).toEqual(['stock']);
  });

  it('a row without an asset type is missing data once an exclude_* flag is on', () => {
    const rows = [row('X', 1, { asset_type: null }), row('S', 1)];
    const result = screen(rows, { ...NONE, exclude_etfs: true, exclude_spacs: true });
    expect(result.symbols).toEqual(['S']);
    expect(result.excludedForMissingData).toBe(1);
    expect(result.missingByCriterion).toEqual({ exclude_etfs: 1, exclude_spacs: 1 });
  });

  it('counts a row once however many values it lacks, even if it also fails', () => {
    const rows = [
      row('TWO', 0, { rsi: null, beta: null }),
      row('FAILS_TOO', 0, { rsi: null, beta: 9 }),
      row('FAILS', 0, { rsi: 99, beta: 1.5 }),
      row('PASS', 0, { rsi: 40, beta: 1.5 }),
    ];
    const result = screen(rows, { ...NONE, max_rsi: 60, min_beta: 1.2, max_beta: 5 });
    expect(result.symbols).toEqual(['PASS']);
    expect(result.excludedForMissingData).toBe(2);
    expect(result.missingByCriterion).toEqual({ max_rsi: 2, min_beta: 1, max_beta: 1 });
    expect(result.total).toBe(4);
  });

  it('returns the passing rows themselves, in input order', () => {
    const rows = [row('B', 1), row('A', 1)];
    const result = screen(rows, { ...NONE, max_rsi: 50 });
    expect(result.rows[0]).toBe(rows[0]);
    expect(result.symbols).toEqual(['B', 'A']);
  });

  it('covers all 25 screening criteria', () => {
    expect(NUMERIC_CRITERION_KEYS.length + EXCLUSION_CRITERION_KEYS.length).toBe(25);
  });
});
