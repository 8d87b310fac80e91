import { describe, expect, it } from 'vitest';
import { latinHypercube } from '../optimizer/space/sampling.js';
import { decode, dimensionCount, stockSearchSpace } from '../optimizer/space/space.js';
import { mulberry32 } from '../optimizer/testing.js';
import { BACKTEST_SETTINGS_DEFAULTS, type StockParams } from '../params.js';
import { entrySignal, signalRules } from '../signals/rules.js';
import { IndicatorCache } from './indicator-cache.js';
import { RunState } from './run-state.js';
import { nextEntry } from './scan.js';
import { BUSY_PARAMS, syntheticBars } from './testing.js';

/**
 * The kernel's scan decides entries from what it already knows instead of calling `entrySignal`
 * (scan.ts): from every starting bar, the first entry it finds, and its side, must be the first bar
 * where `entrySignal` says enter, and its side. Resuming from later bars reuses the candidates kept
 * in `run`, so the starts are walked in order on one run state, as the kernel does.
 */
describe('nextEntry ≡ entrySignal', () => {
  const space = stockSearchSpace();
  const draws = latinHypercube(mulberry32(31), 40, dimensionCount(space)).map((u) =>
    decode(space, u),
  );
  const overlapping = { ...BUSY_PARAMS, rsi_buy_threshold: 55, rsi_sell_threshold: 45 };
  const noGates = { ...BUSY_PARAMS, macd_crossover: false, macd_crossunder: false };
  const oneGate = { ...overlapping, macd_crossunder: false };
  const sets: StockParams[] = [BUSY_PARAMS, overlapping, noGates, oneGate, ...draws];

  it('finds the same first entry and side from every bar, shorts on and off', () => {
    let entries = 0;
    let shorts = 0;
    let contradictions = 0;
    for (const [k, bars] of [syntheticBars(1200, 5), syntheticBars(1200, 6)].entries()) {
      const cache = new IndicatorCache(bars);
      for (const [j, p] of sets.entries()) {
        for (const allowShort of [true, false]) {
          const options = { allowShort, shortAtrThreshold: (j + k) % 2 ? 0 : 1.5 };
          const rules = signalRules(p, options);
          const x = cache.inputs(p);
          const n = bars.close.length;
          const decided = Array.from({ length: n }, (_, i) => entrySignal(x, i, rules));
          const run = new RunState(
            p,
            { ...BACKTEST_SETTINGS_DEFAULTS, seed: 1, ...options },
            0,
            n,
            false,
          );
          // Walk the starts forward: `want` for `from` is the first decided bar at or after it.
          const firstFrom = new Int32Array(n + 1).fill(n);
          for (let i = n - 1; i >= 0; i--) firstFrom[i] = decided[i] !== 0 ? i : firstFrom[i + 1]!;
          for (let from = 0; from < n; from++) {
            const got = nextEntry(run, x, rules, from, n);
            expect(got, `set ${j}, shorts ${allowShort}, from ${from}`).toBe(firstFrom[from]);
            if (got < n) expect(run.entrySide).toBe(decided[got]);
          }
          entries += decided.filter((s) => s !== 0).length;
          shorts += decided.filter((s) => s === -1).length;
          // Bars where both sides turn: the contradiction the scan must also leave out.
          for (let i = 0; i < n; i++)
            if (
              decided[i] === 0 &&
              entrySignal(x, i, signalRules({ ...p }, { ...options, allowShort: false })) === 1 &&
              allowShort
            )
              contradictions++;
        }
      }
    }
    // The comparison must not hold vacuously.
    expect(entries).toBeGreaterThan(2000);
    expect(shorts).toBeGreaterThan(500);
    expect(contradictions).toBeGreaterThan(0);
    // Heavy on CPU: room for a machine running the whole suite.
  }, 30_000);
});
