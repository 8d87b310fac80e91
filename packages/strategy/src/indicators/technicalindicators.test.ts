/**
 * Cross-check against the `technicalindicators` package (v3.1), the library the benchmark's
 * reference implementation uses. It returns arrays without the warm-up, so they are aligned by the end.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATR, AverageGain, AverageLoss, EMA, MACD, RSI, SMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { atr } from './atr.js';
import { macd } from './macd.js';
import { ema, sma } from './moving-averages.js';
import { rsi } from './rsi.js';
import { type TestBars, syntheticBars } from './testing.js';

const TOLERANCE = 1e-6;
const dataDir = fileURLToPath(new URL('../../../../../shared/data/prices-daily', import.meta.url));
const hasData = existsSync(dataDir);

/** OHLC scaled by adjusted_close/close so that splits and dividends do not show up as gaps. */
function loadCsv(path: string): TestBars {
  const rows = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map(Number));
  const ok = rows.filter((r) => r.slice(1, 7).every(Number.isFinite) && (r[4] as number) > 0);
  const scaled = (col: number) =>
    Float64Array.from(ok, (r) => ((r[col] as number) * (r[5] as number)) / (r[4] as number));
  return {
    open: scaled(1),
    high: scaled(2),
    low: scaled(3),
    close: scaled(4),
    volume: Float64Array.from(ok, (r) => r[6] as number),
  };
}

function realSymbols(): string[] {
  if (!hasData) return [];
  return readdirSync(dataDir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .slice(0, 3);
}

/** Ours must be NaN before the oracle's first value and within `tol` of it afterwards. */
function expectAligned(
  ours: Float64Array,
  theirs: readonly (number | undefined)[],
  tol = TOLERANCE,
): void {
  const offset = ours.length - theirs.length;
  expect(theirs.length).toBeGreaterThan(0);
  for (let i = 0; i < offset; i++) expect(ours[i]).toBeNaN();
  let worst = 0;
  theirs.forEach((t, j) => {
    const o = ours[offset + j] as number;
    if (t === undefined) expect(o).toBeNaN();
    else worst = Math.max(worst, Math.abs(o - t));
  });
  expect(worst).toBeLessThanOrEqual(tol);
}

const list = (a: Float64Array): number[] => Array.from(a);

function oracleSuite(load: () => TestBars, skip: boolean): void {
  it.skipIf(skip).each([2, 10, 50])('SMA(%i)', (period) => {
    const { close } = load();
    expectAligned(sma(close, period), SMA.calculate({ values: list(close), period }));
  });

  it.skipIf(skip).each([2, 12, 26])('EMA(%i), SMA-seeded', (period) => {
    const { close } = load();
    expectAligned(ema(close, period), EMA.calculate({ values: list(close), period }));
  });

  it.skipIf(skip).each([2, 5, 14])(
    'ATR(%i): first true range on bar 1, first ATR on bar `period`',
    (period) => {
      const { high, low, close } = load();
      expectAligned(
        atr(high, low, close, period),
        ATR.calculate({ high: list(high), low: list(low), close: list(close), period }),
      );
    },
  );

  it.skipIf(skip).each([2, 14, 30])(
    'RSI(%i): unrounded from AverageGain/AverageLoss, and within 0.005 of its rounded RSI',
    (period) => {
      const { close } = load();
      const ours = rsi(close, period);
      const gains = AverageGain.calculate({ values: list(close), period });
      const losses = AverageLoss.calculate({ values: list(close), period });
      // Ours is 50 when both averages are 0; technicalindicators says 100 there (see rsi.ts).
      const flat = gains.map((g, j) => g === 0 && losses[j] === 0);
      const unrounded = gains.map((g, j) => {
        const l = losses[j] as number;
        if (l === 0) return g === 0 ? 50 : 100;
        return g === 0 ? 0 : 100 - 100 / (1 + g / l);
      });
      expectAligned(ours, unrounded);
      const rounded = RSI.calculate({ values: list(close), period });
      expect(rounded.length).toBe(unrounded.length);
      const offset = close.length - rounded.length;
      const worst = rounded.reduce(
        (w, x, j) => (flat[j] ? w : Math.max(w, Math.abs((ours[offset + j] as number) - x))),
        0,
      );
      expect(worst).toBeLessThanOrEqual(0.005 + 1e-9);
    },
  );

  it.skipIf(skip).each([
    [12, 26, 9],
    [5, 35, 5],
    [3, 10, 2],
  ])('MACD(%i, %i, %i) with EMA oscillator and signal', (fast, slow, signalPeriod) => {
    const { close } = load();
    const ours = macd(close, fast, slow, signalPeriod);
    const theirs = MACD.calculate({
      values: list(close),
      fastPeriod: fast,
      slowPeriod: slow,
      signalPeriod,
      SimpleMAOscillator: false,
      SimpleMASignal: false,
    });
    expectAligned(
      ours.macd,
      theirs.map((x) => x.MACD),
    );
    expectAligned(
      ours.signal,
      theirs.map((x) => x.signal),
    );
    expectAligned(
      ours.histogram,
      theirs.map((x) => x.histogram),
    );
  });
}

describe('against technicalindicators on a seeded synthetic series (600 bars)', () => {
  oracleSuite(() => syntheticBars(600, 20261101), false);
});

describe('against technicalindicators on a seeded synthetic series around a low price (600 bars)', () => {
  oracleSuite(() => syntheticBars(600, 7, 3), false);
});

const symbols = realSymbols();
if (symbols.length === 0) {
  describe('against technicalindicators on real daily prices', () => {
    it.skipIf(!hasData)(`skipped: no price files in ${dataDir}`, () => {});
  });
}
for (const symbol of symbols) {
  describe(`against technicalindicators on real daily prices: ${symbol}`, () => {
    let bars: TestBars | undefined;
    oracleSuite(() => (bars ??= loadCsv(join(dataDir, symbol))), !hasData);
  });
}

describe('where we differ from technicalindicators', () => {
  it('RSI of a series that did not move: 50 here, 100 in technicalindicators', () => {
    const flat = [5, 5, 5, 5, 5];
    expect(RSI.calculate({ values: flat, period: 3 })).toEqual([100, 100]);
    expect(list(rsi(Float64Array.from(flat), 3).subarray(3))).toEqual([50, 50]);
  });
});
