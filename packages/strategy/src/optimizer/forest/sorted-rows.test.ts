import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../testing.js';
import { inBagOrders, presort, sortKeys } from './sorted-rows.js';

describe('presort / inBagOrders', () => {
  it('gives the same per-tree orders from per-tree key sorts (large n) as from filtering the global orders', () => {
    const rng = mulberry32(9);
    const n = 600;
    const d = 5;
    // Ties on purpose (an integer-like column and a boolean-like one): rows tie-break by index.
    const X = Float64Array.from({ length: n * d }, (_, k) =>
      k % d === 0 ? Math.floor(rng() * 7) / 7 : k % d === 1 ? (rng() < 0.5 ? 0.25 : 0.75) : rng(),
    );
    const inBag = Uint8Array.from({ length: n }, () => (rng() < 0.2 ? 1 : 0));
    const byKeys = inBagOrders(presort(X, n, d, 128), inBag);
    const byOrders = inBagOrders(presort(X, n, d, n), inBag);
    expect(byKeys.length).toBe(byOrders.length);
    expect(byKeys.orders.map((o) => Array.from(o))).toEqual(
      byOrders.orders.map((o) => Array.from(o)),
    );
  });
});

describe('sortKeys', () => {
  it('sorts distinct keys below 2^53 as the native sort does (spread, clustered, few and many)', () => {
    const rng = mulberry32(4);
    for (const len of [1, 2, 3, 100, 128, 300, 700]) {
      for (const spread of [2 ** 53, 2 ** 30, 2 ** 12]) {
        const seen = new Set<number>();
        const keys = new Float64Array(len);
        for (let k = 0; k < len; k++) {
          let v = Math.floor(rng() * spread) + (spread < 2 ** 53 ? 2 ** 52 : 0);
          while (seen.has(v)) v = (v + 1) % 2 ** 53;
          seen.add(v);
          keys[k] = v;
        }
        const expected = Float64Array.from(keys).sort();
        sortKeys(keys);
        expect(Array.from(keys)).toEqual(Array.from(expected));
      }
    }
  });
});
