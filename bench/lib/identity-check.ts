/**
 * The identity check: the kernel's trades against the independent reference implementation
 * (lib/reference.ts), on 2 GBM + 2 real symbols × 8 trading parameter sets, under seven settings.
 * On the first mismatch it prints both trades and the bars and indicators around it.
 */
import type { BacktestConfig, SimResult, SimWindow, StockParams } from '@tradebot/strategy';
import { gbmBars, loadRealSymbols, type Bars } from './data.js';
import {
  close as closeTo,
  firstMismatch,
  REL_TOL,
  showTrade,
  type Mismatch,
} from '@tradebot/strategy/testing';
import { BENCH_CONFIG, prepareSymbol } from './kernel.js';
import { paramSets } from './params.js';
import { referenceRun } from './reference.js';
import { fmt, target } from './report.js';
import { tiIndicators } from './ti-indicators.js';

interface IdentityCase {
  name: string;
  config: BacktestConfig;
  window?: (n: number) => SimWindow;
  /** Changes every parameter set of the case. */
  tweak?: (p: StockParams) => StockParams;
}

/** Costs on (the default settings) as the target; more variants widen what the check exercises. */
const IDENTITY_CASES: IdentityCase[] = [
  { name: 'default settings (costs on)', config: BENCH_CONFIG },
  {
    name: 'no trailing stop, heavy costs, partial fills 50%',
    config: {
      ...BENCH_CONFIG,
      trailing_stop_pct: 0,
      slippage_percent: 0.5,
      commission_per_share: 0.02,
      partial_fill_probability: 0.5,
      seed: 99,
    },
  },
  {
    name: 'default settings, window [300, n − 200)',
    config: BENCH_CONFIG,
    window: (n) => ({ start: 300, end: n - 200 }),
  },
  {
    name: 'default settings, max_drawdown 0.03 (halts)',
    config: BENCH_CONFIG,
    tweak: (p) => ({ ...p, max_drawdown: 0.03 }),
  },
  {
    // Slippage beyond the stop distance: stops crossed at entry leave at the entry bar's open.
    name: 'slippage 3 % above a 2 % stop',
    config: { ...BENCH_CONFIG, slippage_percent: 3, seed: 7 },
    tweak: (p) => ({ ...p, stop_loss_percentage: 2, short_stop_loss_percentage: 2 }),
  },
  {
    // RSI zones that overlap: a close may be a dip and a spike at once, and with one MACD gate off
    // (the sets draw the gates at random) a long and a short can turn together (no entry).
    name: 'rsi_sell_threshold 45 < rsi_buy_threshold 55',
    config: BENCH_CONFIG,
    tweak: (p) => ({ ...p, rsi_buy_threshold: 55, rsi_sell_threshold: 45 }),
  },
  {
    // The turns are RSI crossing back over its thresholds; exits only on RSI, the SMA and protection.
    name: 'both MACD gates off',
    config: BENCH_CONFIG,
    tweak: (p) => ({ ...p, macd_crossover: false, macd_crossunder: false }),
  },
];

/**
 * Eight parameter sets that trade much: from 48 seeded draws, the 4 with the most long trades and
 * the 4 with the most short trades over the identity symbols (by the reference), so every case
 * compares long trade lists on both sides.
 */
function identityParams(symbols: readonly Bars[]): StockParams[] {
  const pool = paramSets(48, 77);
  const counts = pool.map((p) => {
    let long = 0;
    let short = 0;
    for (const bars of symbols) {
      for (const t of referenceRun(bars, p, BENCH_CONFIG).tradeList) {
        if (t.side === 'long') long++;
        else short++;
      }
    }
    return { p, long, short };
  });
  const byLong = [...counts].sort((x, y) => y.long - x.long).slice(0, 4);
  const byShort = counts
    .filter((c) => !byLong.includes(c))
    .sort((x, y) => y.short - x.short)
    .slice(0, 4);
  return [...byLong, ...byShort].map((c) => c.p);
}

