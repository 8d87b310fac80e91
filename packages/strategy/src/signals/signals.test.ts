import { describe, expect, it } from 'vitest';
import { allocBars } from '../bars.js';
import { STOCK_PARAM_DEFAULTS } from '../params.js';
import { longHit, longStop, ProtectiveHit, shortHit, shortStop } from './protective.js';
import { entrySignal, exitSignal, signalRules } from './rules.js';
import { affordableQuantity, positionSize } from './sizing.js';
import { strategyInputs } from './types.js';

/** One-bar-per-column inputs: close, RSI, SMA, MACD, signal, ATR. */
function inputs(cols: {
  close: number[];
  rsi: number[];
  sma: number[];
  macd: number[];
  signal: number[];
  atr: number[];
}) {
  const bars = allocBars('T', cols.close.length);
  bars.close.set(cols.close);
  const f = (a: number[]) => Float64Array.from(a);
  return strategyInputs(bars, {
    rsi: f(cols.rsi),
    sma: f(cols.sma),
    macd: f(cols.macd),
    signal: f(cols.signal),
    atr: f(cols.atr),
  });
}

const rules = signalRules(STOCK_PARAM_DEFAULTS); // buy < 30, sell > 70, both MACD flags on
const N = Number.NaN;

describe('entrySignal', () => {
  // bar: 0 long; 1 long but MACD below signal; 2 short; 3 short with too little range (ATR 1 %);
  // 4 oversold but below the SMA; 5 warm-up (RSI NaN); 6 SMA not warm.
  const x = inputs({
    close: [100, 100, 100, 100, 100, 100, 100],
    rsi: [25, 25, 75, 75, 25, N, 25],
    sma: [90, 90, 110, 110, 110, 90, N],
    macd: [1, -1, -1, -1, 1, 1, 1],
    signal: [0, 0, 0, 0, 0, 0, 0],
    atr: [2, 2, 2, 1, 2, 2, 2],
  });

  it('follows the rules bar by bar', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => entrySignal(x, i, rules))).toEqual([
      1, 0, -1, 0, 0, 0, 0,
    ]);
  });

  it('drops the MACD condition when its flag is off, and shorts when they are not allowed', () => {
    const loose = signalRules(
      { ...STOCK_PARAM_DEFAULTS, macd_crossover: false },
      { allowShort: false },
    );
    expect(entrySignal(x, 1, loose)).toBe(1);
    expect(entrySignal(x, 2, loose)).toBe(0);
    expect(entrySignal(x, 3, signalRules(STOCK_PARAM_DEFAULTS, { shortAtrThreshold: 1 }))).toBe(-1);
  });
});

describe('exitSignal', () => {
  const x = inputs({
    close: [100, 100, 100, 100],
    rsi: [50, 50, 75, 25],
    sma: [90, 90, 90, 90],
    macd: [1, -1, 1, 1],
    signal: [0, 0, 0, 0],
    atr: [2, 2, 2, 2],
  });

  it('exits a long on RSI above the sell threshold or a MACD crossunder', () => {
    expect([0, 1, 2, 3].map((i) => exitSignal(x, i, 1, rules))).toEqual([false, true, true, false]);
    expect(
      exitSignal(x, 1, 1, signalRules({ ...STOCK_PARAM_DEFAULTS, macd_crossunder: false })),
    ).toBe(false);
  });

  it('covers a short on RSI below the buy threshold or a MACD crossover', () => {
    expect([0, 1, 2, 3].map((i) => exitSignal(x, i, -1, rules))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('counts a cross from MACD = signal, never from a bar that was not warm', () => {
    // bar 0 signal not warm (NaN); 1 above; 2 equal; 3 above (crossover: 2 was ≤); 4 equal; 5 below (crossunder).
    const y = inputs({
      close: [100, 100, 100, 100, 100, 100],
      rsi: [50, 50, 50, 50, 50, 50],
      sma: [90, 90, 90, 90, 90, 90],
      macd: [1, 1, 0, 1, 0, -1],
      signal: [N, 0, 0, 0, 0, 0],
      atr: [2, 2, 2, 2, 2, 2],
    });
    expect([0, 1, 2, 3, 4, 5].map((i) => exitSignal(y, i, -1, rules))).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    expect([0, 1, 2, 3, 4, 5].map((i) => exitSignal(y, i, 1, rules))).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('sizing', () => {
  it('risks risk_per_trade of equity over the ATR stop, capped by cash, whole shares', () => {
    expect(positionSize(10_000, 100, 2, 0.02, 2, 0.01)).toBe(50); // 200/4
    expect(positionSize(10_000, 100, 2, 1, 2, 0.01)).toBe(99); // cap floor(10000/101)
    expect(positionSize(10_000, 100, N, 0.02, 2, 0.01)).toBe(0); // ATR not warm
    expect(positionSize(100, 100, 2, 0.02, 2, 0)).toBe(0); // below one share
    expect(affordableQuantity(99, 10_000, 103.02, 0.01)).toBe(97);
  });
});

describe('protective exits', () => {
  it('checks the open first, then the stop before the target', () => {
    expect(longHit(97, 99, 96, 98, 106)).toBe(ProtectiveHit.StopAtOpen);
    expect(longHit(110, 111, 95, 98, 106)).toBe(ProtectiveHit.TargetAtOpen);
    expect(longHit(100, 107, 97, 98, 106)).toBe(ProtectiveHit.Stop);
    expect(longHit(100, 107, 99, 98, 106)).toBe(ProtectiveHit.Target);
    expect(longHit(100, 105, 99, 98, 106)).toBe(ProtectiveHit.None);
    expect(shortHit(103, 104, 101, 102, 95)).toBe(ProtectiveHit.StopAtOpen);
    expect(shortHit(99, 103, 94, 102, 95)).toBe(ProtectiveHit.Stop);
    expect(shortHit(99, 100, 94, 102, 95)).toBe(ProtectiveHit.Target);
  });

  it("exits at the open when the entry fill's slippage already put the stop above the whole bar", () => {
    // Entry at the open 100 with 3 % slippage fills at 103; a 2 % stop sits at 100.94, above the
    // bar's high of 100.5: the only traded price that honours it is the open.
    const stop = 103 * 0.98;
    expect(longHit(100, 100.5, 99, stop, 103 * 1.05)).toBe(ProtectiveHit.StopAtOpen);
    expect(shortHit(100, 101, 99.5, 97 * 1.02, 97 * 0.95)).toBe(ProtectiveHit.StopAtOpen);
  });

  it('uses the tighter of the fixed and the trailing stop; 0 turns trailing off', () => {
    expect(longStop(98, 103, 0.01)).toBeCloseTo(101.97, 12);
    expect(longStop(98, 99, 0.02)).toBe(98);
    expect(longStop(98, 103, 0)).toBe(98);
    expect(shortStop(102, 97, 0.01)).toBeCloseTo(97.97, 12);
    expect(shortStop(102, 101, 0.02)).toBe(102);
  });
});
