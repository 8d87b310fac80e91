/** Seeded parameter sets for the benchmark: a Latin hypercube over the optimizer's search space. */
import { decode, latinHypercube, stockSearchSpace, type StockParams } from '@tradebot/strategy';
import { mulberry32 } from '@tradebot/strategy/testing';

export function paramSets(count: number, seed: number): StockParams[] {
  const space = stockSearchSpace();
  return latinHypercube(mulberry32(seed), count, space.dims.length).map((u) => decode(space, u));
}
