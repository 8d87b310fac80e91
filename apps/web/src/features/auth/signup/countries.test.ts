import { describe, expect, it } from 'vitest';
import data from 'country-region-data/data.json';
import { countryOptions, PRIORITY_COUNTRIES } from './countries';

const tuples = data.map((country) => [country.countryName, country.countryShortCode] as const);

describe('countryOptions', () => {
  const options = countryOptions(tuples);

  it('lists the priority countries first, in their set order', () => {
    expect(options.slice(0, 7).map((option) => option.value)).toEqual([...PRIORITY_COUNTRIES]);
    expect(options[0]).toEqual({ value: 'US', label: 'United States' });
  });

  it('holds about 250 countries, each once', () => {
    expect(options.length).toBeGreaterThanOrEqual(245);
    expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
  });

  it('sorts the rest by name and skips the priority ones', () => {
    const rest = options.slice(7);
    expect(rest.some((option) => option.value === 'US')).toBe(false);
    const labels = rest.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  it('skips a priority code the data does not have', () => {
    expect(countryOptions([['France', 'FR']], ['XX', 'FR'])).toEqual([
      { value: 'FR', label: 'France' },
    ]);
  });
});
