import { parameterLabel, type TBacktestRobustness } from '@tradebot/api-contract';
import { parameterValue, signedMoney } from './format';

type Point = TBacktestRobustness['centre'];

/** Profit in few characters for the map's cells: 1234.5 → "+$1.2k", −80.4 → "−$80", 0 → "$0". */
export function shortMoney(value: number): string {
  const abs = Math.abs(value);
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  const text =
    abs >= 1000 ? `${(abs / 1000).toFixed(abs >= 10_000 ? 0 : 1)}k` : Math.round(abs).toString();
  return `${sign}$${text}`;
}

/** A step offset as a column heading: −2 → "−2 steps", 1 → "+1 step". */
export function offsetLabel(offset: number): string {
  const sign = offset > 0 ? '+' : offset < 0 ? '−' : '';
  return `${sign}${Math.abs(offset)} step${Math.abs(offset) === 1 ? '' : 's'}`;
}

/** A parameter's row heading: its label and what one step is ("a switch" for on/off ones). */
export function paramHeading(p: TBacktestRobustness['params'][number]): {
  label: string;
  step: string;
} {
  return {
    label: parameterLabel(p.name),
    step: p.kind === 'bool' ? 'switched' : `step ${parameterValue(p.step, p.name)}`,
  };
}

/** How strongly a cell is coloured: its profit's size against the largest in the map, 0.12 to 0.7. */
export function shade(point: Point | null, largest: number): number {
  if (!point || largest <= 0 || point.profit === 0) return 0;
  return 0.12 + 0.58 * Math.min(1, Math.abs(point.profit) / largest);
}

/** The largest absolute profit in the map (table and grid), to scale the colours. */
export function largestProfit(map: TBacktestRobustness): number {
  const all = [
    map.centre,
    ...map.params.flatMap((p) => p.neighbours),
    ...(map.grid?.cells.flat() ?? []),
  ];
  return all.reduce((m, p) => (p ? Math.max(m, Math.abs(p.profit)) : m), 0);
}

/** The map's explanation in plain words, and the fragile finding when there is one. */
export function robustnessLines(map: TBacktestRobustness): { explain: string; finding: string } {
  const explain = `Each figure is the out-of-sample profit (Sharpe below it) of the same walk-forward test with one parameter moved 1 or 2 steps from what each training window chose; a step is a tenth of the range the optimizer searches. The chosen parameters earned ${signedMoney(map.centre.profit)}. Similar figures all around mean the result does not hang on one exact value; a dash is a move outside the searched range.`;
  const names = map.flips.map(parameterLabel).join(', ');
  const finding = map.fragile
    ? `Fragile: one step of ${names} turns the out-of-sample ${map.centre.profit > 0 ? 'profit into a loss' : 'loss into a profit'}.`
    : 'Not fragile: no single step of any parameter turns the out-of-sample result from a gain into a loss or back.';
  return { explain, finding };
}
