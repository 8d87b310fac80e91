/**
 * The search space's shared types. A leaf: it imports nothing, so the space's modules (space,
 * codec, sampling) and the rest of the optimizer can all depend on it without a cycle.
 */

/** A uniform random source on [0, 1). Pass a seeded generator: the optimizer never uses Math.random. */
export type Uniform = () => number;

/** One searched dimension. Integers are sampled on [lo, hi] inclusive and rounded. */
export type Dimension =
  | { name: string; kind: 'float'; lo: number; hi: number }
  | { name: string; kind: 'int'; lo: number; hi: number }
  | { name: string; kind: 'bool' };

export type ParamValues = Record<string, number | boolean>;

/**
 * A box-shaped search space with optional strict orderings (`[a, b]` means value(a) < value(b)).
 * `fixed` holds values that are passed to the objective unchanged and never searched.
 * The type parameter is the objective's parameter shape; `decode` builds it from the unit cube.
 */
export interface SearchSpace<P extends ParamValues = ParamValues> {
  dims: readonly Dimension[];
  ordered?: readonly (readonly [string, string])[];
  fixed?: Partial<P>;
}
