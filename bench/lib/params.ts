/** Seeded parameter sets for the benchmark: a Latin hypercube over the optimizer's search space. */
import type { StockParams } from '../../packages/strategy/src/params.js';
import { decode, latinHypercube, stockSearchSpace } from '../../packages/strategy/src/optimizer/index.js';
import { mulberry32 } from '../../packages/strategy/src/optimizer/testing.js';

export function paramSets(count: number, seed: number): StockParams[] {
  const space = stockSearchSpace();
  return latinHypercube(mulberry32(seed), count, space.dims.length).map((u) => decode(space, u));
}
