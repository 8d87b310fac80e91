import { describe, expect, it } from 'vitest';
import { inBagOrders, presort } from './sorted-rows.js';
import { mulberry32 } from './testing.js';

describe('presort / inBagOrders', () => {
  it('gives the same per-tree orders from per-tree key sorts (large n) as from filtering the global orders', () => {
    const rng = mulberry32(9);
    const n = 600;
    const d = 5;
    // Ties on purpose (an integer-like column and a boolean-like one): rows tie-break by index.
    const X = Float64Array.from({ length: n * d }, (_, k) => (k % d === 0 ? Math.floor(rng() * 7) / 7 : k % d === 1 ? (rng() < 0.5 ? 0.25 : 0.75) : rng()));
    const inBag = Uint8Array.from({ length: n }, () => (rng() < 0.2 ? 1 : 0));
    const byKeys = inBagOrders(presort(X, n, d, 128), inBag);
    const byOrders = inBagOrders(presort(X, n, d, n), inBag);
    expect(byKeys.length).toBe(byOrders.length);
    expect(byKeys.orders.map((o) => Array.from(o))).toEqual(byOrders.orders.map((o) => Array.from(o)));
  });
});
