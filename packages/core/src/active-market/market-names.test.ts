import {
  ZMarketName,
  ZUniverseName,
  type TMarketName,
  type TUniverseName,
} from '@tradebot/api-contract';
import type { MarketName, UniverseName } from '@tradebot/db';
import { describe, expect, expectTypeOf, it } from 'vitest';

/** The wire's enums (api-contract) and the stored names (db) name the same markets and universes. */
describe('market and universe names', () => {
  it('the wire and the database agree on the markets', () => {
    expectTypeOf<TMarketName>().toEqualTypeOf<MarketName>();
    const markets = ['demo', 'alpaca'] as const satisfies readonly MarketName[];
    expect([...ZMarketName.options].sort()).toEqual([...markets].sort());
  });

  it('the wire and the database agree on the universes', () => {
    expectTypeOf<TUniverseName>().toEqualTypeOf<UniverseName>();
    const universes = ['demo', 'csv', 'alpaca'] as const satisfies readonly UniverseName[];
    expect([...ZUniverseName.options].sort()).toEqual([...universes].sort());
  });
});
