import { describe, expect, it } from 'vitest';
import { allocBars } from '../bars.js';
import { STOCK_PARAM_DEFAULTS } from '../params.js';
import { longHit, longStop, ProtectiveHit, shortHit, shortStop } from './protective.js';
import { DIP_WINDOW, entrySignal, exitSignal, signalRules } from './rules.js';
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

/** `n` bars at close 100, SMA 90, ATR 2, RSI 50 and MACD 1 over signal 0, with `set` applied per bar. */
function flatInputs(
  n: number,
  set: Record<number, { rsi?: number; macd?: number; sma?: number; atr?: number }>,
) {
  const col = (key: 'rsi' | 'macd' | 'sma' | 'atr', base: number) =>
    Array.from({ length: n }, (_, i) => set[i]?.[key] ?? base);
  return inputs({
    close: Array.from({ length: n }, () => 100),
    rsi: col('rsi', 50),
    sma: col('sma', 90),
    macd: col('macd', 1),
    signal: Array.from({ length: n }, () => 0),
    atr: col('atr', 2),
  });
}

describe('entrySignal', () => {
  const all = (x: ReturnType<typeof inputs>, r = rules) =>
    Array.from(x.rsi, (_, i) => entrySignal(x, i, r));

  it('buys an RSI dip when MACD crosses above its signal within the dip window', () => {
    // RSI 25 on bar 2; MACD below its signal on bars 0–4, above from bar 5: the turn is bar 5.
    const x = flatInputs(8, {
      0: { macd: -1 },
      1: { macd: -1 },
      2: { rsi: 25, macd: -1 },
      3: { macd: -1 },
      4: { macd: -1 },
    });
    expect(all(x)).toEqual([0, 0, 0, 0, 0, 1, 0, 0]);
    // No dip, no entry: the same MACD turn with RSI at 50 throughout.
    expect(all(flatInputs(8, { 4: { macd: -1 } }))[5]).toBe(0);
  });

  it('keeps a dip for DIP_WINDOW bars: the turn may come 14 bars after it, not 15', () => {
    const turnAt = (k: number) => {
      const set: Record<number, { rsi?: number; macd?: number }> = { 0: { rsi: 25, macd: -1 } };
      for (let i = 1; i < k; i++) set[i] = { macd: -1 };
      return entrySignal(flatInputs(k + 2, set), k, rules);
    };
    expect(DIP_WINDOW).toBe(15);
    expect(turnAt(DIP_WINDOW - 1)).toBe(1);
    expect(turnAt(DIP_WINDOW)).toBe(0);
  });

  it('without the MACD gate, the turn is RSI crossing back above the buy threshold', () => {
    const loose = signalRules({ ...STOCK_PARAM_DEFAULTS, macd_crossover: false });
    const x = flatInputs(5, { 1: { rsi: 25 }, 2: { rsi: 28 }, 3: { rsi: 31 } });
    expect(all(x, loose)).toEqual([0, 0, 0, 1, 0]);
  });

  it('shorts the mirror image when allowed and the range is wide enough', () => {
    // RSI 75 on bar 1, MACD crosses below its signal on bar 3.
    const x = flatInputs(5, { 1: { rsi: 75 }, 3: { macd: -1 }, 4: { macd: -1 } });
    expect(all(x)).toEqual([0, 0, 0, -1, 0]);
    expect(entrySignal(x, 3, signalRules(STOCK_PARAM_DEFAULTS, { allowShort: false }))).toBe(0);
    const narrow = flatInputs(5, { 1: { rsi: 75 }, 3: { macd: -1, atr: 1 }, 4: { macd: -1 } });
    expect(entrySignal(narrow, 3, rules)).toBe(0); // 100·ATR/close = 1 < 1.5
    expect(
      entrySignal(narrow, 3, signalRules(STOCK_PARAM_DEFAULTS, { shortAtrThreshold: 1 })),
    ).toBe(-1);
  });

  it('enters nothing when a long and a short both turn (sell threshold below the buy threshold)', () => {
    // buy 40, sell 20: RSI 25 on bar 1 is both a dip (< 40) and a spike (> 20); on bar 2 it falls
    // back below 20 (the short's turn, its MACD gate off) while MACD crosses up (the long's turn).
    const p = {
      ...STOCK_PARAM_DEFAULTS,
      rsi_buy_threshold: 40,
      rsi_sell_threshold: 20,
      macd_crossunder: false,
    };
    const x = flatInputs(4, { 0: { macd: -1 }, 1: { rsi: 25, macd: -1 }, 2: { rsi: 15 } });
    expect(entrySignal(x, 2, signalRules(p))).toBe(0);
    expect(entrySignal(x, 2, signalRules(p, { allowShort: false }))).toBe(1);
  });

  it('decides nothing on warm-up values', () => {
    const x = flatInputs(4, { 0: { macd: -1 }, 1: { rsi: N, macd: -1 }, 2: { rsi: N } });
    expect(all(x)).toEqual([0, 0, 0, 0]);
  });
});

describe('exitSignal', () => {
  const longExits = (x: ReturnType<typeof inputs>, r = rules) =>
    Array.from(x.rsi, (_, i) => exitSignal(x, i, 1, r));
  const shortCovers = (x: ReturnType<typeof inputs>, r = rules) =>
    Array.from(x.rsi, (_, i) => exitSignal(x, i, -1, r));

  it('exits a long when the close crosses above the SMA, RSI crosses above the sell threshold, or MACD crosses under', () => {
    // bar 1: close 100 crosses above SMA (101 → 90); 3: RSI crosses 70; 4: RSI stays above (no event); 5: MACD crosses under.
    const x = flatInputs(6, {
      0: { sma: 101 },
      3: { rsi: 75 },
      4: { rsi: 80 },
      5: { rsi: 80, macd: -1 },
    });
    expect(longExits(x)).toEqual([false, true, false, true, false, true]);
    const noGate = signalRules({ ...STOCK_PARAM_DEFAULTS, macd_crossunder: false });
    expect(longExits(x, noGate)).toEqual([false, true, false, true, false, false]);
  });

  it('covers a short on the mirror events', () => {
    // bar 1: close crosses below SMA (99 → 110); 2: RSI crosses below 30; 4: MACD crosses over.
    const x = flatInputs(5, {
      0: { sma: 99, macd: -1 },
      1: { sma: 110, macd: -1 },
      2: { sma: 110, rsi: 25, macd: -1 },
      3: { sma: 110, rsi: 20, macd: -1 },
      4: { sma: 110, rsi: 20 },
    });
    expect(shortCovers(x)).toEqual([false, true, true, false, true]);
    expect(shortCovers(x, signalRules({ ...STOCK_PARAM_DEFAULTS, macd_crossover: false }))).toEqual(
      [false, true, true, false, false],
    );
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
