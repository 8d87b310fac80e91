/** The market a user trades on: the built-in demo market or their Alpaca account. */
export type MarketName = 'demo' | 'alpaca';

/**
 * A universe of listings (`companies.source`, the `UniverseSource` enum in PostgreSQL): the demo
 * market's fictional one, the CSV snapshot import, or Alpaca's listings.
 */
export type UniverseName = 'demo' | 'csv' | 'alpaca';
