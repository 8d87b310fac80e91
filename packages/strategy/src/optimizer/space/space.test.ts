import { describe, expect, it } from 'vitest';
import { STOCK_PARAM_BOUNDS, type NumericParam } from '../../params.js';
import { mulberry32 } from '../testing.js';
import { latinHypercube, uniformPoint } from './sampling.js';
import { decode, encode, stockSearchSpace } from './space.js';

describe('stockSearchSpace', () => {
  const space = stockSearchSpace();

  it('searches all 14 numeric fields and both MACD booleans', () => {
    expect(space.dims).toHaveLength(16);
    expect(space.dims.filter((d) => d.kind === 'bool').map((d) => d.name)).toEqual([
      'macd_crossover',
      'macd_crossunder',
    ]);
  });

  it('decodes every point inside the search ranges, integers integral, macd_slow > macd_fast', () => {
    const rng = mulberry32(7);
    const points = [
      ...latinHypercube(rng, 500, 16),
      ...Array.from({ length: 500 }, () => uniformPoint(rng, 16)),
    ];
    const seen = { crossover: new Set<boolean>(), crossunder: new Set<boolean>() };
    for (const u of points) {
      const p = decode(space, u);
      for (const name of Object.keys(STOCK_PARAM_BOUNDS) as NumericParam[]) {
        const b = STOCK_PARAM_BOUNDS[name];
        expect(p[name]).toBeGreaterThanOrEqual(b.search[0]);
        expect(p[name]).toBeLessThanOrEqual(b.search[1]);
        if (b.integer) expect(Number.isInteger(p[name])).toBe(true);
      }
      expect(p.macd_slow).toBeGreaterThan(p.macd_fast);
      seen.crossover.add(p.macd_crossover);
      seen.crossunder.add(p.macd_crossunder);
    }
    expect(seen.crossover.size).toBe(2);
    expect(seen.crossunder.size).toBe(2);
  });

  it('repairs macd_slow <= macd_fast at the shared edge of their ranges', () => {
    const u = encode(space, decode(space, new Float64Array(16).fill(0.5)));
    const fast = space.dims.findIndex((d) => d.name === 'macd_fast');
    const slow = space.dims.findIndex((d) => d.name === 'macd_slow');
    u[fast] = 0.999;
    u[slow] = 0;
    const p = decode(space, u);
    expect(p.macd_fast).toBe(20);
    expect(p.macd_slow).toBe(21);
  });

  it('encode is the inverse of decode on the decoded grid (floats up to rounding)', () => {
    const rng = mulberry32(3);
    for (let k = 0; k < 50; k++) {
      const p = decode(space, uniformPoint(rng, 16));
      const q = decode(space, encode(space, p));
      for (const [k, v] of Object.entries(p)) {
        if (typeof v === 'number') expect(q[k]).toBeCloseTo(v, 10);
        else expect(q[k]).toBe(v);
      }
    }
  });

  it('keeps excluded fields at their fixed values', () => {
    const s = stockSearchSpace(['risk_per_trade', 'macd_crossover'], { risk_per_trade: 0.01 });
    expect(s.dims).toHaveLength(14);
    const p = decode(s, new Float64Array(14).fill(0.3));
    expect(p.risk_per_trade).toBe(0.01);
    expect(p.macd_crossover).toBe(true);
  });
});

describe('latinHypercube', () => {
  it('puts exactly one point in each of the n strata of every axis', () => {
    const n = 37;
    const pts = latinHypercube(mulberry32(1), n, 5);
    for (let j = 0; j < 5; j++) {
      const strata = pts.map((p) => Math.floor((p[j] as number) * n)).sort((a, b) => a - b);
      expect(strata).toEqual(Array.from({ length: n }, (_, i) => i));
    }
  });
});
