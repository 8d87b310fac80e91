import { describe, expect, it } from 'vitest';
import { accountHalt, buyingPower, entryGate } from './account.js';

describe('account rules', () => {
  it('the peak only rises; below peak × (1 − max_drawdown) halts, once, and stays halted', () => {
    expect(accountHalt(null, false, 10_000, 0.2)).toEqual({
      peak: 10_000,
      halted: false,
      haltedNow: false,
    });
    expect(accountHalt(10_000, false, 10_500, 0.2).peak).toBe(10_500);
    expect(accountHalt(10_000, false, 8_000, 0.2)).toEqual({
      peak: 10_000,
      halted: false,
      haltedNow: false,
    });
    expect(accountHalt(10_000, false, 7_999, 0.2)).toEqual({
      peak: 10_000,
      halted: true,
      haltedNow: true,
    });
    expect(accountHalt(10_000, true, 12_000, 0.2)).toEqual({
      peak: 12_000,
      halted: true,
      haltedNow: false,
    });
  });

  it('buying power is cash less the cost of covering the shorts, never below 0', () => {
    expect(buyingPower(5_000, -1_500)).toBe(3_500);
    expect(buyingPower(1_000, -1_500)).toBe(0);
  });

  it('an entry is checked for the halt, then an open order, then its cost', () => {
    expect(entryGate(true, true, 1e9, 0)).toBe('halted');
    expect(entryGate(false, true, 1e9, 0)).toBe('busy');
    expect(entryGate(false, false, 1_000.01, 1_000)).toBe('too_big');
    expect(entryGate(false, false, 1_000, 1_000)).toBe('send');
  });
});
