import { describe, expect, it } from 'vitest';
import { IndicatorCache } from '../backtest/indicator-cache.js';
import { BUSY_PARAMS, syntheticBars } from '../backtest/testing.js';
import { BACKTEST_SETTINGS_DEFAULTS, STOCK_PARAM_DEFAULTS, type StockParams } from '../params.js';
import { Decider, type DeciderOptions } from './decider.js';
import { decisionBarAt as barAt, type DecisionBar } from './decision-window.js';
import { DIP_WINDOW, entrySignal, exitSignal, signalRules } from './rules.js';
import { positionSize } from './sizing.js';

const options: DeciderOptions = { ...BACKTEST_SETTINGS_DEFAULTS, allowShort: true };
const params: StockParams = { ...BUSY_PARAMS, max_drawdown: 0.1 };

/** A bar at `day` (ms UTC) with the given high, low and close (open = close). */
const bar = (day: number, high: number, low: number, close: number): DecisionBar => ({
  time: Date.UTC(2024, 0, 1 + day),
  open: close,
  high,
  low,
  close,
});

describe('Decider against the batch rules, bar by bar', () => {
  const bars = syntheticBars(2000, 12);
  const full = new IndicatorCache(bars).inputs(params);
  const rules = signalRules(params, options);
  const last = DIP_WINDOW - 1;

  it('while flat: the window holds the batch values of the latest bar and entries match entrySignal', () => {
    const d = new Decider(params, options);
    const eq = options.initial_balance;
    let entries = 0;
    for (let i = 0; i < 2000; i++) {
      const intent = d.update(barAt(bars, i), eq).intent;
      const x = d.inputs;
      for (const k of ['rsi', 'atr', 'sma', 'macd', 'signal', 'smaSide', 'macdSide'] as const)
        expect(Object.is(x[k][last], full[k][i]), `${k} at bar ${i}`).toBe(true);
      expect(x.rsi).toHaveLength(DIP_WINDOW);
      const side = entrySignal(full, i, rules);
      const qty =
        side === 0
          ? 0
          : positionSize(
              eq,
              bars.close[i] as number,
              full.atr[i] as number,
              params.risk_per_trade,
              params.atr_multiplier,
              options.slippage_percent / 100,
            );
      expect(intent, `bar ${i}`).toEqual(qty === 0 ? null : { kind: 'enter', side, quantity: qty });
      if (qty > 0) entries++;
    }
    expect(entries).toBeGreaterThan(100);
  });

  it('while a position is open: exits match exitSignal for both sides, and no entry is decided', () => {
    for (const side of [1, -1] as const) {
      const d = new Decider(params, options);
      for (let i = 0; i < 100; i++) d.warm(barAt(bars, i));
      d.entered(side, 10, bars.open[100] as number, bars.time[100] as number);
      let exits = 0;
      for (let i = 100; i < 2000; i++) {
        const intent = d.update(barAt(bars, i), options.initial_balance).intent;
        const want = exitSignal(full, i, side, rules);
        expect(intent, `side ${side} bar ${i}`).toEqual(
          want ? { kind: 'exit', reason: 'signal' } : null,
        );
        if (want) exits++;
      }
      expect(exits).toBeGreaterThan(100);
    }
  });
});

describe('Decider protective levels', () => {
  const opts: DeciderOptions = { ...options, trailing_stop_pct: 0.02 };
  const p: StockParams = { ...STOCK_PARAM_DEFAULTS, stop_loss_percentage: 2 };

  it('a long: stop-loss first, the trailing stop once a high lifts it, never lower', () => {
    const d = new Decider(p, opts);
    expect(d.levels()).toBeNull();
    d.update(bar(0, 100, 100, 100), 10_000);
    d.entered(1, 10, 100, Date.UTC(2024, 0, 2));
    // TS = 100·0.98 equals SL on the entry bar: the stop carries stop_loss.
    expect(d.levels()?.stopReason).toBe('stop_loss');
    expect(d.levels()?.stop).toBeCloseTo(98, 9);
    expect(d.levels()?.target).toBeCloseTo(105, 9);
    d.update(bar(1, 110, 99, 108), 10_000);
    expect(d.levels()?.stop).toBeCloseTo(107.8, 9);
    expect(d.levels()?.stopReason).toBe('trailing_stop');
    d.update(bar(2, 109, 100, 101), 10_000);
    expect(d.levels()?.stop).toBeCloseTo(107.8, 9);
    d.exited();
    expect(d.levels()).toBeNull();
  });

  it('a short mirrors it with the short percentages; trailing 0 keeps the stop-loss', () => {
    const d = new Decider({ ...p, short_stop_loss_percentage: 3 }, opts);
    d.update(bar(0, 100, 100, 100), 10_000);
    d.entered(-1, 10, 100, Date.UTC(2024, 0, 2));
    expect(d.levels()?.stop).toBeCloseTo(102, 9);
    expect(d.levels()?.target).toBeCloseTo(95, 9);
    d.update(bar(1, 101, 90, 92), 10_000);
    expect(d.levels()?.stop).toBeCloseTo(91.8, 9);
    expect(d.levels()?.stopReason).toBe('trailing_stop');

    const off = new Decider(p, { ...opts, trailing_stop_pct: 0 });
    off.update(bar(0, 100, 100, 100), 10_000);
    off.entered(1, 10, 100, Date.UTC(2024, 0, 2));
    off.update(bar(1, 150, 99, 140), 10_000);
    expect(off.levels()).toEqual({
      stop: 100 * (1 - 2 / 100),
      target: 100 * 1.05,
      stopReason: 'stop_loss',
    });
  });
});

