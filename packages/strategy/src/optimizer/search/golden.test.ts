import { describe, expect, it } from 'vitest';
import type { StockParams } from '../../params.js';
import { encode, stockSearchSpace } from '../space/space.js';
import type { ParamValues } from '../space/types.js';
import { mulberry32 } from '../testing.js';
import { optimize } from './optimize.js';
import type { EvalResult } from './types.js';

type P = StockParams & ParamValues;
const space = stockSearchSpace();

/** A bumpy synthetic objective of the encoded point (deterministic, no data needed). */
function evaluate(p: P): EvalResult {
  const u = encode(space, p);
  let s = 0;
  for (let j = 0; j < u.length; j++)
    s += Math.sin(7 * (u[j] as number) + j) * (1 + (j % 3)) - ((u[j] as number) - 0.4) ** 2;
  const returns = Float64Array.from({ length: 20 }, (_, k) => s * 1e-4 + 1e-3 * Math.sin(k + s));
  return { profit: s, sharpe: s / 10, returns };
}

/** FNV-1a over the JSON of the trials, winner and importance: a fingerprint of the whole run. */
function fingerprint(x: unknown): string {
  const text = JSON.stringify(x);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${(h >>> 0).toString(16)}:${text.length}`;
}

// Recorded before the proposal path was rewritten for speed: runs without `surrogateShare` must not change.
describe('optimize without surrogateShare is unchanged', () => {
  it.each([
    [11, 250, undefined, 'c9ab1c73:155692'],
    [3, 400, 16, '95e02995:248040'],
  ] as const)('seed %i, %i evaluations, batch %s', (seed, evaluations, batchSize, expected) => {
    const res = optimize<P>({
      evaluate,
      space,
      window: { start: 0, end: 100 },
      budget: { evaluations },
      rng: mulberry32(seed),
      ...(batchSize ? { batchSize } : {}),
    });
    expect(
      fingerprint({ trials: res.trials, best: res.best.params, importance: res.importance }),
    ).toBe(expected);
  });
});
