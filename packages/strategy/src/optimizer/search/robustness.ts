/**
 * The robustness map of a walk-forward run: what its out-of-sample result would have been had one
 * parameter (or the two most important ones together) sat a step or two away from where the
 * search put it. A parameter set on a knife's edge shows as a sign flip next to it.
 */
import { decode, encode } from '../space/space.js';
import type { Dimension, ParamValues, SearchSpace } from '../space/types.js';
import type { BarWindow, Evaluate, ParamImportance } from './types.js';

/** Steps tried each way from the chosen value: the table's −2, −1, +1, +2 and the heatmap's 5 × 5. */
export const ROBUSTNESS_STEPS = 2;
/** A step is this share of the range the optimizer searches (a whole number of days, at least 1, for periods). */
export const ROBUSTNESS_STEP_SHARE = 0.1;

/** A result out of sample: profit summed over the test windows, Sharpe the mean of theirs. */
export interface RobustnessPoint {
  profit: number;
  sharpe: number;
}

export interface ParamRobustness {
  name: string;
  kind: Dimension['kind'];
  /** One step in the parameter's units (1 for a switch, which a step turns over). */
  step: number;
  /**
   * Results at −2, −1, +1 and +2 steps (`offsets`); null where no fold's value can move that far
   * inside the searched range. A switch has one neighbour, turned the other way, at both −1 and +1.
   */
  neighbours: (RobustnessPoint | null)[];
}

export interface RobustnessGrid {
  /** Parameter across (columns) and down (rows): the two most important numeric parameters. */
  x: string;
  y: string;
  /** cells[row][column] at y offset offsets[row] and x offset offsets[column]; null as above. */
  cells: (RobustnessPoint | null)[][];
}

export interface RobustnessMap {
  /** Step offsets of `neighbours` (without 0) and of the grid's rows and columns (with 0). */
  offsets: number[];
  gridOffsets: number[];
  /** The run's own out-of-sample result, the map's centre. */
  centre: RobustnessPoint;
  params: ParamRobustness[];
  grid: RobustnessGrid | null;
  /** Parameters one step of which turns the out-of-sample profit's sign (a loss into a gain or back). */
  flips: string[];
  /** True when any parameter flips the profit's sign within one step. */
  fragile: boolean;
}

/** One walk-forward fold as the map needs it: the fold's winner, its test window and its result there. */
export interface RobustnessFold<P> {
  params: P;
  test: BarWindow;
  outOfSample: RobustnessPoint;
}

export interface RobustnessOptions<P extends ParamValues> {
  evaluate: Evaluate<P>;
  space: SearchSpace<P>;
  folds: readonly RobustnessFold<P>[];
  /** The optimizer's importances (`OptimizeResult.importance`); the grid takes the top two numeric ones. */
  importance: readonly ParamImportance[];
}

/** One step of a dimension: a tenth of its searched range, a whole number (≥ 1) for integers. */
export function stepOf(dim: Dimension): number {
  if (dim.kind === 'bool') return 1;
  const raw = (dim.hi - dim.lo) * ROBUSTNESS_STEP_SHARE;
  return dim.kind === 'int' ? Math.max(1, Math.round(raw)) : raw;
}

/**
 * `params` with the named dimensions moved by whole steps, kept inside the searched range and
 * its orderings (as the search decodes a point); null when no dimension could move. A switch has
 * one step, to its other value, either way.
 */
export function moved<P extends ParamValues>(
  space: SearchSpace<P>,
  params: P,
  moves: readonly { dim: Dimension; offset: number }[],
): P | null {
  const next: ParamValues = { ...params };
  let any = false;
  for (const { dim, offset } of moves) {
    if (offset === 0) continue;
    const v = params[dim.name];
    if (dim.kind === 'bool') {
      if (Math.abs(offset) !== 1) return null;
      next[dim.name] = !v;
      any = true;
    } else {
      const x = Math.min(Math.max(Number(v) + offset * stepOf(dim), dim.lo), dim.hi);
      if (x !== v) any = true;
      next[dim.name] = x;
    }
  }
  return any ? decode(space, encode(space, next as P)) : null;
}

