/**
 * Backtest throughput benchmark (not a test). Run: npx tsx bench/backtest.ts [--quick]
 * Workload A: 500 synthetic symbols × 2,520 daily bars × 1,000 parameter sets, plus one pass over the
 * real daily symbols; Workload B: 20 symbols × 98,280 one-minute bars × 200 parameter sets.
 * References (straightforward technicalindicators implementation, grademark) run on a sample in the
 * same process and are extrapolated by their measured per-bar rate.
 */
import { existsSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sliceBars, type BacktestConfig, type SimResult, type SimWindow, type StockParams } from '@tradebot/strategy';
import { gbmBars, loadRealSymbols, PRICES_DAILY, type Bars } from './lib/data.js';
import { grademarkFrame, grademarkRun } from './lib/grademark-run.js';
import { close as closeTo, firstMismatch, REL_TOL, showTrade, type Mismatch } from './lib/identity.js';
import { BENCH_CONFIG, KERNEL_NAME, prepareSymbol } from './lib/kernel.js';
import { paramSets } from './lib/params.js';
import { shares, WorkerPool } from './lib/pool.js';
import { referenceRun } from './lib/reference.js';
import { fmt, summary, target } from './lib/report.js';
import { tiIndicators } from './lib/ti-indicators.js';
import type { KernelReport, KernelTask } from './lib/worker.js';
import { optimizerBench } from './lib/optimizer-bench.js';

const quick = process.argv.includes('--quick');
const WORKERS = 2;
const A = quick ? { symbols: 50, bars: 2520, params: 100 } : { symbols: 500, bars: 2520, params: 1000 };
const B = quick ? { symbols: 4, bars: 98_280, params: 20 } : { symbols: 20, bars: 98_280, params: 200 };

interface Pass { wall: number; rep: KernelReport }

/** The bench's worker threads, started by the first pass (whose wall time includes their start). */
const POOL = new WorkerPool(WORKERS);

async function pass(source: (from: number, to: number) => KernelTask['source'], n: number, params: KernelTask['params'], workers: number): Promise<Pass> {
  const t0 = performance.now();
  const reps = await Promise.all(shares(n, workers).map(([from, to], k) => POOL.run<KernelReport>(k, { source: source(from, to), params })));
  const wall = performance.now() - t0;
  const rep = reps.reduce((a, r) => ({
    symbols: a.symbols + r.symbols, barEvals: a.barEvals + r.barEvals, genMs: a.genMs + r.genMs, prepMs: a.prepMs + r.prepMs,
    simMs: a.simMs + r.simMs, checksum: a.checksum + r.checksum, trades: a.trades + r.trades,
  }));
  return { wall, rep };
}

function describe(label: string, p: Pass, workers: number): { simRate: number; cpuRate: number } {
  const { rep } = p;
  const simRate = rep.barEvals / (rep.simMs / 1000);
  const cpuRate = rep.barEvals / ((rep.prepMs + rep.simMs) / 1000);
  console.log(`${label}: ${rep.symbols} symbols, ${fmt(rep.barEvals)} bar-evaluations, ${rep.trades} trades, ${workers} worker(s)`);
  console.log(`  wall ${fmt(p.wall / 1000)} s (data generation/loading ${fmt(rep.genMs / 1000 / workers)} s, indicators ${fmt(rep.prepMs / 1000 / workers)} s, simulate ${fmt(rep.simMs / 1000 / workers)} s per worker)`);
  console.log(`  kernel ${fmt(simRate)} bar-evals/s/core (simulate only), ${fmt(cpuRate)} incl. indicators, ${fmt(rep.barEvals / (p.wall / 1000) / workers)} end to end`);
  return { simRate, cpuRate };
}

/**
 * Per-bar rate of `run`, single thread: one untimed warm-up run, then runs k = 0, 1, … until at least
 * `minMs` have passed (and at least 2 runs), so a short sample on this shared machine is not one
 * scheduler hiccup.
 */
function sampleRate(minMs: number, bars: number, run: (k: number) => void): { rate: number; runs: number } {
  run(0);
  const t0 = performance.now();
  let runs = 0;
  while (runs < 2 || performance.now() - t0 < minMs) run(runs++);
  return { rate: (runs * bars) / ((performance.now() - t0) / 1000), runs };
}

interface IdentityCase {
  name: string;
  config: BacktestConfig;
  window?: (n: number) => SimWindow;
  /** Changes every parameter set of the case. */
  tweak?: (p: StockParams) => StockParams;
}

