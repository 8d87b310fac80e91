import { describe, expect, it } from 'vitest';
import { allocBars } from '../bars.js';
import { seededUniform } from '../backtest/rng.js';
import {
  activeStop,
  entryFillQuantity,
  levelFill,
  nextExtreme,
  protectiveExit,
  slippedPrice,
  stopReason,
} from './fills.js';

// The parity with `simulate` on whole series is decider-parity.test.ts (the harness fills through
// these rules); here each rule on one bar.
describe('fill rules', () => {
  it('slippage goes against the trader, bit for bit as the kernel computes it', () => {
    expect(slippedPrice(100, 'buy', 0.001)).toBe(100 * (1 + 1 * 0.001));
    expect(slippedPrice(100, 'sell', 0.001)).toBe(100 * (1 - 1 * 0.001));
    expect(slippedPrice(100, 'buy', 0.001)).toBe(100 * (1 - -1 * 0.001));
  });

  it('a sell stop fills at the open on a gap, else at the stop inside the bar, else not', () => {
    expect(levelFill('sell', { open: 95, high: 99, low: 94 }, 97, null)).toEqual({
      price: 95,
      leg: 'stop',
      atOpen: true,
    });
    expect(levelFill('sell', { open: 100, high: 101, low: 96 }, 97, null)).toEqual({
      price: 97,
      leg: 'stop',
      atOpen: false,
    });
    expect(levelFill('sell', { open: 100, high: 101, low: 98 }, 97, null)).toBeNull();
  });

  it('an OCO exit takes the stop when the bar reaches both levels (worst case)', () => {
    const bar = { open: 100, high: 106, low: 96 };
    expect(levelFill('sell', bar, 97, 105)?.leg).toBe('stop');
    expect(levelFill('buy', bar, 105, 97)?.leg).toBe('stop');
    expect(levelFill('sell', { open: 106, high: 107, low: 96 }, 97, 105)).toEqual({
      price: 106,
      leg: 'target',
      atOpen: true,
    });
  });

  it('a buy limit below the market fills at the limit when the low reaches it', () => {
    expect(levelFill('buy', { open: 100, high: 101, low: 94 }, null, 95)).toEqual({
      price: 95,
      leg: 'target',
      atOpen: false,
    });
    expect(levelFill('buy', { open: 100, high: 101, low: 96 }, null, 95)).toBeNull();
  });

  it('the trailing stop follows the best price before the bar and names its reason', () => {
    const stopLoss = 95;
    let extreme = 100;
    expect(activeStop('sell', stopLoss, extreme, 0.02)).toBe(98);
    extreme = nextExtreme('sell', extreme, { open: 100, high: 110, low: 99 });
    expect(extreme).toBe(110);
    expect(activeStop('sell', stopLoss, extreme, 0.02)).toBeCloseTo(107.8, 10);
    expect(stopReason(activeStop('sell', stopLoss, extreme, 0.02), stopLoss)).toBe('trailing_stop');
    expect(stopReason(activeStop('sell', stopLoss, extreme, 0), stopLoss)).toBe('stop_loss');
    expect(nextExtreme('buy', 100, { open: 100, high: 101, low: 90 })).toBe(90);
  });

  it('partial fills draw from the seeded RNG and a long is cut to the cash', () => {
    const g = seededUniform(3);
    const u = g();
    const v = g();
    const draw = seededUniform(3);
    const q = entryFillQuantity(100, 'sell', 0, 10, 0, u + 1e-9, draw);
    expect(q).toBe(Math.floor(100 * v));
    expect(entryFillQuantity(100, 'buy', 505, 10, 0.1, 0, () => 0)).toBe(50);
    expect(entryFillQuantity(100, 'buy', 5, 10, 0, 0, () => 0)).toBe(0);
  });

  it('a bracket exit fills its trailing stop, else moves the best price on', () => {
    const bars = allocBars('X', 2);
    bars.open.set([100, 108]);
    bars.high.set([110, 109]);
    bars.low.set([99, 107]);
    const held = { side: 1 as const, stopLoss: 95, target: 120, extreme: 100 };
    expect(protectiveExit(held, bars, 0, 0.02)).toEqual({ stop: 98, fill: null, extreme: 110 });
    const after = protectiveExit({ ...held, extreme: 110 }, bars, 1, 0.02);
    expect(after.stop).toBeCloseTo(107.8, 10);
    expect(after.fill).toEqual({ price: after.stop, reason: 'trailing_stop' });
    expect(after.extreme).toBe(110);
    expect(protectiveExit(held, bars, 0, 0).fill).toBeNull();
    expect(protectiveExit({ ...held, target: 105 }, bars, 0, 0).fill).toEqual({
      price: 105,
      reason: 'take_profit',
    });
  });
});