describe('Decider drawdown halt', () => {
  it('halts below peak·(1 − max_drawdown), exits at the next open and never enters again', () => {
    const d = new Decider(params, options);
    expect(d.update(bar(0, 100, 100, 100), 10_000).halted).toBe(false);
    d.entered(1, 10, 100, Date.UTC(2024, 0, 2));
    expect(d.update(bar(1, 100, 100, 100), 11_000).halted).toBe(false);
    // Peak 11,000: 9,900 is the limit, and only strictly below it halts.
    expect(d.update(bar(2, 100, 100, 100), 9_900).halted).toBe(false);
    expect(d.update(bar(3, 100, 100, 100), 9_899)).toEqual({
      intent: { kind: 'exit', reason: 'max_drawdown' },
      halted: true,
    });
    d.exited();
    expect(d.update(bar(4, 100, 100, 100), 9_899)).toEqual({ intent: null, halted: true });
    expect(d.update(bar(5, 100, 100, 100), 20_000)).toEqual({ intent: null, halted: true });
    expect(() => d.entered(1, 1, 100, 0)).toThrow('the symbol is halted: it takes no new entry');
  });
});

describe('Decider misuse', () => {
  it('says what the caller did wrong', () => {
    const d = new Decider(params, options);
    d.warm(bar(0, 1, 1, 1));
    expect(() => d.warm(bar(0, 1, 1, 1))).toThrow('is not after the previous bar');
    d.update(bar(1, 1, 1, 1), 10_000);
    expect(() => d.warm(bar(2, 1, 1, 1))).toThrow('warm() after update(): warm-up bars come first');
    expect(() => d.update(bar(3, 1, 1, 1), Number.NaN)).toThrow('equity must be a finite number');
    expect(() => d.exited()).toThrow('no position is open');
    expect(() => d.entered(1, 0, 100, 0)).toThrow('bad fill: 0 shares at 100');
    d.entered(1, 5, 100, 0);
    expect(d.position).toEqual({ side: 1, quantity: 5, entryPrice: 100, entryTime: 0 });
    expect(() => d.entered(-1, 5, 100, 0)).toThrow('a position is already open');
  });
});

describe('Decider.explain: the facts behind each decision', () => {
  it('while flat, the entry facts say exactly when a side enters, with the window RSI extremes', () => {
    const bars = syntheticBars(1500, 5);
    const rules = signalRules(params, options);
    const d = new Decider(params, options);
    let longs = 0;
    let nothing = 0;
    for (let i = 0; i < 1500; i++) {
      const decision = d.update(barAt(bars, i), options.initial_balance);
      const facts = d.explain();
      const entry = facts.entry!;
      expect(entry.signal).toBe(entrySignal(d.inputs, DIP_WINDOW - 1, rules));
      const long = entry.long.extreme && entry.long.turned;
      const short = entry.short!.extreme && entry.short!.turned && entry.short!.hasRange;
      expect(entry.signal).toBe(long === short ? 0 : long ? 1 : -1);
      const window = [...d.inputs.rsi].filter((r) => !Number.isNaN(r));
      if (window.length > 0) {
        expect(entry.long.rsi).toBe(Math.min(...window));
        expect(entry.short!.rsi).toBe(Math.max(...window));
        expect(entry.long.extreme).toBe(entry.long.rsi < params.rsi_buy_threshold);
      }
      if (entry.signal === 1) longs += 1;
      if (decision.intent === null) nothing += 1;
    }
    expect(longs).toBeGreaterThan(0);
    expect(nothing).toBeGreaterThan(0);
  });

  it('with a position open, the exit facts say which event exits it', () => {
    const bars = syntheticBars(600, 9);
    const rules = signalRules(params, options);
    const d = new Decider(params, options);
    for (let i = 0; i < 100; i++) d.warm(barAt(bars, i));
    d.entered(1, 10, bars.close[99] as number, bars.time[99] as number);
    let exits = 0;
    for (let i = 100; i < 600 && exits === 0; i++) {
      const decision = d.update(barAt(bars, i), options.initial_balance);
      const facts = d.explain();
      expect(facts.entry).toBeNull();
      const exit = facts.exit!;
      expect(exit.exit).toBe(exitSignal(d.inputs, DIP_WINDOW - 1, 1, rules));
      expect(exit.exit).toBe(exit.smaCrossed || exit.rsiCrossed || exit.macdCrossed === true);
      expect(decision.intent !== null).toBe(exit.exit || decision.halted);
      if (exit.exit) exits += 1;
    }
    expect(exits).toBe(1);
  });
});

describe('Decider.rebase', () => {
  it("judges the halt against the account's peak afresh at each close, as a rebuilt Decider does", () => {
    const bars = syntheticBars(400, 5);
    const options = { ...BACKTEST_SETTINGS_DEFAULTS, initial_balance: 10_000 };
    const d = new Decider({ ...BUSY_PARAMS, max_drawdown: 0.1 }, options);
    for (let i = 0; i < 300; i++) d.warm(barAt(bars, i));
    expect(d.update(barAt(bars, 300), 8_000).halted).toBe(true);
    d.rebase(8_500);
    const next = d.update(barAt(bars, 301), 8_000);
    const fresh = new Decider(
      { ...BUSY_PARAMS, max_drawdown: 0.1 },
      { ...options, initial_balance: 8_500 },
    );
    for (let i = 0; i < 301; i++) fresh.warm(barAt(bars, i));
    expect(next).toEqual(fresh.update(barAt(bars, 301), 8_000));
    expect(next.halted).toBe(false);
  });
});
