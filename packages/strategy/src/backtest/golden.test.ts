import { describe, expect, it } from 'vitest';
import { allocBars } from '../bars.js';
import { STOCK_PARAM_DEFAULTS, type StockParams } from '../params.js';
import { strategyInputs, type StrategyInputs } from '../signals/types.js';
import { simulate } from './kernel.js';
import type { BacktestConfig, Trade } from './types.js';

/**
 * Golden backtests on hand-made bars and indicator series (passed straight to `simulate`), every
 * expected number derived by hand below. Costs: slippage 1 % (s = 0.01), commission 0.01/share.
 * Each fixture starts the same way:
 *   bar 0: flat at 100, RSI 25 < 30 (the dip);
 *   bar 1: close 100, RSI 35 crosses back above 30 (the MACD gates are off), ATR 2 → long decided
 *          at the close (SMA 90 stays below every close: no SMA cross exits);
 *          qty = min(floor(10000·0.02/(2·2)) = 50, floor(10000/(100·1.01)) = 99) = 50;
 *   bar 2: open 100 → bought at P = 100·1.01 = 101 (cash pays floor(10000/101.01) = 98 ≥ 50),
 *          SL = 101·0.98 = 98.98, TP = 101·1.05 = 106.05; fees 0.5 per side.
 */
type Row = [
  open: number,
  high: number,
  low: number,
  close: number,
  rsi?: number,
  sma?: number,
  atr?: number,
];

const NEUTRAL = { rsi: 50, sma: 90, atr: 2 };

function fixture(rows: Row[]): StrategyInputs {
  const n = rows.length;
  const bars = allocBars('FIX', n);
  const series = {
    rsi: new Float64Array(n),
    sma: new Float64Array(n),
    atr: new Float64Array(n),
    macd: new Float64Array(n),
    signal: new Float64Array(n),
  };
  rows.forEach(([o, h, l, c, rsi = NEUTRAL.rsi, sma = NEUTRAL.sma, atr = NEUTRAL.atr], i) => {
    bars.time[i] = Date.UTC(2024, 0, 1 + i);
    bars.open[i] = o;
    bars.high[i] = h;
    bars.low[i] = l;
    bars.close[i] = c;
    series.rsi[i] = rsi;
    series.sma[i] = sma;
    series.atr[i] = atr;
  });
  return strategyInputs(bars, series);
}

const ENTRY: Row[] = [
  [100, 100, 100, 100, 25],
  [100, 100, 100, 100, 35],
];

const params: StockParams = {
  ...STOCK_PARAM_DEFAULTS,
  macd_crossover: false,
  macd_crossunder: false,
  max_drawdown: 0.5,
};
const config: BacktestConfig = {
  commission_per_share: 0.01,
  initial_balance: 10_000,
  partial_fill_probability: 0,
  period: 12,
  risk_per_trade: 0.02,
  slippage_percent: 1,
  trailing_stop_pct: 0,
  seed: 1,
};

function run(rows: Row[], over: Partial<BacktestConfig> = {}, p: Partial<StockParams> = {}) {
  const x = fixture(rows);
  return simulate(x, { ...params, ...p }, { ...config, ...over }, undefined, true);
}

/** The one trade of a run, with the money checked against the final equity. */
function onlyTrade(r: ReturnType<typeof run>): Trade {
  expect(r.tradeList).toHaveLength(1);
  const t = r.tradeList?.[0] as Trade;
  expect(r.finalEquity).toBeCloseTo(10_000 + t.netPnl, 9);
  expect(t.netPnl).toBeCloseTo(t.pnl - t.fees, 12);
  return t;
}

function expectTrade(t: Trade, e: Partial<Trade>): void {
  for (const [k, v] of Object.entries(e)) {
    if (typeof v === 'number') expect(t[k as keyof Trade], k).toBeCloseTo(v, 9);
    else expect(t[k as keyof Trade], k).toBe(v);
  }
}

