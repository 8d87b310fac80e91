import { describe, expect, it } from 'vitest';
import type { TBacktestRobustness } from '@tradebot/api-contract';
import {
  largestProfit,
  offsetLabel,
  paramHeading,
  robustnessLines,
  shade,
  shortMoney,
} from './robustness-text';

const point = (profit: number) => ({ profit, sharpe: profit / 1000 });
const map: TBacktestRobustness = {
  fragile: true,
  flips: ['macd_fast'],
  centre: point(120),
  offsets: [-2, -1, 1, 2],
  params: [
    {
      name: 'macd_fast',
      kind: 'int',
      step: 2,
      neighbours: [point(-300), point(-40), point(90), null],
    },
    {
      name: 'macd_crossover',
      kind: 'bool',
      step: 1,
      neighbours: [null, point(50), point(50), null],
    },
  ],
  grid: null,
};

describe('robustness map texts', () => {
  it('writes profits short, with a real minus sign', () => {
    expect(shortMoney(1234.5)).toBe('+$1.2k');
    expect(shortMoney(-80.4)).toBe('−$80');
    expect(shortMoney(25_400)).toBe('+$25k');
    expect(shortMoney(0)).toBe('$0');
  });

  it('labels offsets, steps and switches', () => {
    expect(offsetLabel(-2)).toBe('−2 steps');
    expect(offsetLabel(1)).toBe('+1 step');
    expect(paramHeading(map.params[0]!)).toEqual({
      label: 'MACD fast period (days)',
      step: 'step 2',
    });
    expect(paramHeading(map.params[1]!).step).toBe('switched');
  });

  it('scales colours to the largest profit in the map', () => {
    expect(largestProfit(map)).toBe(300);
    expect(shade(point(-300), 300)).toBeCloseTo(0.7, 12);
    expect(shade(point(0), 300)).toBe(0);
    expect(shade(null, 300)).toBe(0);
  });

  it('names the parameter that flips the sign, or says none does', () => {
    expect(robustnessLines(map).finding).toBe(
      'Fragile: one step of MACD fast period (days) turns the out-of-sample profit into a loss.',
    );
    expect(robustnessLines(map).explain).toContain('earned +$120.00');
    expect(robustnessLines({ ...map, fragile: false, flips: [] }).finding).toMatch(/^Not fragile/);
  });
});