/** Costs on (the default settings) as the target; three more variants widen what the check exercises. */
const IDENTITY_CASES: IdentityCase[] = [
  { name: 'default settings (costs on)', config: BENCH_CONFIG },
  {
    name: 'no trailing stop, heavy costs, partial fills 50%',
    config: { ...BENCH_CONFIG, trailing_stop_pct: 0, slippage_percent: 0.5, commission_per_share: 0.02, partial_fill_probability: 0.5, seed: 99 },
  },
  { name: 'default settings, window [300, n − 200)', config: BENCH_CONFIG, window: (n) => ({ start: 300, end: n - 200 }) },
  { name: 'default settings, max_drawdown 0.03 (halts)', config: BENCH_CONFIG, tweak: (p) => ({ ...p, max_drawdown: 0.03 }) },
];

/**
 * Eight parameter sets that trade: the rules rarely fire on most of the search space (a long needs
 * RSI below its threshold while the close is above the SMA), so a plain Latin-hypercube draw of 8
 * would mostly compare empty lists. From 48 seeded draws, the 4 with the most long trades and the
 * 4 with the most short trades over the identity symbols (by the reference).
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
  const byShort = counts.filter((c) => !byLong.includes(c)).sort((x, y) => y.short - x.short).slice(0, 4);
  return [...byLong, ...byShort].map((c) => c.p);
}

function describeMismatch(bars: Bars, p: StockParams, c: IdentityCase, kernel: SimResult, ref: ReturnType<typeof referenceRun>, m: Mismatch): void {
  const kl = kernel.tradeList ?? [];
  console.log(`  FIRST MISMATCH: symbol ${bars.symbol} (${bars.close.length} bars), ${c.name}, trade #${m.trade}, field ${m.field}: kernel ${String(m.kernel)} vs reference ${String(m.reference)}`);
  console.log(`    kernel    trade: ${showTrade(kl[m.trade])}`);
  console.log(`    reference trade: ${showTrade(ref.tradeList[m.trade])}`);
  if (m.trade > 0) console.log(`    previous (agreed): ${showTrade(ref.tradeList[m.trade - 1])}`);
  console.log(`    params ${JSON.stringify(p)}`);
  console.log(`    config ${JSON.stringify(c.config)}`);
  // The bars around the first differing bar, with both sides' indicators.
  const k = kl[m.trade];
  const r = ref.tradeList[m.trade];
  const at = Math.min(k?.entryIndex ?? Infinity, r?.entryIndex ?? Infinity, k?.exitIndex ?? Infinity, r?.exitIndex ?? Infinity);
  const from = Number.isFinite(at) ? Math.max(0, at - 3) : bars.close.length - 5;
  const ti = tiIndicators(Array.from(bars.close), Array.from(bars.high), Array.from(bars.low), p);
  const ki = prepareSymbol(bars, c.config).cache.inputs(p);
  console.log('    bar   open        high        low         close       | rsi (ref / kernel)      sma          atr          macd−signal');
  for (let i = from; i < Math.min(bars.close.length, from + 10); i++) {
    const n = (x: number | undefined, d = 4): string => (x === undefined ? '-' : x.toFixed(d)).padEnd(11);
    console.log(`    ${String(i).padEnd(5)} ${n(bars.open[i])} ${n(bars.high[i])} ${n(bars.low[i])} ${n(bars.close[i])} | ${n(ti.rsi[i], 6)}/ ${n(ki.rsi[i], 6)} ${n(ti.sma[i])} ${n(ti.atr[i])} ${n((ti.macd[i] as number) - (ti.signal[i] as number), 6)}`);
  }
}

function identityCheck(): void {
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
          if (t.reason !== 'signal' && t.reason !== 'max_drawdown' && t.exitIndex > t.entryIndex && closeTo(t.exitPrice, atOpen)) gaps++;
        }
        maxEquityDiff = Math.max(maxEquityDiff, Math.abs(kr.finalEquity - rr.finalEquity));
        const m = firstMismatch(kr.tradeList ?? [], rr.tradeList);
        if (!m && closeTo(kr.finalEquity, rr.finalEquity)) same++;
        else if (!shown) {
          describeMismatch(bars, p, c, kr, rr, m ?? { trade: -1, field: 'finalEquity', kernel: kr.finalEquity, reference: rr.finalEquity });
          shown = true;
        }
      }
    }
    const mix = [...reasons].sort().map(([r, n]) => `${r} ${n}`).join(', ');
    console.log(`  ${c.name}: ${trades} reference trades (${mix}; ${gaps} protective exits filled at a gapped open); max |Δ final equity| ${fmt(maxEquityDiff)}`);
    target(`kernel trades identical to the reference, ${c.name}`, same === total, `${same}/${total} (symbol, parameter set) cases, every field, prices to ${REL_TOL} relative`);
  }
}

function references(label: string, bars: number, barsPerYear: number, kernelRate: number, wantRef: number, wantGm: number, full: { symbols: number; params: number }): void {
  const sym = gbmBars('R', bars, 4242, barsPerYear);
  const ps = paramSets(8, 99);
  const pick = (k: number): StockParams => ps[k % ps.length] as StockParams;
  const { rate: ref, runs: refRuns } = sampleRate(2000, bars, (k) => referenceRun(sym, pick(k), { ...BENCH_CONFIG, barsPerYear }));
  const gmBars = Math.min(bars, 10_000);
  const gmSym = sliceBars(sym, 0, gmBars);
  const df = grademarkFrame(gmSym);
  const { rate: gm, runs: gmRuns } = sampleRate(2000, gmBars, (k) => grademarkRun(gmSym, pick(k), df));
  const total = full.symbols * bars * full.params;
  console.log(`  reference (technicalindicators per parameter set, costs on), sampled ${refRuns} runs × ${bars} bars: ${fmt(ref)} bar-evals/s → full ${label} ≈ ${fmt(total / ref / 3600)} core-hours (extrapolated)`);
  console.log(`  grademark (costs off), sampled ${gmRuns} runs × ${gmBars} bars: ${fmt(gm)} bar-evals/s → full ${label} ≈ ${fmt(total / gm / 3600)} core-hours (extrapolated)`);
  target(`${label}: ≥ ${wantRef}× the reference per core`, kernelRate / ref >= wantRef, `${fmt(kernelRate / ref)}×`);
  target(`${label}: ≥ ${wantGm}× grademark per core`, kernelRate / gm >= wantGm, `${fmt(kernelRate / gm)}×`);
}

async function main(): Promise<void> {
  console.log(`kernel: ${KERNEL_NAME}; ${quick ? 'QUICK (scaled-down) run' : 'full run'}; ${WORKERS} worker threads`);
  console.log(`config: ${JSON.stringify(BENCH_CONFIG)}\n`);
  console.log('Identity: kernel vs reference (2 GBM + 2 real symbols × 8 parameter sets)');
  identityCheck();
  if (process.argv.includes('--identity')) return summary();
  const gbm = (bars: number, barsPerYear: number, seed: number) => (from: number, to: number): KernelTask['source'] => ({ kind: 'gbm', from, to, bars, barsPerYear, seed });

  console.log('\nWorkload A (daily)');
  const a2 = await pass(gbm(A.bars, 252, 1000), A.symbols, { count: A.params, seed: 1 }, WORKERS);
  const rateA = describe(`A synthetic ${A.symbols}×${A.bars}×${A.params}`, a2, WORKERS);
  console.log(`  (the wall time includes starting the ${WORKERS} worker threads: ${fmt(POOL.startMs)} ms, and their JIT warm-up)`);
  target('kernel ≥ 1.5e8 bar-evals/s/core on daily bars', rateA.simRate >= 1.5e8, fmt(rateA.simRate));
  target(`Workload A ≤ 10 s end to end${quick ? ' (quick: scaled)' : ''}`, a2.wall <= 10_000, `${fmt(a2.wall / 1000)} s`);
  const files = existsSync(PRICES_DAILY) ? readdirSync(PRICES_DAILY).filter((f) => f.endsWith('.csv')).sort().map((f) => `${PRICES_DAILY}/${f}`) : [];
  if (files.length > 0) {
    const real = await pass((from, to) => ({ kind: 'csv', files: files.slice(from, to) }), files.length, { count: A.params, seed: 1 }, WORKERS);
    describe(`A real ${files.length} symbols × ${A.params}`, real, WORKERS);
  } else console.log(`  real data not found at ${PRICES_DAILY}: real-symbol pass skipped`);
  references('Workload A', A.bars, 252, rateA.cpuRate, 100, 300, A);

  console.log('\nScaling: one vs two worker threads (first 20% of Workload A symbols, threads already started and warm)');
  const sub = Math.max(2, Math.round(A.symbols / 5));
  const one = await pass(gbm(A.bars, 252, 1000), sub, { count: A.params, seed: 1 }, 1);
  const two = await pass(gbm(A.bars, 252, 1000), sub, { count: A.params, seed: 1 }, 2);
  console.log(`  ${sub} symbols: 1 worker ${fmt(one.wall / 1000)} s, 2 workers ${fmt(two.wall / 1000)} s`);
  target('≥ 1.8× speedup from one to two workers', one.wall / two.wall >= 1.8, `${fmt(one.wall / two.wall)}×`);

  console.log('\nWorkload B (one-minute)');
  const b2 = await pass(gbm(B.bars, 98_280, 5000), B.symbols, { count: B.params, seed: 2 }, WORKERS);
  const rateB = describe(`B synthetic ${B.symbols}×${B.bars}×${B.params}`, b2, WORKERS);
  target('kernel ≥ 7e7 bar-evals/s/core on minute bars', rateB.simRate >= 7e7, fmt(rateB.simRate));
  references('Workload B', B.bars, 98_280, rateB.cpuRate, 100, 300, B);

  console.log('\nOptimizer');
  await POOL.close();
  await optimizerBench(quick, target);
  summary();
}

void main();
