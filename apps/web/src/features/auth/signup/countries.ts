export interface CountryOption {
  value: string;
  label: string;
}

/** These come first in the sign-up dropdown, in this order. */
export const PRIORITY_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'JP'] as const;

/** The priority countries, then every other country alphabetically. */
export function countryOptions(
  tuples: readonly (readonly [name: string, code: string])[],
  priority: readonly string[] = PRIORITY_COUNTRIES,
): CountryOption[] {
  const byCode = new Map(tuples.map(([label, value]) => [value, { value, label }]));
  const first = priority.flatMap((code) => byCode.get(code) ?? []);
  const rest = tuples
    .filter(([, code]) => !priority.includes(code))
    .map(([label, value]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [...first, ...rest];
}
