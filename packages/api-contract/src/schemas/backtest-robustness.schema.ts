import { z } from 'zod';

/** An out-of-sample result: profit summed over the walk-forward test windows, their mean Sharpe. */
export const ZRobustnessPoint = z.object({ profit: z.number(), sharpe: z.number() });

/**
 * The robustness map of a backtest: the walk-forward's out-of-sample result again with each fold's
 * winner moved a step or two, one parameter at a time (`params`, at `offsets` steps) and the two
 * most important parameters together (`grid`). A step is a tenth of the range the optimizer
 * searches (a whole number of days for periods; a switch's one step turns it over). A null point
 * is a move no fold could make inside that range. `fragile`: one step of some parameter (`flips`)
 * turns the out-of-sample profit from a gain into a loss or back.
 */
export const ZBacktestRobustness = z.object({
  fragile: z.boolean(),
  flips: z.array(z.string()),
  centre: ZRobustnessPoint,
  offsets: z.array(z.number().int()),
  params: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['int', 'float', 'bool']),
      step: z.number(),
      neighbours: z.array(ZRobustnessPoint.nullable()),
    }),
  ),
  grid: z
    .object({
      x: z.string(),
      y: z.string(),
      /** Step offsets of the columns (x) and of the rows (y). */
      offsets: z.array(z.number().int()),
      /** cells[row][column]. */
      cells: z.array(z.array(ZRobustnessPoint.nullable())),
    })
    .nullable(),
});
export type TBacktestRobustness = z.infer<typeof ZBacktestRobustness>;
