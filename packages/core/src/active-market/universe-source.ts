import type { MarketName, UniverseName } from '@tradebot/db';

export type { UniverseName };

/**
 * Demo users see the demo market's fictional universe; Alpaca users Alpaca's own listings and
 * daily bars (source 'alpaca', loaded by the alpaca-universe job). The CSV import (source 'csv')
 * is an offline snapshot: its fundamentals are copied onto Alpaca listings of the same symbol.
 */
export function universeOf(market: MarketName): UniverseName {
  return market === 'demo' ? 'demo' : 'alpaca';
}
