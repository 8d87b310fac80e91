import type { MarketName } from './market-deps.js';

/** The listings (companies.source) a market's users screen and explore. */
export type UniverseName = 'demo' | 'csv' | 'alpaca';

/**
 * Demo users see the demo market's fictional universe; Alpaca users the real one (the CSV import
 * of `../shared/data` today, a fundamentals provider later).
 */
export function universeOf(market: MarketName): UniverseName {
  return market === 'demo' ? 'demo' : 'csv';
}