/**
 * The map (see RobustnessMap): for each searched parameter and each offset, every fold's winner
 * is moved by that many steps and traded on its own test window, so each point is an
 * out-of-sample result of the same walk-forward procedure; the centre is the run's own. A point is
 * null when no fold's winner could move. Evaluations are shared between the table and the grid.
 * `fragile`: some parameter's ±1 step has out-of-sample profit of the opposite sign to the centre's.
 */
export function robustnessMap<P extends ParamValues>(o: RobustnessOptions<P>): RobustnessMap {
  const offsets = [-2, -1, 1, 2];
  const gridOffsets = [-2, -1, 0, 1, 2];
  const centre = sumOf(o.folds.map((f) => f.outOfSample));
  const memo = new Map<string, RobustnessPoint | null>();
  const at = (moves: { dim: Dimension; offset: number }[]): RobustnessPoint | null => {
    const key = moves
      .map((m) => `${m.dim.name}${m.dim.kind === 'bool' ? Math.abs(m.offset) : m.offset}`)
      .join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let changed = false;
    const points = o.folds.map((f) => {
      const p = moved(o.space, f.params, moves);
      if (p === null) return f.outOfSample;
      changed = true;
      const r = o.evaluate(p, f.test);
      return { profit: r.profit, sharpe: r.sharpe };
    });
    const point = changed ? sumOf(points) : null;
    memo.set(key, point);
    return point;
  };
  const params: ParamRobustness[] = o.space.dims.map((dim) => ({
    name: dim.name,
    kind: dim.kind,
    step: stepOf(dim),
    neighbours: offsets.map((offset) => at([{ dim, offset }])),
  }));
  const flips = params
    .filter((p) =>
      [-1, 1].some((offset) => {
        const n = p.neighbours[offsets.indexOf(offset)];
        return n != null && n.profit * centre.profit < 0;
      }),
    )
    .map((p) => p.name);
  return {
    offsets,
    gridOffsets,
    centre,
    params,
    grid: gridOf(o, gridOffsets, centre, at),
    flips,
    fragile: flips.length > 0,
  };
}

function gridOf<P extends ParamValues>(
  o: RobustnessOptions<P>,
  gridOffsets: number[],
  centre: RobustnessPoint,
  at: (moves: { dim: Dimension; offset: number }[]) => RobustnessPoint | null,
): RobustnessGrid | null {
  const numeric = new Map(o.space.dims.filter((d) => d.kind !== 'bool').map((d) => [d.name, d]));
  const ranked = [...o.importance]
    .filter((i) => numeric.has(i.name))
    .sort((a, b) => b.permutation - a.permutation || b.impurity - a.impurity);
  const [first, second] = ranked;
  if (!first || !second) return null;
  const dx = numeric.get(first.name) as Dimension;
  const dy = numeric.get(second.name) as Dimension;
  const cells = gridOffsets.map((oy) =>
    gridOffsets.map((ox) => {
      if (ox === 0 && oy === 0) return centre;
      // Same order as the table's single moves, so those evaluations are reused.
      if (oy === 0) return at([{ dim: dx, offset: ox }]);
      if (ox === 0) return at([{ dim: dy, offset: oy }]);
      return at([
        { dim: dx, offset: ox },
        { dim: dy, offset: oy },
      ]);
    }),
  );
  return { x: dx.name, y: dy.name, cells };
}

/** Profits summed over the folds and their Sharpe ratios averaged, as walkForward reports. */
function sumOf(points: readonly RobustnessPoint[]): RobustnessPoint {
  if (points.length === 0) return { profit: 0, sharpe: 0 };
  let profit = 0;
  let sharpe = 0;
  for (const p of points) {
    profit += p.profit;
    sharpe += Number.isFinite(p.sharpe) ? p.sharpe : 0;
  }
  return { profit, sharpe: sharpe / points.length };
}