function describeMismatch(
  bars: Bars,
  p: StockParams,
  c: IdentityCase,
  kernel: SimResult,
  ref: ReturnType<typeof referenceRun>,
  m: Mismatch,
): void {
  const kl = kernel.tradeList ?? [];
  console.log(
    `  FIRST MISMATCH: symbol ${bars.symbol} (${bars.close.length} bars), ${c.name}, trade #${m.trade}, field ${m.field}: kernel ${String(m.kernel)} vs reference ${String(m.reference)}`,
  );
  console.log(`    kernel    trade: ${showTrade(kl[m.trade])}`);
  console.log(`    reference trade: ${showTrade(ref.tradeList[m.trade])}`);
  if (m.trade > 0) console.log(`    previous (agreed): ${showTrade(ref.tradeList[m.trade - 1])}`);
  console.log(`    params ${JSON.stringify(p)}`);
  console.log(`    config ${JSON.stringify(c.config)}`);
  // The bars around the first differing bar, with both sides' indicators.
  const k = kl[m.trade];
  const r = ref.tradeList[m.trade];
  const at = Math.min(
    k?.entryIndex ?? Infinity,
    r?.entryIndex ?? Infinity,
    k?.exitIndex ?? Infinity,
    r?.exitIndex ?? Infinity,
  );
  const from = Number.isFinite(at) ? Math.max(0, at - 3) : bars.close.length - 5;
  const ti = tiIndicators(Array.from(bars.close), Array.from(bars.high), Array.from(bars.low), p);
  const ki = prepareSymbol(bars, c.config).cache.inputs(p);
  console.log(
    '    bar   open        high        low         close       | rsi (ref / kernel)      sma          atr          macd−signal',
  );
  for (let i = from; i < Math.min(bars.close.length, from + 10); i++) {
    const n = (x: number | undefined, d = 4): string =>
      (x === undefined ? '-' : x.toFixed(d)).padEnd(11);
    console.log(
      `    ${String(i).padEnd(5)} ${n(bars.open[i])} ${n(bars.high[i])} ${n(bars.low[i])} ${n(bars.close[i])} | ${n(ti.rsi[i], 6)}/ ${n(ki.rsi[i], 6)} ${n(ti.sma[i])} ${n(ti.atr[i])} ${n((ti.macd[i] as number) - (ti.signal[i] as number), 6)}`,
    );
  }
}

/** Prints, per case, the reference's trade mix and a PASS/FAIL target for kernel = reference. */
export function identityCheck(): void {
  const symbols = [gbmBars('C0', 2520, 901), gbmBars('C1', 2520, 902), ...loadRealSymbols(2)];
  const ps = identityParams(symbols);
  let shown = false;
  for (const c of IDENTITY_CASES) {
    const s = c.config.slippage_percent / 100;
    let gaps = 0;
    let same = 0;
    let total = 0;
    let trades = 0;
    let maxEquityDiff = 0;
    const reasons = new Map<string, number>();
    for (const bars of symbols) {
      const k = prepareSymbol(bars, c.config);
      for (const p0 of ps) {
        const p = c.tweak ? c.tweak(p0) : p0;
        const w = c.window?.(bars.close.length) ?? { start: 0, end: bars.close.length };
        const kr = k.run(p, w.start, w.end, true);
        const rr = referenceRun(bars, p, c.config, w);
        total++;
        trades += rr.trades;
        for (const t of rr.tradeList) {
          reasons.set(`${t.side} ${t.reason}`, (reasons.get(`${t.side} ${t.reason}`) ?? 0) + 1);
          const atOpen = (bars.open[t.exitIndex] as number) * (t.side === 'long' ? 1 - s : 1 + s);
          if (
            t.reason !== 'signal' &&
            t.reason !== 'max_drawdown' &&
            t.exitIndex > t.entryIndex &&
            closeTo(t.exitPrice, atOpen)
          )
            gaps++;
        }
        maxEquityDiff = Math.max(maxEquityDiff, Math.abs(kr.finalEquity - rr.finalEquity));
        const m = firstMismatch(kr.tradeList ?? [], rr.tradeList);
        if (!m && closeTo(kr.finalEquity, rr.finalEquity)) same++;
        else if (!shown) {
          describeMismatch(
            bars,
            p,
            c,
            kr,
            rr,
            m ?? {
              trade: -1,
              field: 'finalEquity',
              kernel: kr.finalEquity,
              reference: rr.finalEquity,
            },
          );
          shown = true;
        }
      }
    }
    const mix = [...reasons]
      .sort()
      .map(([r, n]) => `${r} ${n}`)
      .join(', ');
    console.log(
      `  ${c.name}: ${trades} reference trades (${mix}; ${gaps} protective exits filled at a gapped open); max |Δ final equity| ${fmt(maxEquityDiff)}`,
    );
    target(
      `kernel trades identical to the reference, ${c.name}`,
      same === total,
      `${same}/${total} (symbol, parameter set) cases, every field, prices to ${REL_TOL} relative`,
    );
  }
}
