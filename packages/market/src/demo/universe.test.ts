import { describe, expect, it } from 'vitest';
import { SECTORS } from './sectors.js';
import { generateUniverse } from './universe.js';

describe('generateUniverse', () => {
  const universe = generateUniverse({ seed: 7 });

  it('is a pure function of the seed', () => {
    expect(generateUniverse({ seed: 7 })).toEqual(universe);
    const other = generateUniverse({ seed: 8 });
    expect(other.map((c) => c.profile.symbol)).not.toEqual(universe.map((c) => c.profile.symbol));
  });

  it('holds at least 500 listings with unique symbols, names and reserved domains', () => {
    expect(universe.length).toBeGreaterThanOrEqual(500);
    const unique = (f: (c: (typeof universe)[number]) => string) => new Set(universe.map(f)).size;
    expect(unique((c) => c.profile.symbol)).toBe(universe.length);
    expect(unique((c) => c.profile.company_name)).toBe(universe.length);
    expect(unique((c) => c.profile.domain)).toBe(universe.length);
    for (const c of universe) {
      expect(c.profile.symbol).toMatch(/^[A-Z]{2,4}$/);
      expect(c.profile.domain).toMatch(/^[a-z0-9]+\.example$/);
    }
    const symbols = universe.map((c) => c.profile.symbol);
    expect([...symbols].sort()).toEqual(symbols);
  });

  it('covers every sector and the kinds the screener can exclude', () => {
    expect(new Set(universe.map((c) => c.profile.sector))).toEqual(
      new Set(SECTORS.map((s) => s.name)),
    );
    const kinds = (k: string) => universe.filter((c) => c.profile.asset_type === k).length;
    expect(kinds('etf')).toBe(SECTORS.length);
    expect(kinds('spac')).toBeGreaterThanOrEqual(10);
    expect(kinds('reit')).toBeGreaterThanOrEqual(15);
    expect(kinds('stock')).toBeGreaterThanOrEqual(450);
  });

  it('draws statements that agree with themselves', () => {
    for (const c of universe) {
      const b = c.financials;
      const m = c.model;
      expect(m.floatShares).toBeLessThanOrEqual(m.sharesOutstanding);
      expect(m.initialPrice).toBeGreaterThan(0);
      if (b === null) continue;
      expect(b.grossProfit).toBeGreaterThan(b.operatingIncome);
      expect(Math.sign(b.operatingIncome)).toBe(Math.sign(b.netIncome));
      expect(b.equity).toBeGreaterThan(0);
      expect(b.totalAssets).toBeGreaterThan(b.equity + b.debt);
      if (b.netIncome <= 0) expect(b.dividends).toBe(0);
      else expect(b.dividends).toBeLessThan(b.netIncome);
    }
  });

  it('refuses a universe too small to hold every kind', () => {
    expect(() => generateUniverse({ seed: 1, size: 10 })).toThrow(/≥ 50/);
  });
});