describe('simulate: golden trades', () => {
  it('exits on the signal at the next open', () => {
    // bar 3 closes with RSI 75, crossing above 70 → exit decided; bar 4 opens 105 → sold at
    // 105·0.99 = 103.95. pnl = 50·(103.95 − 101) = 147.5; fees 1; net 146.5. (RSI stays above 70 on
    // bar 4: falling back below it there would decide a short.)
    const r = run([
      ...ENTRY,
      [100, 101.5, 100.5, 101],
      [101, 104, 100.5, 104, 75],
      [105, 105.5, 104.5, 105, 72],
      [105, 105, 105, 105],
    ]);
    expectTrade(onlyTrade(r), {
      side: 'long',
      entryIndex: 2,
      exitIndex: 4,
      entryPrice: 101,
      exitPrice: 103.95,
      quantity: 50,
      fees: 1,
      pnl: 147.5,
      netPnl: 146.5,
      reason: 'signal',
      entryTime: Date.UTC(2024, 0, 3),
      exitTime: Date.UTC(2024, 0, 5),
    });
    // Held after the open on bars 2 and 3 (bar 4's open sells): exposure 2/6.
    expect(r.exposure).toBeCloseTo(2 / 6, 12);
  });

  it('stops out inside the bar at the stop level', () => {
    // bar 3 low 98 ≤ 98.98 → sold at 98.98·0.99 = 97.9902; pnl = 50·(97.9902 − 101) = −150.49.
    const r = run([...ENTRY, [100, 101.5, 99.5, 100], [100, 100.5, 98, 99], [99, 99, 99, 99]]);
    expectTrade(onlyTrade(r), {
      exitIndex: 3,
      exitPrice: 97.9902,
      pnl: -150.49,
      netPnl: -151.49,
      reason: 'stop_loss',
    });
  });

  it('takes the stop when a bar touches both the stop and the target (worst case)', () => {
    // bar 3 range 98…107 contains both 98.98 and 106.05 → stop, as above.
    const r = run([...ENTRY, [100, 101.5, 99.5, 100], [100, 107, 98, 103], [103, 103, 103, 103]]);
    expectTrade(onlyTrade(r), {
      exitIndex: 3,
      exitPrice: 97.9902,
      pnl: -150.49,
      reason: 'stop_loss',
    });
  });

  it('takes profit at the target', () => {
    // bar 3 high 107 ≥ 106.05, low 101.5 > 98.98 → sold at 106.05·0.99 = 104.9895; pnl = 50·3.9895 = 199.475.
    const r = run([
      ...ENTRY,
      [100, 101.5, 99.5, 100],
      [102, 107, 101.5, 106],
      [106, 106, 106, 106],
    ]);
    expectTrade(onlyTrade(r), {
      exitIndex: 3,
      exitPrice: 104.9895,
      pnl: 199.475,
      netPnl: 198.475,
      reason: 'take_profit',
    });
  });

  it('fills a gap through the stop at the open, not at the stop', () => {
    // bar 3 opens 97 ≤ 98.98 → sold at 97·0.99 = 96.03; pnl = 50·(96.03 − 101) = −248.5.
    const r = run([...ENTRY, [100, 101.5, 99.5, 100], [97, 97.5, 96, 97], [97, 97, 97, 97]]);
    expectTrade(onlyTrade(r), { exitIndex: 3, exitPrice: 96.03, pnl: -248.5, reason: 'stop_loss' });
  });

  it('fills a gap through the target at the open, even if the bar then falls through the stop', () => {
    // bar 3 opens 110 ≥ 106.05 → sold at 110·0.99 = 108.9 (the open comes first); pnl = 50·7.9 = 395.
    const r = run([...ENTRY, [100, 101.5, 99.5, 100], [110, 111, 95, 96], [96, 96, 96, 96]]);
    expectTrade(onlyTrade(r), { exitIndex: 3, exitPrice: 108.9, pnl: 395, reason: 'take_profit' });
  });

  it('trails the stop under the highest high since entry', () => {
    // trailing 1 %: on bar 2, H = P = 101 → TS = 99.99 > SL 98.98 (bar 2 low 100 is above it).
    // After bar 2, H = 103 → bar 3's stop = 103·0.99 = 101.97; its low 101.5 reaches it →
    // sold at 101.97·0.99 = 100.9503; pnl = 50·(100.9503 − 101) = −2.485, reason trailing_stop.
    const r = run(
      [...ENTRY, [100, 103, 100, 102.5], [102.5, 104, 101.5, 102], [102, 102, 102, 102]],
      { trailing_stop_pct: 0.01 },
    );
    expectTrade(onlyTrade(r), {
      exitIndex: 3,
      exitPrice: 100.9503,
      pnl: -2.485,
      reason: 'trailing_stop',
    });
  });

  it('halts the symbol on the drawdown limit: exit at the next open, no new entry', () => {
    // max_drawdown 1 %: after buying, cash = 10000 − 50·101 − 0.5 = 4949.5; bar 2 closes 99 →
    // equity 4949.5 + 4950 = 9899.5 < 10000·0.99 = 9900 → halted. Bar 3 opens 99.5 → sold at
    // 98.505; pnl = 50·(98.505 − 101) = −124.75. Bars 3 and 4 make a long entry: ignored.
    const r = run(
      [
        ...ENTRY,
        [100, 100.5, 98.99, 99],
        [99.5, 100, 99, 100, 25],
        [100, 100, 100, 100, 35],
        [100, 100, 100, 100],
      ],
      {},
      { max_drawdown: 0.01 },
    );
    expectTrade(onlyTrade(r), {
      exitIndex: 3,
      exitPrice: 98.505,
      pnl: -124.75,
      netPnl: -125.75,
      reason: 'max_drawdown',
    });
  });

  it('closes what is left at the last close (end_of_data) and drops an entry decided on the last bar', () => {
    // Held to bar 4 (last), sold at its close 103·0.99 = 101.97; pnl = 50·0.97 = 48.5.
    const r = run([
      ...ENTRY,
      [100, 101.5, 99.5, 100],
      [101, 102, 100.5, 102],
      [102, 103.5, 101.5, 103, 75],
    ]);
    const t = onlyTrade(r);
    expectTrade(t, { exitIndex: 4, exitPrice: 101.97, pnl: 48.5, reason: 'end_of_data' });
    expect(r.equity?.[4]).toBe(r.finalEquity);
    // The same bars with a fresh entry signal on the last bar only: no trade.
    expect(
      run([
        [100, 100, 100, 100],
        [100, 100, 100, 100, 25],
        [100, 100, 100, 100, 35],
      ]).trades,
    ).toBe(0);
  });

  it('fills part of an entry when the seeded draw says so', () => {
    // Probability 0.5. Seed 8: u = 0.1563 < 0.5 → v = 0.6252 → floor(50·0.6252) = 31 shares.
    // Seed 2: u = 0.7343 ≥ 0.5 → all 50. Then held to the end: sold at 100·0.99 = 99.
    const rows: Row[] = [...ENTRY, [100, 100, 100, 100], [100, 100, 100, 100]];
    expectTrade(onlyTrade(run(rows, { partial_fill_probability: 0.5, seed: 8 })), {
      quantity: 31,
      pnl: 31 * (99 - 101),
      fees: 0.62,
    });
    expectTrade(onlyTrade(run(rows, { partial_fill_probability: 0.5, seed: 2 })), { quantity: 50 });
  });

  it('cuts a long to what the cash pays for when the open gaps up', () => {
    // risk_per_trade 1 → qty = min(floor(10000/4) = 2500, floor(10000/101) = 99) = 99. Bar 2 opens
    // 102 → P = 103.02; cash pays floor(10000/(103.02 + 0.01)) = floor(97.06) = 97 shares.
    const rows: Row[] = [...ENTRY, [102, 102, 102, 102], [102, 102, 102, 102]];
    expectTrade(onlyTrade(run(rows, {}, { risk_per_trade: 1 })), {
      quantity: 97,
      entryPrice: 103.02,
    });
  });

  it('goes short and covers at the target', () => {
    // bar 0: RSI 75 > 70 (the spike); bar 1: RSI 65 crosses back below 70, 100·ATR/close = 2 ≥ 1.5
    // → short 50 (SMA 110 stays above every close: no SMA cross covers).
    // bar 2 opens 100 → sold at P = 99; SL = 100.98, TP = 94.05. bar 3 low 94 ≤ 94.05, high 98.5 <
    // 100.98 → bought back at 94.05·1.01 = 94.9905; pnl = −50·(94.9905 − 99) = 200.475.
    const rows: Row[] = [
      [100, 100, 100, 100, 75, 110],
      [100, 100, 100, 100, 65, 110],
      [100, 100.5, 98, 99, 50, 110],
      [98, 98.5, 94, 95, 50, 110],
      [95, 95, 95, 95, 50, 110],
    ];
    expectTrade(onlyTrade(run(rows)), {
      side: 'short',
      entryIndex: 2,
      exitIndex: 3,
      entryPrice: 99,
      exitPrice: 94.9905,
      quantity: 50,
      pnl: 200.475,
      netPnl: 199.475,
      reason: 'take_profit',
    });
    // Not enough range (ATR 1 → 1 % < 1.5 %), or shorts switched off: no trade.
    const narrow = rows.map((r, i): Row => (i === 1 ? [r[0], r[1], r[2], r[3], r[4], r[5], 1] : r));
    expect(run(narrow).trades).toBe(0);
    expect(run(rows, { allowShort: false }).trades).toBe(0);
  });
});
