import {
  EXCLUSION_CRITERIA,
  EXCLUSION_CRITERION_KEYS,
  NUMERIC_CRITERIA,
  NUMERIC_CRITERION_KEYS,
  type ExclusionCriterionKey,
  type NumericCriterionKey,
  type ScreenAssetType,
  type ScreenCriteria,
  type ScreenField,
  type ScreenRow,
} from './criteria.js';

export interface ScreenResult<T extends ScreenRow> {
  /** The rows that pass every active criterion, in input order. */
  rows: T[];
  symbols: string[];
  /** Rows lacking a value for at least one active criterion: excluded, whatever else they hold. */
  excludedForMissingData: number;
  /** Per active criterion, how many rows lacked its value (a row may count under several). */
  missingByCriterion: Partial<Record<NumericCriterionKey | ExclusionCriterionKey, number>>;
  /** Rows looked at. */
  total: number;
}

interface Bound {
  key: NumericCriterionKey;
  field: ScreenField;
  min: number;
  max: number;
}

/** The active numeric criteria as closed ranges, so the row loop does two comparisons each. */
function activeBounds(criteria: ScreenCriteria): Bound[] {
  const bounds: Bound[] = [];
  for (const key of NUMERIC_CRITERION_KEYS) {
    const threshold = criteria[key];
    if (threshold === null || threshold === undefined) continue;
    const { field, kind } = NUMERIC_CRITERIA[key];
    bounds.push(
      kind === 'min'
        ? { key, field, min: threshold, max: Infinity }
        : { key, field, min: -Infinity, max: threshold },
    );
  }
  return bounds;
}

function activeExclusions(criteria: ScreenCriteria): Set<ScreenAssetType> {
  const excluded = new Set<ScreenAssetType>();
  for (const key of EXCLUSION_CRITERION_KEYS)
    if (criteria[key] === true) excluded.add(EXCLUSION_CRITERIA[key]);
  return excluded;
}

/** Unknown: null, absent, or not a finite number (an indicator still warming up gives NaN). */
const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The rows passing every active criterion (a null criterion, or a false exclude_* flag,
 * filters nothing). min_* keeps value ≥ threshold and max_* keeps value ≤ threshold, both
 * inclusive, read from the field `NUMERIC_CRITERIA` names, in the same unit (no conversion).
 * A row with no value for an active criterion (or no asset type while an exclude_* flag is on)
 * is excluded and counted in `excludedForMissingData`, never passed on a guess.
 */
export function screen<T extends ScreenRow>(
  rows: readonly T[],
  criteria: ScreenCriteria,
): ScreenResult<T> {
  const bounds = activeBounds(criteria);
  const exclusions = activeExclusions(criteria);
  const missingByCriterion: ScreenResult<T>['missingByCriterion'] = {};
  const countMissing = (key: NumericCriterionKey | ExclusionCriterionKey) => {
    missingByCriterion[key] = (missingByCriterion[key] ?? 0) + 1;
  };
  const passed: T[] = [];
  let excludedForMissingData = 0;
  for (const row of rows) {
    let missing = false;
    let fails = false;
    for (const b of bounds) {
      const value = row[b.field];
      if (!known(value)) {
        missing = true;
        countMissing(b.key);
      } else if (value < b.min || value > b.max) fails = true;
    }
    if (exclusions.size > 0) {
      if (row.asset_type === null || row.asset_type === undefined) {
        missing = true;
        for (const key of EXCLUSION_CRITERION_KEYS) if (criteria[key]) countMissing(key);
      } else if (exclusions.has(row.asset_type)) fails = true;
    }
    if (missing) excludedForMissingData++;
    else if (!fails) passed.push(row);
  }
  return {
    rows: passed,
    symbols: passed.map((row) => row.symbol),
    excludedForMissingData,
    missingByCriterion,
    total: rows.length,
  };
}
