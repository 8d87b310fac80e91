import { syntheticBars } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import { fromBarRows, toBarRows } from './bar-rows.js';

describe('bar rows', () => {
  it('convert typed-array bars to plain rows and back without loss', () => {
    const bars = syntheticBars(30, 5, 'ABC');
    const rows = toBarRows(bars);
    expect(rows[0]?.date).toBe('2020-01-01');
    expect(rows[29]?.close).toBe(bars.close[29]);
    expect(fromBarRows('ABC', JSON.parse(JSON.stringify(rows)))).toEqual(bars);
  });
});
