import { fromScreenUnits, isFractionField, toScreenUnits } from '@tradebot/api-contract';

interface Bounds {
  min: number;
  max: number;
  step: number;
}

/**
 * A setting's bounds and step as its input shows them: in percent for the settings the API
 * holds as fractions (risk 0.02 shows as 2), unchanged for the rest. `default` too, when given.
 */
export function screenBounds<T extends Bounds & { default?: number }>(field: string, spec: T): T {
  if (!isFractionField(field)) return spec;
  const scaled = { ...spec };
  scaled.min = toScreenUnits(field, spec.min);
  scaled.max = toScreenUnits(field, spec.max);
  scaled.step = toScreenUnits(field, spec.step);
  if (spec.default !== undefined) scaled.default = toScreenUnits(field, spec.default);
  return scaled;
}

/** A stored value as its input shows it ('' stays empty). */
export const shownValue = (field: string, value: number | ''): number | '' =>
  value === '' ? '' : toScreenUnits(field, value);

/** What the user typed as the API holds it ('' stays empty). */
export const typedValue = (field: string, value: number | ''): number | '' =>
  value === '' ? '' : fromScreenUnits(field, value);
